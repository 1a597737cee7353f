import {
  type RecitalBuyers,
  type RecitalDancers,
  type RecitalList,
  type RecitalReportSummary,
  recitalCalls,
  recitalReportCalls,
} from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { session } from '../../../test/fixtures';
import { mockApi, renderWithProviders } from '../../../test/render';
import { feesText } from '../components/show-figures';
import { RecitalReportsPage } from './recital-reports-page';

const PAGE = '/accounts/admin/recital/reports';
const RECITAL = 'r1000000-0000-4000-8000-000000000001';
const SHOW = 's1000000-0000-4000-8000-000000000001';
const REPORT = `/api/mystudio/recitals/${RECITAL}/reports`;

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
      shows: [{ id: SHOW, name: 'Saturday matinee', day: '2027-05-15', startsAt: '14:00', doorsAt: '13:30' }],
    },
  ],
};
const money = {
  gross: 9500,
  refunds: 2500,
  net: 7000,
  feesActual: 175,
  feesEstimated: 191,
  estimatedOrders: 2,
};
const summary: RecitalReportSummary = {
  recital: { id: RECITAL, name: 'Spring Recital 2027', firstDay: '2027-05-15', lastDay: '2027-05-16' },
  shows: [
    {
      showId: SHOW,
      name: 'Saturday matinee',
      day: '2027-05-15',
      startsAt: '14:00',
      sections: [{ section: 'Orchestra', seats: 3, sold: 2, comped: 1, held: 0, left: 0, gross: 5000 }],
      totals: { seats: 3, sold: 2, comped: 1, held: 0, left: 0, gross: 5000 },
      money,
      orders: 4,
    },
  ],
  money,
};
const buyers: RecitalBuyers = {
  items: [
    {
      familyId: 'f1000000-0000-4000-8000-000000000001',
      family: 'Adams',
      orders: 1,
      tickets: 2,
      amount: 5000,
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};
const dancers: RecitalDancers = {
  items: [
    {
      studentId: 'a1000000-0000-4000-8000-000000000001',
      dancer: 'Ava Adams',
      family: 'Adams',
      numbers: [
        {
          showId: SHOW,
          show: 'Saturday matinee',
          day: '2027-05-15',
          startsAt: '14:00',
          number: 'Tiny Toes',
          place: 3,
        },
      ],
    },
  ],
  total: 1,
  page: 1,
  pageSize: 50,
};

function reportsApi() {
  return mockApi((url) => {
    const at = new URL(url, 'http://localhost');
    if (url === '/api/auth/me') return [200, [true, session('owner')]];
    if (at.pathname === '/api/mystudio/recitals') return answer(recitalCalls.list, list);
    if (at.pathname === REPORT) return answer(recitalReportCalls.summary, summary);
    if (at.pathname === `${REPORT}/buyers`) return answer(recitalReportCalls.buyers, buyers);
    if (at.pathname === `${REPORT}/dancers`) return answer(recitalReportCalls.dancers, dancers);
    return undefined;
  });
}

describe('RecitalReportsPage', () => {
  it('shows the income, a card per show with its sections, the buyers, and the dancer sheet', async () => {
    const { calls } = reportsApi();
    renderWithProviders(<RecitalReportsPage />, PAGE);
    expect(await screen.findByText('Income, all shows', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByText('$70.00')).not.toHaveLength(0);
    expect(screen.getByText('$1.91 estimated (2.9 % + 30¢) for 2 orders not paid out yet')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Saturday matinee: seats by section' })).toBeTruthy();
    expect(await screen.findByRole('cell', { name: 'Adams' }, { timeout: 5000 })).toBeTruthy();
    for (const label of ['Tickets (CSV)', 'Income (CSV)', 'Families (CSV)', 'Dancers (CSV)'])
      expect(screen.getByRole('button', { name: label })).toBeTruthy();
    await userEvent.click(screen.getByRole('tab', { name: 'Dancer sheet' }));
    expect(await screen.findByText('Tiny Toes', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('#3')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Print the sheet' })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith(`${REPORT}/dancers?page=1`))).toBe(true));
  });

  it('words the processor fees: from the payouts, or with the estimate', () => {
    expect(feesText({ ...money, feesEstimated: 0, estimatedOrders: 0 })).toEqual({
      value: '$1.75',
      hint: 'From the payouts',
    });
    expect(feesText(money).value).toBe('$3.66');
  });
});
