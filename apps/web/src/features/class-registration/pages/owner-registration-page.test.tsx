import {
  type AccountListItem,
  accountCalls,
  classRegistrationMessages,
  ownerRegistrationCalls,
  type RegistrationBuilder,
} from '@pirouette/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { BALLET, BALLET_REG, EMMA, FAMILY, JAZZ, LEO, riveraBuilder, TEENS } from '../lib/builder.fixture';
import { liveQuote, planPreviews } from '../lib/quote';
import { emptySelection, toggleClass } from '../lib/selection';
import { OwnerRegistrationPage } from './owner-registration-page';

const BUILDER = `GET /api/myStudio/schedule/class/registration/activity/${FAMILY}`;
const SUBMIT = 'POST /api/mystudio/schedule/class/registration';

const registered = answer(ownerRegistrationCalls.submit, {
  msg: classRegistrationMessages.registered,
  regList: [
    { stdID: LEO, clSchID: JAZZ, isNew: true, clRegID: 'r1', price: 50, dateStart: '2026-11-02', status: 1 },
  ],
  warnings: [],
});

const rivera: AccountListItem = {
  id: FAMILY,
  coAcctMemID: FAMILY,
  lastName: 'Rivera',
  email: 'ana@rivera.example',
  phone: '5551234567',
  students: [
    { id: EMMA, firstName: 'Emma', lastName: 'Rivera' },
    { id: LEO, firstName: 'Leo', lastName: 'Rivera' },
  ],
  balance: null,
  status: 'active',
  createdAt: '2026-08-01T10:00:00.000Z',
};

function api(builder: RegistrationBuilder, submit: [number, unknown] = registered) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key === BUILDER || key.startsWith(`${BUILDER}?`))
      return answer(ownerRegistrationCalls.builder, builder);
    if (key === SUBMIT) return submit;
    const list = /^GET \/api\/mystudio\/account\/list\/(\w+)\?/.exec(key);
    if (list) {
      const items = list[1] === 'active' && url.includes('q=Riv') ? [rivera] : [];
      return answer(accountCalls.list, {
        items,
        total: items.length,
        page: 1,
        pageSize: 15,
        counts: { active: 1, inactive: 0, incomplete: 0 },
      });
    }
    return undefined;
  });
}

const bodyOf = (calls: { url: string; init?: RequestInit }[]) =>
  JSON.parse(String(calls.find((c) => `${c.init?.method} ${c.url}` === SUBMIT)?.init?.body));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-21T15:00:00.000Z'));
});
afterEach(() => vi.useRealTimers());

