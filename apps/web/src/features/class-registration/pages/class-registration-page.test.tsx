import {
  centsText,
  classRegistrationMessages,
  parentRegistrationCalls,
  type RegistrationBuilder,
  registrationKey,
  type WaitlistEntry,
  waitlistCalls,
  waitlistMessages,
} from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import {
  ANNEX,
  CONTEMPORARY,
  EMMA,
  FAMILY,
  JAZZ,
  LEO,
  LOC,
  LYRICAL,
  riveraBuilder,
  TAP,
  TERMS_DOC,
  twoLocationWeeks,
} from '../lib/builder.fixture';
import { liveQuote } from '../lib/quote';
import { ClassRegistrationPage } from './class-registration-page';

type Answer = [number, unknown];
const BUILDER = 'GET /api/parents/registration/';
const SUBMIT = 'POST /api/parents/registration/';
const WAITLIST = '/api/parents/registration/waitlist';

function api(builders: RegistrationBuilder[], submit: Answer, waitlist: WaitlistEntry[] = []) {
  let reads = 0;
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key === BUILDER) {
      const b = builders[Math.min(reads, builders.length - 1)]!;
      reads += 1;
      return answer(parentRegistrationCalls.builder, b);
    }
    if (key === SUBMIT) return submit;
    if (key === `GET ${WAITLIST}`) return answer(waitlistCalls.parentList, waitlist);
    if (key === `POST ${WAITLIST}`) {
      return answer(waitlistCalls.join, {
        ...waiting(EMMA, 4),
        msg: waitlistMessages.joined('Emma', 'Lyrical 2'),
      });
    }
    return undefined;
  });
}

