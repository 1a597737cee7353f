import { type ClassRegistrationActivity, ownerRegistrationCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { ClassRegistrations } from './class-registrations';

const STATUS = '/api/mystudio/schedule/class/registration/status';
const reg = (id: string, studentName: string, over: Partial<ClassRegistrationActivity> = {}) => ({
  clsRegID: id,
  acctStudentID: `s-${id}`,
  studentName,
  iStatus: 10,
  status: 1,
  isDropped: false,
  Date_i: '2026-09-01',
  Date_f: '2027-06-30',
  dncNum: [],
  ...over,
});

const ballet = { id: 'cls-ballet', name: 'Ballet 1', day: 0, timeStart: '17:00', cost: 65 };
const registrations = [
  reg('r1', 'Grace Hartley'),
  reg('r2', 'Nora Brennan', { status: 0, iStatus: 1 }),
  reg('r3', 'Dev Patel', { isDropped: true, iStatus: -1 }),
  reg('r4', 'Ava Kim', { status: -1, iStatus: 1 }),
];

describe('ClassRegistrations', () => {
  it('lists the dancers by where they stand, waiting ones first, and counts the places taken', () => {
    renderWithProviders(<ClassRegistrations registrations={registrations} cls={ballet} />);
    const rows = screen.getAllByTestId('class-registration');
    expect(rows.map((r) => [r.textContent, r.dataset.standing])).toEqual([
      ['Nora BrennanPending approval', 'pending'],
      ['Grace HartleyApproved', 'approved'],
      ['Dev PatelDropped', 'dropped'],
      ['Ava KimRejected', 'rejected'],
    ]);
    // A pending registration holds its seat; dropped and rejected ones do not.
    expect(
      screen.getByText('A registration waiting for approval holds its place: 2 places taken.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve Grace Hartley in Ballet 1' })).toBeNull();
  });

  it('approves a waiting dancer by its route after showing what will be posted, and asks before rejecting', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi((url, init) => {
      if (init?.method === 'POST' && url === `${STATUS}/preview`)
        return answer(ownerRegistrationCalls.statusPreview, {
          families: [
            {
              familyId: '0c0c0c0c-0000-4000-8000-000000000102',
              family: 'Brennan',
              classes: 'Ballet 1 (Nora)',
              from: '2026-11-28',
              earliest: '2026-09-01',
              latest: '2026-11-28',
              charges: [
                {
                  item: '2026-2027 tuition (Monthly): November 2026',
                  dueDate: '2026-11-28',
                  amount: 650,
                  lines: [],
                },
              ],
              total: 650,
              next: [{ item: 'Monthly: December 2026', dueDate: '2026-12-01', amount: 6500 }],
            },
          ],
        });
      return init?.method === 'PUT' && url.startsWith(STATUS)
        ? answer(ownerRegistrationCalls.status, { msg: 'Registration approved.' })
        : undefined;
    });
    renderWithProviders(<ClassRegistrations registrations={registrations} cls={ballet} />);
    await user.click(screen.getByRole('button', { name: 'Approve Nora Brennan in Ballet 1' }));
    // The approval dialog shows what the server will post (issue 31 item 4) before anything is sent.
    const approving = await screen.findByRole('dialog', { name: 'Approve 1 registration?' });
    expect(await within(approving).findByText('Brennan family: billed from Nov 28, 2026')).toBeTruthy();
    expect(calls.some((c) => c.init?.method === 'PUT')).toBe(false);
    await user.click(within(approving).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Registration approved.')).toBeTruthy();
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(put?.url).toBe(`${STATUS}/r2`);
    expect(JSON.parse(String(put?.init?.body))).toEqual({ status: 1 });

    await user.click(screen.getByRole('button', { name: 'Reject Nora Brennan in Ballet 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 1 registration?' });
    expect(within(dialog).getByText('Nora Brennan in Ballet 1 · $65.00 a month')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.filter((c) => c.init?.method === 'PUT')).toHaveLength(2));
    expect(JSON.parse(String(calls.filter((c) => c.init?.method === 'PUT')[1]?.init?.body))).toEqual({
      status: -1,
    });
  });
});
