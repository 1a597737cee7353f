import {
  type AbsenceStreakReport,
  attendanceReportCalls,
  type ClassAttendanceReport,
  type MakeupReport,
  todayInZone,
} from '@pirouette/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { presetPeriod } from '../period';
import { AttendanceReportsPage } from './attendance-reports-page';

const REPORT = '/api/mystudio/attendance/report';
const PAGE = '/accounts/admin/schedule/attendance-reports';

const streaks: AbsenceStreakReport = {
  today: '2026-11-21',
  items: [
    {
      studentId: 'a1000000-0000-4000-8000-000000000001',
      firstName: 'Bea',
      lastName: 'Lane',
      familyId: 'f1000000-0000-4000-8000-000000000001',
      familyName: 'Lane',
      phone: '9735550150',
      clSchID: 'c1000000-0000-4000-8000-000000000001',
      className: 'Ballet I',
      dates: ['2026-11-16', '2026-11-09', '2026-11-02'],
      statuses: ['absent', 'excused', 'absent'],
    },
  ],
};

const classes = (from: string, to: string): ClassAttendanceReport => ({
  from,
  to,
  today: '2026-11-21',
  items: [
    {
      clSchID: 'c1000000-0000-4000-8000-000000000001',
      name: 'Ballet I',
      day: 0,
      timeStart: '16:00',
      teacher: 'Lena Ortiz',
      held: 6,
      expected: 18,
      present: 9,
      late: 2,
      absent: 5,
      excused: 1,
      notMarked: 1,
      rate: 65,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
});

/** 51 classes with a credit given each: two pages, the totals every class's. */
const makeups = (page: number): MakeupReport => {
  const figures = { givenClosure: 0, givenOwner: 0, booked: 0, used: 0, expired: 0, removed: 0 };
  const all = Array.from({ length: 51 }, (_, i) => ({
    clSchID: `c2000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
    name: `Class ${String(i + 1).padStart(2, '0')}`,
    givenAbsence: 1,
    ...figures,
  }));
  return {
    from: '2026-11-01',
    to: '2026-11-30',
    total: { givenAbsence: 51, ...figures },
    classes: all.slice((page - 1) * 50, page * 50),
    count: 51,
    page,
    pageSize: 50,
  };
};

function reportsApi() {
  return mockApi((url) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === `${REPORT}/streaks`) return answer(attendanceReportCalls.streaks, streaks);
    if (at.pathname === `${REPORT}/makeups`)
      return answer(attendanceReportCalls.makeups, makeups(Number(at.searchParams.get('page'))));
    if (at.pathname === `${REPORT}/classes`)
      return answer(
        attendanceReportCalls.classes,
        classes(at.searchParams.get('from')!, at.searchParams.get('to')!),
      );
    return undefined;
  });
}

const asked = (calls: { url: string }[], path: string) =>
  calls.filter((c) => c.url.startsWith(`${REPORT}/${path}`)).map((c) => new URL(c.url, 'http://x').search);

describe('AttendanceReportsPage', () => {
  it('opens on the early warning: why it matters, the dancer, the dates and the family’s phone', async () => {
    reportsApi();
    renderWithProviders(<AttendanceReportsPage />, PAGE);
    expect(await screen.findByText('Why this list matters')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Bea Lane' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '(973) 555-0150' }).getAttribute('href')).toBe('tel:9735550150');
    expect(screen.getByText('Nov 16, 2026: absent')).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'Period' })).toBeNull();
  });

  it('shows the make-ups a page of classes at a time, with the totals of every class', async () => {
    const { calls } = reportsApi();
    renderWithProviders(<AttendanceReportsPage />, PAGE);
    await userEvent.click(await screen.findByRole('tab', { name: 'Make-ups' }));
    expect(await screen.findAllByText('Class 50')).not.toHaveLength(0);
    expect(screen.queryAllByText('Class 51')).toHaveLength(0);
    expect(screen.getAllByText('Total, all classes')).not.toHaveLength(0);
    expect(screen.getByText('1–50 of 51 classes')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findAllByText('Class 51')).not.toHaveLength(0);
    expect(asked(calls, 'makeups').at(-1)).toMatch(/&page=2$/);
    expect(screen.getAllByText('51')).not.toHaveLength(0);
    // Another period starts again from its first page.
    await userEvent.click(screen.getByText('Last month'));
    await waitFor(() => expect(asked(calls, 'makeups').at(-1)).toMatch(/&page=1$/));
    expect(await screen.findAllByText('Class 01')).not.toHaveLength(0);
  });

  it('reads the classes over the period picked: this month, last month, this term, a custom one', async () => {
    const { calls } = reportsApi();
    renderWithProviders(<AttendanceReportsPage />, PAGE);
    await userEvent.click(await screen.findByRole('tab', { name: 'Classes' }));
    expect(await screen.findAllByText('Ballet I')).not.toHaveLength(0);
    const today = todayInZone('America/New_York');
    const month = presetPeriod('thisMonth', today, null);
    expect(asked(calls, 'classes')).toContain(`?from=${month.from}&to=${month.to}&page=1`);

    await userEvent.click(screen.getByText('Last month'));
    const last = presetPeriod('lastMonth', today, null);
    await waitFor(() => expect(asked(calls, 'classes')).toContain(`?from=${last.from}&to=${last.to}&page=1`));

    await userEvent.click(screen.getByText('This term'));
    await waitFor(() => expect(asked(calls, 'classes')).toContain('?from=2026-09-01&to=2027-06-30&page=1'));

    await userEvent.click(screen.getByText('Custom'));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2027-07-01' } });
    expect(await screen.findByText('The period must start on or before the day it ends.')).toBeTruthy();
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-01' } });
    await waitFor(() => expect(asked(calls, 'classes')).toContain('?from=2026-10-01&to=2027-06-30&page=1'));
    expect(calls.slice(before).some((c) => c.url.includes('2027-07-01'))).toBe(false);
  });
});
