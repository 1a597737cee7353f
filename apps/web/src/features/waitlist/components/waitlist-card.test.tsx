import {
  classRegistrationMessages,
  parentRegistrationCalls,
  type RegistrationBuilder,
  waitlistCalls,
  waitlistMessages,
} from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { AcceptOfferDialog } from '../../class-registration/components/accept-offer-dialog';
import { EMMA, LYRICAL, riveraBuilder, TERMS_DOC } from '../../class-registration/lib/builder.fixture';
import { EMMA_OFFER, LEO_WAITING, riveraEntries } from '../test/waitlist-fixtures';
import { WaitlistCard } from './waitlist-card';

const LIST = '/api/parents/registration/waitlist';
const accepted = answer(waitlistCalls.accept, {
  msg: classRegistrationMessages.registered,
  regList: [
    {
      stdID: EMMA,
      clSchID: LYRICAL,
      isNew: true,
      clRegID: 'r9',
      price: 49.5,
      dateStart: '2026-11-21',
      status: 1,
    },
  ],
  warnings: [],
});

function api(builder: RegistrationBuilder, entries = riveraEntries()) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    if (key === `GET ${LIST}`) return answer(waitlistCalls.parentList, entries);
    if (key === 'GET /api/parents/registration/') return answer(parentRegistrationCalls.builder, builder);
    if (key === `POST ${LIST}/${EMMA_OFFER}/accept`) return accepted;
    if (key.startsWith('POST') && key.endsWith('/decline'))
      return answer(waitlistCalls.decline, { msg: waitlistMessages.declined });
    return undefined;
  });
}

const withPlan = () => {
  const b = riveraBuilder({ terms: [], feePaid: true });
  const monthly = b.paySys[0]!;
  return { ...b, plan: { planId: monthly.id, name: monthly.name, revision: 1, classes: [], payments: [] } };
};
const sent = (calls: { url: string; init?: RequestInit }[], path: string) =>
  calls.filter((c) => c.init?.method === 'POST' && c.url === path);

describe('WaitlistCard', () => {
  it('lists the place offered with until when it is held, then the dancer waiting with her place', async () => {
    api(withPlan());
    renderWithProviders(<WaitlistCard timeZone="America/New_York" acceptDialog={AcceptOfferDialog} />);
    const rows = await screen.findAllByTestId('waitlist-entry');
    expect(rows.map((r) => r.dataset.status)).toEqual(['offered', 'waiting']);
    expect(rows[0]!.textContent).toContain('Emma Rivera · held until Nov 22, 2026, 10:00 AM');
    expect(within(rows[1]!).getByText('#2 on the waitlist')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: /Accept/ })).toBeNull();
  });

  it('a family with a plan accepts in one step: the acceptance goes alone', async () => {
    const user = userEvent.setup();
    const { calls } = api(withPlan());
    renderWithProviders(<WaitlistCard timeZone="America/New_York" acceptDialog={AcceptOfferDialog} />);
    const accept = await screen.findByRole('button', {
      name: 'Accept the place in Lyrical 2 for Emma Rivera',
    });
    await waitFor(() => expect(accept.hasAttribute('disabled')).toBe(false));
    await user.click(accept);
    expect(await screen.findByText(classRegistrationMessages.registered)).toBeTruthy();
    const posts = sent(calls, `${LIST}/${EMMA_OFFER}/accept`);
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init?.body))).toEqual({});
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('declining the offer, and leaving the list, each call decline on their own entry', async () => {
    const user = userEvent.setup();
    const { calls } = api(withPlan());
    renderWithProviders(<WaitlistCard timeZone="America/New_York" acceptDialog={AcceptOfferDialog} />);
    await user.click(
      await screen.findByRole('button', { name: 'Decline the place in Lyrical 2 for Emma Rivera' }),
    );
    expect(await screen.findByText(waitlistMessages.declined)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist in Lyrical 2 for Leo Rivera' }));
    expect(await screen.findByText('Leo Rivera left the waitlist for Lyrical 2.')).toBeTruthy();
    expect(sent(calls, `${LIST}/${EMMA_OFFER}/decline`)).toHaveLength(1);
    expect(sent(calls, `${LIST}/${LEO_WAITING}/decline`)).toHaveLength(1);
    expect(calls.some((c) => c.url.endsWith('/accept'))).toBe(false);
  });

  it('a family without a plan chooses one and accepts the terms before taking the place', async () => {
    const user = userEvent.setup();
    const b = riveraBuilder({ acctInfo: { ...riveraBuilder().acctInfo, regCls: [] } });
    const { calls } = api(b);
    renderWithProviders(<WaitlistCard timeZone="America/New_York" acceptDialog={AcceptOfferDialog} />);
    const accept = await screen.findByRole('button', {
      name: 'Accept the place in Lyrical 2 for Emma Rivera',
    });
    await waitFor(() => expect(accept.hasAttribute('disabled')).toBe(false));
    await user.click(accept);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('fee-line').textContent).toContain('$35.00');
    const take = within(dialog).getByRole('button', { name: 'Take the place' });
    const plans = within(dialog).getAllByTestId('plan-option');
    expect(plans).toHaveLength(3);
    await user.click(plans[1]!);
    expect(take.hasAttribute('disabled')).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(take);
    expect(await screen.findByText(classRegistrationMessages.registered)).toBeTruthy();
    const posts = sent(calls, `${LIST}/${EMMA_OFFER}/accept`);
    expect(JSON.parse(String(posts[0]!.init?.body))).toEqual({
      tuitList: { id: b.paySys[1]!.id },
      terms: [{ coTermID: TERMS_DOC, accepted: true, version: 2 }],
    });
  });

  it('nothing on a waitlist: no card', async () => {
    const { calls } = api(withPlan(), []);
    renderWithProviders(<WaitlistCard timeZone="America/New_York" acceptDialog={AcceptOfferDialog} />);
    await waitFor(() => expect(calls.some((c) => c.url === LIST)).toBe(true));
    // The answer is in once the call is made and a turn has passed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Waitlist')).toBeNull();
    expect(screen.queryAllByTestId('waitlist-entry')).toEqual([]);
  });
});