const waiting = (stdID: string, position: number): WaitlistEntry => ({
  id: `w0000000-0000-4000-8000-00000000000${position}`,
  clSchID: LYRICAL,
  className: 'Lyrical 2',
  stdID,
  student: stdID === EMMA ? 'Emma Rivera' : 'Leo Rivera',
  coAcctMemID: FAMILY,
  family: 'Rivera',
  status: 'waiting',
  position,
  offeredAt: null,
  expiresAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

const registered = answer(parentRegistrationCalls.submit, {
  msg: classRegistrationMessages.registered,
  regList: [
    { stdID: LEO, clSchID: JAZZ, isNew: true, clRegID: 'r1', price: 50, dateStart: '2026-11-21', status: 1 },
    {
      stdID: EMMA,
      clSchID: TAP,
      isNew: true,
      clRegID: 'r2',
      price: 40.5,
      dateStart: '2026-11-21',
      status: 1,
    },
  ],
  warnings: [],
});

const bodyOf = (calls: { url: string; init?: RequestInit }[]) =>
  JSON.parse(String(calls.find((c) => `${c.init?.method} ${c.url}` === SUBMIT)?.init?.body));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T15:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('ClassRegistrationPage', () => {
  it('two dancers pick classes, see the sibling discount, choose a plan, accept the terms and register', async () => {
    const user = userEvent.setup();
    const { calls } = api([riveraBuilder()], registered);
    renderWithProviders(<ClassRegistrationPage />);

    await user.click(await screen.findByRole('button', { name: 'Choose Leo' }));
    // Leo is 7: the teens' class says why it is closed to him; the full class is marked full.
    const teens = screen.getByRole('button', { name: /^Hip Hop Teens,/ });
    expect(teens.hasAttribute('disabled')).toBe(true);
    expect(
      within(teens).getByText('Leo is 7 on Nov 21, 2026; this class is for ages 13 to 18.'),
    ).toBeTruthy();
    // The full class cannot be picked: it offers its waitlist instead.
    const lyrical = screen.getByRole('group', { name: /^Lyrical 2,/ });
    expect(within(lyrical).getAllByText('Full').length).toBeGreaterThan(0);
    expect(
      within(lyrical).getByRole('button', { name: 'Join the waitlist for Lyrical 2 (Leo)' }),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^Jazz 1,/ }));
    expect(screen.getByRole('button', { name: /^Jazz 1,/ }).dataset.state).toBe('selected');
    await user.click(screen.getByRole('radio', { name: 'Emma' }));
    // Emma's Ballet 1 is in Studio B: the week shows every room of the location, each card its room.
    expect(within(screen.getByRole('button', { name: /^Ballet 1,/ })).getByText(/· Studio B$/)).toBeTruthy();
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Tap 1,/ }));

    const lines = screen.getAllByTestId('price-line').map((l) => l.textContent);
    expect(lines).toContain('Sibling discount (2nd child, $10.00)');
    expect(lines).toContain('Multi-class (2nd class, 10 % off)');
    expect(screen.getAllByTestId('price-student-total').map((t) => t.textContent)).toEqual([
      '$105.50',
      '$50.00',
    ]);
    expect(screen.getByTestId('price-family-total').textContent).toBe('$155.50');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByTestId('review-change').map((c) => c.dataset.kind)).toEqual(['new', 'new']);
    // The family's first classes of the season: the fee is said in the review and the plan.
    expect(screen.getByTestId('fee-line').textContent).toContain('$35.00');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('fee-line').textContent).toContain('Once a season · In-Studio');
    const plans = screen.getAllByTestId('plan-option');
    expect(plans.map((p) => within(p).getByTestId('plan-total').textContent)).toEqual([
      '$1,143.63',
      '$986.07',
      '$1,025.13',
    ]);
    await user.click(plans[1]!);
    expect(
      within(plans[1]!).getByText(
        /Ballet 1 \(Emma\): Prorated: 33\.5 % of the period left × 5 × \$65\.00, 5 % off/,
      ),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const register = screen.getByRole('button', { name: 'Register' });
    expect(register.hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept the studio rules/ }));
    await user.click(register);

    expect(await screen.findByText(classRegistrationMessages.registered)).toBeTruthy();
    expect(screen.getByText('Your payment schedule: Half year')).toBeTruthy();
    const body = bodyOf(calls);
    expect(body.regList).toEqual([
      { idx: 0, stdID: LEO, clSchID: JAZZ, isNew: true, price: 50 },
      { idx: 1, stdID: EMMA, clSchID: TAP, isNew: true, price: 40.5 },
      expect.objectContaining({ stdID: EMMA, isNew: false, iStatus: 10, price: 65 }),
    ]);
    expect(body.tuitList).toEqual({ id: riveraBuilder().paySys[1]!.id, total: 986.07 });
    expect(body.regDate).toBe('2026-11-21');
    expect(body.registration).toBe(35);
    expect(body.terms).toEqual([{ coTermID: TERMS_DOC, accepted: true, version: 2 }]);
  });

  it('a family whose fee is paid sees no fee and sends none', async () => {
    const user = userEvent.setup();
    const { calls } = api([riveraBuilder({ feePaid: true, terms: [] })], registered);
    renderWithProviders(<ClassRegistrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Choose Leo' }));
    await user.click(screen.getByRole('button', { name: /^Jazz 1,/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.queryByTestId('fee-line')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText(classRegistrationMessages.registered);
    expect(bodyOf(calls).registration).toBe(0);
  });

  it('a full class: one dancer joins its waitlist, the other is shown her place on it', async () => {
    const user = userEvent.setup();
    const { calls } = api([riveraBuilder()], registered, [waiting(LEO, 2)]);
    renderWithProviders(<ClassRegistrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Choose Leo' }));
    const leos = screen.getByRole('group', { name: /^Lyrical 2,/ });
    expect((await within(leos).findByTestId('waitlist-position')).textContent).toBe('On the waitlist (#2)');
    expect(within(leos).queryByRole('button', { name: /Join the waitlist/ })).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Emma' }));
    await user.click(screen.getByRole('button', { name: 'Join the waitlist for Lyrical 2 (Emma)' }));
    expect(await screen.findByText(waitlistMessages.joined('Emma', 'Lyrical 2'))).toBeTruthy();
    const join = calls.find((c) => c.init?.method === 'POST' && c.url === WAITLIST);
    expect(JSON.parse(String(join?.init?.body))).toEqual({ stdID: EMMA, clSchID: LYRICAL });
  });

  it('a 422 keeps the parent on the step, the sentence beside its button', async () => {
    const user = userEvent.setup();
    const sentence = classRegistrationMessages.termsRequired('studio rules and policies');
    api([riveraBuilder({ terms: [] })], [422, [false, sentence]]);
    renderWithProviders(<ClassRegistrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Choose Leo' }));
    await user.click(screen.getByRole('button', { name: /^Jazz 1,/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('step-refusal')).textContent).toBe(sentence);
    // Still the plan step, nothing else said.
    expect(screen.getAllByTestId('plan-option')).toHaveLength(3);
    expect(screen.queryByTestId('wizard-alert')).toBeNull();
    // Choosing again clears the sentence.
    await user.click(screen.getAllByTestId('plan-option')[0]!);
    expect(screen.queryByTestId('step-refusal')).toBeNull();
  });

  it('a one-dancer family starts at the classes, and with no change the review says so', async () => {
    const user = userEvent.setup();
    const one = riveraBuilder();
    one.acctInfo.stds = one.acctInfo.stds.slice(0, 1);
    api([one], registered);
    renderWithProviders(<ClassRegistrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('no-changes').textContent).toContain(classRegistrationMessages.noChanges);
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
  });

  it('a 409 shows the server’s sentence and reads the builder again', async () => {
    const user = userEvent.setup();
    const sentence = classRegistrationMessages.pricesChanged('$155.50', '$160.50');
    const { calls } = api([riveraBuilder({ terms: [] })], [409, [false, sentence]]);
    renderWithProviders(<ClassRegistrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Choose Leo' }));
    await user.click(screen.getByRole('button', { name: /^Jazz 1,/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('wizard-alert')).textContent).toContain(sentence);
    await waitFor(() =>
      expect(calls.filter((c) => `${c.init?.method ?? 'GET'} ${c.url}` === BUILDER)).toHaveLength(2),
    );
    expect(screen.getAllByTestId('review-change')).toHaveLength(1);
  });
});

describe('the builder read a location’s week at a time (decision 082)', () => {
  it('asks for the location chosen, and keeps a class picked at another in the figures and the review', async () => {
    const user = userEvent.setup();
    const weeks = twoLocationWeeks();
    const { calls } = mockApi((url, init) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      if (key === BUILDER || key === `${BUILDER}?locID=${LOC}`) {
        return answer(parentRegistrationCalls.builder, weeks.main);
      }
      if (key === `${BUILDER}?locID=${ANNEX}`) return answer(parentRegistrationCalls.builder, weeks.annex);
      if (key === `GET ${WAITLIST}`) return answer(waitlistCalls.parentList, []);
      return undefined;
    });
    renderWithProviders(<ClassRegistrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Choose Leo' }));
    await user.click(screen.getByRole('button', { name: /^Jazz 1,/ }));
    expect(screen.queryByRole('button', { name: /^Contemporary,/ })).toBeNull();

    await user.click(screen.getByRole('textbox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Annex', hidden: true }));
    const contemporary = await screen.findByRole('button', { name: /^Contemporary,/ });
    expect(calls.some((c) => c.url === `/api/parents/registration/?locID=${ANNEX}`)).toBe(true);
    const week = screen.getByRole('region', { name: 'Week' });
    expect(within(week).queryByText('Jazz 1')).toBeNull();
    // Jazz, picked at Main Street, is still Leo's: said "elsewhere" and priced.
    expect(screen.getByTestId('elsewhere').textContent).toContain('Jazz 1 · Studio A, Main Street Studio');
    await user.click(contemporary);
    expect(screen.getByRole('button', { name: /^Contemporary,/ }).dataset.state).toBe('selected');
    // The figures are the rules' over both of Leo's classes, Jazz from the week seen before.
    const jazz = weeks.main.sched.cls.find((c) => c.id === JAZZ)!;
    const both = { ...weeks.annex, sched: { ...weeks.annex.sched, cls: [...weeks.annex.sched.cls, jazz] } };
    const picked = {
      added: new Set([registrationKey(LEO, JAZZ), registrationKey(LEO, CONTEMPORARY)]),
      dropped: new Set<string>(),
    };
    expect(screen.getByTestId('price-family-total').textContent).toBe(
      centsText(liveQuote(both, picked).total),
    );
    expect(screen.getAllByTestId('price-student-total')).toHaveLength(2);

    // Back at Main Street: its week again, Contemporary now the class elsewhere.
    await user.click(screen.getByRole('textbox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Main Street Studio', hidden: true }));
    expect(await screen.findByRole('button', { name: /^Jazz 1,/ })).toBeTruthy();
    expect(screen.getByTestId('elsewhere').textContent).toContain('Contemporary · Annex Hall, Annex');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByTestId('review-change').map((c) => c.dataset.kind)).toEqual(['new', 'new']);
  });
});
