import { type AnswerOf, classRegistrationMessages, ownerRegistrationCalls } from '@pirouette/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { ApprovalsPage } from './approvals-page';

type Pending = AnswerOf<typeof ownerRegistrationCalls.pending>;

const PENDING = '/api/mystudio/schedule/class/registration/pending';
const BULK = '/api/mystudio/schedule/class/registration/status';
const PREVIEW = `${BULK}/preview`;
const id = (n: number) => `0c0c0c0c-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** The server's preview: each family billed from the day given, or Nov 28th; the fee and the month's rest. */
const preview = (
  ids: string[],
  billFrom?: string,
): AnswerOf<typeof ownerRegistrationCalls.statusPreview> => ({
  families: ids.map((_id, i) => ({
    familyId: id(100 + i),
    family: 'Okafor',
    classes: 'Jazz 1 (Zara)',
    from: billFrom ?? '2026-11-28',
    earliest: '2026-09-01',
    latest: '2026-11-28',
    charges: [
      { item: 'Registration fee, 2026-2027 (In-Studio)', dueDate: '2026-11-28', amount: 3500, lines: [] },
      {
        item: '2026-2027 tuition (Monthly): November 2026',
        dueDate: '2026-11-28',
        amount: billFrom ? 16200 : 1350,
        lines: [],
      },
    ],
    total: billFrom ? 19700 : 4850,
    next: [{ item: 'Monthly: December 2026', dueDate: '2026-12-01', amount: 5400 }],
  })),
});

const row = (n: number, over: Partial<Pending[number]> = {}): Pending[number] => ({
  clsRegID: id(n),
  coAcctMemID: id(100 + n),
  family: 'Brennan',
  student: 'Maeve Brennan',
  clSchID: id(200 + n),
  className: 'Ballet 1',
  day: 0,
  timeStart: '17:00',
  Pr_f: 65,
  dateStart: '2026-11-21',
  createdAt: '2026-11-21T14:30:00.000Z',
  ...over,
});

const waiting: Pending = [
  row(1),
  row(2, {
    family: 'Okafor',
    student: 'Zara Okafor',
    className: 'Jazz 1',
    day: 1,
    timeStart: '17:30',
    Pr_f: 54,
  }),
  row(3, {
    family: 'Patel',
    student: 'Dev Patel',
    className: 'Tap 1',
    day: 3,
    timeStart: '16:00',
    Pr_f: 40.5,
  }),
];

/** The fake studio: the pending list, and approvals that take registrations off it. */
function approvalsApi(initial: Pending = waiting) {
  let list = initial;
  const sent: { url: string; body: unknown }[] = [];
  const previews: unknown[] = [];
  const mock = mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (url === PENDING && method === 'GET') return answer(ownerRegistrationCalls.pending, list);
    if (method === 'POST' && url === PREVIEW) {
      const body = JSON.parse(String(init?.body));
      previews.push(body);
      return answer(ownerRegistrationCalls.statusPreview, preview(body.ids, body.billFrom));
    }
    if (method === 'PUT' && url.startsWith(BULK)) {
      const body = JSON.parse(String(init?.body));
      sent.push({ url, body });
      const ids: string[] = url === BULK ? body.ids : [url.slice(BULK.length + 1)];
      list = list.filter((r) => !ids.includes(r.clsRegID));
      const msg =
        body.status === 1
          ? classRegistrationMessages.approved(ids.length)
          : classRegistrationMessages.rejected(ids.length);
      return answer(ownerRegistrationCalls.statusBulk, { msg });
    }
    return undefined;
  });
  return { ...mock, sent, previews };
}

describe('ApprovalsPage', () => {
  it('lists each registration waiting: family, dancer, class, day and time, monthly price, when requested', async () => {
    approvalsApi();
    renderWithProviders(<ApprovalsPage />);
    const rows = await screen.findAllByTestId('pending-row');
    expect(rows).toHaveLength(3);
    const zara = rows[1]!;
    expect(within(zara).getByRole('link', { name: 'Okafor' }).getAttribute('href')).toBe(
      `/accounts/admin/accounts/${id(102)}`,
    );
    expect(within(zara).getByText('Zara Okafor')).toBeTruthy();
    expect(within(zara).getByText('Jazz 1')).toBeTruthy();
    expect(within(zara).getByText('Tuesday 5:30 PM · from Nov 21, 2026')).toBeTruthy();
    expect(within(zara).getByText('$54.00')).toBeTruthy();
    // In the studio's time zone (New York): 14:30 UTC is 9:30 AM.
    expect(within(zara).getByText('Nov 21, 2026, 9:30 AM')).toBeTruthy();
  });

  it('approves the selected registrations in bulk after confirming, with their ids, and the list empties of them', async () => {
    const user = userEvent.setup();
    const api = approvalsApi();
    renderWithProviders(<ApprovalsPage />);
    await screen.findAllByTestId('pending-row');
    expect(screen.getByRole('button', { name: 'Approve selected' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Maeve Brennan in Ballet 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Dev Patel in Tap 1' }));
    expect(screen.getByText('2 of 3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve 2 registrations?' });
    expect(within(dialog).getByText('Maeve Brennan in Ballet 1 (Brennan) · $65.00 a month')).toBeTruthy();
    expect(within(dialog).getByText('Dev Patel in Tap 1 (Patel) · $40.50 a month')).toBeTruthy();
    expect(api.sent).toHaveLength(0);
    await within(dialog).findAllByText(/billed from Nov 28, 2026/);
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));

    expect(await screen.findByText('2 registrations approved.')).toBeTruthy();
    expect(api.sent).toEqual([{ url: BULK, body: { ids: [id(1), id(3)], status: 1 } }]);
    await waitFor(() => expect(screen.getAllByTestId('pending-row')).toHaveLength(1));
    expect(screen.getByText('Zara Okafor')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('selects all and rejects them after confirming', async () => {
    const user = userEvent.setup();
    const api = approvalsApi();
    renderWithProviders(<ApprovalsPage />);
    await screen.findAllByTestId('pending-row');
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 of 3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 3 registrations?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('3 registrations rejected.')).toBeTruthy();
    expect(api.sent).toEqual([{ url: BULK, body: { ids: [id(1), id(2), id(3)], status: -1 } }]);
    expect(await screen.findByText('No registrations waiting')).toBeTruthy();
  });

  it('approves one from its row by its own route after showing what will be posted, and asks before rejecting one', async () => {
    const user = userEvent.setup();
    const api = approvalsApi();
    renderWithProviders(<ApprovalsPage />);
    await screen.findAllByTestId('pending-row');
    await user.click(screen.getByRole('button', { name: 'Approve Zara Okafor in Jazz 1' }));
    const approving = await screen.findByRole('dialog', { name: 'Approve 1 registration?' });
    // What the server says will be posted, before anything is.
    expect(await within(approving).findByText('Okafor family: billed from Nov 28, 2026')).toBeTruthy();
    expect(within(approving).getByText('$13.50')).toBeTruthy();
    expect(within(approving).getByText('$48.50')).toBeTruthy();
    expect(api.sent).toEqual([]);
    // An earlier day: the preview is asked again, and the approval carries it.
    const from = within(approving).getByLabelText(/Bill from/);
    fireEvent.change(from, { target: { value: '2026-09-01' } });
    expect(await within(approving).findByText('$197.00')).toBeTruthy();
    expect(api.previews.at(-1)).toEqual({ ids: [id(2)], billFrom: '2026-09-01' });
    await user.click(within(approving).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Registration approved.')).toBeTruthy();
    expect(api.sent).toEqual([{ url: `${BULK}/${id(2)}`, body: { status: 1, billFrom: '2026-09-01' } }]);

    await user.click(screen.getByRole('button', { name: 'Reject Dev Patel in Tap 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 registration?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Registration rejected.')).toBeTruthy();
    expect(api.sent[1]).toEqual({ url: `${BULK}/${id(3)}`, body: { status: -1 } });
    await waitFor(() => expect(screen.getAllByTestId('pending-row')).toHaveLength(1));
  });

  it('says when nothing waits, and where approval is turned on', async () => {
    approvalsApi([]);
    renderWithProviders(<ApprovalsPage />);
    expect(await screen.findByText('No registrations waiting')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Approval settings' }).getAttribute('href')).toBe(
      '/accounts/admin/myStudio/settings?tab=tuition',
    );
    expect(screen.queryByRole('button', { name: 'Approve selected' })).toBeNull();
  });
});
