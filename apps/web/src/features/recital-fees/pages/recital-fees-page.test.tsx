import { type RecitalFeeOverview, type RecitalList, recitalCalls, recitalFeeCalls } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { postPreview } from '../components/post-panel';
import { noRowsText, RecitalFeesPage } from './recital-fees-page';

const PAGE = '/accounts/admin/recital/fees';
const RECITAL = 'r1000000-0000-4000-8000-000000000001';
const FEES = `/api/mystudio/recitals/${RECITAL}/fees`;

const list: RecitalList = {
  recitals: [
    {
      id: RECITAL,
      name: 'Spring Recital 2027',
      venueName: 'Paper Mill',
      firstDay: '2027-05-15',
      lastDay: '2027-05-16',
      archived: false,
      publicToken: '0123456789abcdef01234567',
      shows: [],
    },
  ],
};

const none = { count: 0, amount: 0 };
const overview = (posted: boolean): RecitalFeeOverview => ({
  recital: { id: RECITAL, name: 'Spring Recital 2027', firstDay: '2027-05-15', lastDay: '2027-05-16' },
  settings: { amount: 4500, per: 'dancer', refundableUntil: '2027-04-30', locked: posted },
  today: '2026-11-21',
  terms: ['2026–2027'],
  totals: {
    performing: 2,
    toPost: posted ? none : { count: 2, amount: 9000 },
    posted: posted ? { count: 2, amount: 9000 } : none,
    toRemove: none,
    removed: none,
    kept: none,
  },
  items: ['Ava', 'Ben'].map((name, i) => ({
    familyId: 'f1000000-0000-4000-8000-000000000001',
    family: 'Adams',
    studentId: `a100000${i}-0000-4000-8000-000000000001`,
    dancer: `${name} Adams`,
    state: posted ? 'posted' : 'to_post',
    amount: 4500,
    postedAt: null,
    removedAt: null,
  })),
  total: 2,
  page: 1,
  pageSize: 50,
});

function feesApi(over?: RecitalFeeOverview) {
  let posted = false;
  return mockApi((url, init) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === '/api/mystudio/recitals') return answer(recitalCalls.list, list);
    if (at.pathname === `${FEES}/post` && init?.method === 'POST') {
      posted = true;
      return answer(recitalFeeCalls.post, { msg: '2 fees posted.', posted: 2, removed: 0 });
    }
    if (at.pathname === `${FEES}/settings`)
      return answer(recitalFeeCalls.settings, { msg: 'Recital fee settings saved.' });
    if (at.pathname === FEES) return answer(recitalFeeCalls.overview, over ?? overview(posted));
    return undefined;
  });
}

describe('RecitalFeesPage', () => {
  it('says what posting will do, posts, then shows the fees posted and the settings kept', async () => {
    const { calls } = feesApi();
    renderWithProviders(<RecitalFeesPage />, PAGE);
    expect(
      await screen.findByText(
        'Posting will add 2 fees ($90.00) to families’ bills. Each family is told by e-mail.',
        {},
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(screen.getAllByText('To post')).not.toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Post recital fees' }));
    await waitFor(() => expect(calls.some((c) => c.url === `${FEES}/post`)).toBe(true));
    expect(await screen.findByText('Fees are on families’ bills', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('Posted')).not.toHaveLength(0);
    expect((screen.getByRole('button', { name: 'Post recital fees' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('refuses a bad amount before sending, then saves the settings in cents', async () => {
    const { calls } = feesApi();
    renderWithProviders(<RecitalFeesPage />, PAGE);
    const fee = await screen.findByRole('textbox', { name: 'Fee' }, { timeout: 5000 });
    await userEvent.clear(fee);
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Enter the fee as an amount from $0.00 to $100,000.00.')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/settings'))).toBe(false);
    await userEvent.type(fee, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/settings'))).toBe(true));
    const sent = calls.find((c) => c.url.endsWith('/settings'))!;
    expect(JSON.parse(String(sent.init?.body))).toEqual({
      amount: 5000,
      per: 'dancer',
      refundableUntil: '2027-04-30',
    });
  });

  it('with a $0.00 fee, says the dancers who perform and that there is nothing to post, nothing else', async () => {
    const zero = overview(false);
    feesApi({
      ...zero,
      settings: { ...zero.settings, amount: 0 },
      totals: { ...zero.totals, performing: 10, toPost: none },
      items: [],
      total: 0,
    });
    renderWithProviders(<RecitalFeesPage />, PAGE);
    expect(await screen.findByText('10 dancers perform.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('fees-no-rows').textContent).toBe(noRowsText(10, 0));
    expect(screen.queryByText(/No dancer performs yet/)).toBeNull();
  });

  it('says why the list is empty by what is so', () => {
    expect(noRowsText(0, 4500)).toBe(
      'No dancer performs yet: turn on the recital switch of their dance numbers.',
    );
    expect(noRowsText(0, 0)).toBe(
      'No dancer performs yet: turn on the recital switch of their dance numbers.',
    );
    expect(noRowsText(10, 0)).toBe(
      'No fee is set, so there is nothing to post: set the fee above and each one’s fee is listed here.',
    );
  });

  it('words the preview of posts and removals', () => {
    expect(
      postPreview({
        ...overview(false).totals,
        toPost: { count: 1, amount: 4500 },
        toRemove: { count: 1, amount: 4500 },
      }),
    ).toBe(
      'Posting will add 1 fee ($45.00) to families’ bills and take 1 fee ($45.00) off for dancers who left before the date. Each family is told by e-mail.',
    );
  });
});