describe('OwnerRegistrationPage', () => {
  it('step 0 with nothing picked says the spec’s sentence and stays', async () => {
    const user = userEvent.setup();
    api(riveraBuilder());
    renderWithProviders(<OwnerRegistrationPage />, `/?family=${FAMILY}`);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('step-refusal').textContent).toBe(
      'To continue, please select at least one class.',
    );
    expect(screen.getByRole('region', { name: 'Week' })).toBeTruthy();
    // The owner's wizard only adds: Emma's Ballet 1 is shown, not pressed.
    await user.click(screen.getByRole('radio', { name: 'Emma' }));
    await user.click(screen.getByRole('radio', { name: 'Studio B' }));
    expect(screen.getByRole('button', { name: /^Ballet 1,/ }).hasAttribute('disabled')).toBe(true);
  });

  it('sends the family, the date chosen, the plan’s total from that date, and no override', async () => {
    const user = userEvent.setup();
    const { calls } = api(riveraBuilder());
    renderWithProviders(<OwnerRegistrationPage />, `/?family=${FAMILY}`);
    const date = await screen.findByLabelText('Starts on');
    expect((date as HTMLInputElement).value).toBe('2026-11-21');
    expect(date.getAttribute('min')).toBe('2026-11-01');
    expect(date.getAttribute('max')).toBe('2027-06-30');
    fireEvent.change(date, { target: { value: '2026-11-02' } });

    await user.click(screen.getByRole('radio', { name: 'Leo' }));
    await user.click(screen.getByRole('button', { name: /^Jazz 1,/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getAllByTestId('review-change')).toHaveLength(1);
    expect(screen.getByTestId('starts-on').textContent).toContain('Nov 2, 2026');
    expect(screen.getByTestId('fee-line').textContent).toContain('$35.00');
    const plans = screen.getAllByTestId('plan-option');
    await user.click(plans[0]!);
    const total = within(plans[0]!).getByTestId('plan-total').textContent;
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(classRegistrationMessages.registered)).toBeTruthy();
    const body = bodyOf(calls);
    expect(body).toEqual({
      regList: [
        { idx: 0, stdID: LEO, clSchID: JAZZ, isNew: true, price: 50 },
        { idx: 1, stdID: EMMA, clSchID: BALLET, clRegID: BALLET_REG, isNew: false, iStatus: 10, price: 65 },
      ],
      tuitList: { id: riveraBuilder().paySys[0]!.id, total: expect.any(Number) },
      aMemID: FAMILY,
      dateStart: '2026-11-02',
      override: false,
    });
    expect(`$${body.tuitList.total.toLocaleString('en-US', { minimumFractionDigits: 2 })}`).toBe(total);
    // The plan's payments from Nov 2, not from today: November's share is larger.
    const b = riveraBuilder();
    const s = toggleClass(b, emptySelection(), LEO, JAZZ);
    const [fromDate] = planPreviews(b, s, liveQuote(b, s), '2026-11-02');
    const [fromToday] = planPreviews(b, s, liveQuote(b, s));
    expect(body.tuitList.total).toBe(fromDate!.revision.total / 100);
    expect(fromDate!.revision.total).toBeGreaterThan(fromToday!.revision.total);
  });

  it('a class not open to the dancer: warned, held until “Register anyway”, then sent with override', async () => {
    const user = userEvent.setup();
    const { calls } = api(riveraBuilder());
    renderWithProviders(<OwnerRegistrationPage />, `/?family=${FAMILY}`);
    await user.click(await screen.findByRole('radio', { name: 'Leo' }));
    const teens = screen.getByRole('button', { name: /^Hip Hop Teens,/ });
    expect(teens.hasAttribute('disabled')).toBe(false);
    await user.click(teens);
    const warning = screen.getByTestId('override-warning');
    expect(warning.textContent).toContain('Leo is 7 on Nov 21, 2026; this class is for ages 13 to 18.');

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('step-refusal').textContent).toMatch(/Register anyway/);
    await user.click(within(warning).getByRole('checkbox', { name: /Register anyway/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByTestId('override-note').textContent).toContain('Hip Hop Teens (Leo)');
    await user.click(screen.getAllByTestId('plan-option')[1]!);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText(classRegistrationMessages.registered);
    const body = bodyOf(calls);
    expect(body.override).toBe(true);
    expect(body.regList[0]).toEqual({ idx: 0, stdID: LEO, clSchID: TEENS, isNew: true, price: 40 });
  });

  it('from a class’s detail: the family is searched for, then the class is picked for a dancer', async () => {
    const user = userEvent.setup();
    const { calls } = api(riveraBuilder());
    renderWithProviders(<OwnerRegistrationPage />, `/?class=${JAZZ}`);
    const family = await screen.findByRole('textbox', { name: 'Family' });
    await user.type(family, 'Riv');
    await user.click(await screen.findByRole('option', { name: 'Rivera family · Emma, Leo', hidden: true }));
    const jazz = await screen.findByRole('button', { name: /^Jazz 1,/ });
    expect(jazz.dataset.state).toBe('selected');
    // The week asked for is the class's location's (decision 082).
    expect(calls.some((c) => c.url === `${BUILDER.slice(4)}?clSchID=${JAZZ}`)).toBe(true);
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Register the Rivera family' })).toBeTruthy(),
    );
  });

  it('a 422 from the server stays on the plan step with its sentence beside Register', async () => {
    const user = userEvent.setup();
    const sentence = classRegistrationMessages.startDateOutside('Nov 1, 2026', 'Jun 30, 2027');
    api(riveraBuilder(), [422, [false, sentence]]);
    renderWithProviders(<OwnerRegistrationPage />, `/?family=${FAMILY}&class=${JAZZ}`);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect((await screen.findByTestId('step-refusal')).textContent).toBe(sentence);
    expect(screen.getAllByTestId('plan-option')).toHaveLength(3);
  });
});
