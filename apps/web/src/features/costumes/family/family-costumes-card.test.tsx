import type { FamilyCostume, FamilyCostumesAnswer } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { FamilyCostumesView } from './family-costumes-card';

const costume = (over: Partial<FamilyCostume>): FamilyCostume => ({
  id: 'a1',
  dncNumID: 'n1',
  danceNumber: 'Firework',
  costumeID: 's1',
  styleNumber: 'CC-4417',
  styleName: 'Starburst Lyrical Dress',
  company: 'Curtain Call Costumes',
  size: 'CL',
  color: 'Red',
  price: 75,
  deposit: 37.5,
  depositPaid: 37.5,
  balance: 37.5,
  balancePaid: 0,
  later: 0,
  ordered: { orderID: 'o1', name: 'Curtain Call Costumes — order 1', orderedOn: '2026-11-20' },
  receivedOn: '2026-12-02',
  removed: false,
  ...over,
});

/** The Patels: Anika's dress arrived (balance unpaid), Dev's set removed after it was ordered. */
const patels: FamilyCostumesAnswer = {
  coAcctMemID: 'f1',
  dancers: [
    { studentID: 'anika', studentName: 'Anika Patel', costumes: [costume({})] },
    {
      studentID: 'dev',
      studentName: 'Dev Patel',
      costumes: [
        costume({
          id: 'a2',
          dncNumID: 'n2',
          danceNumber: 'Happy Feet',
          styleNumber: '1182',
          styleName: 'Sunshine Sequin Jazz Set',
          company: 'Weissman',
          size: 'SC',
          color: 'Yellow',
          price: 62,
          deposit: 31,
          depositPaid: 31,
          balance: 31,
          ordered: { orderID: 'o2', name: 'Weissman — order 1', orderedOn: '2026-11-20' },
          receivedOn: null,
          removed: true,
        }),
      ],
    },
  ],
  totals: {
    costumes: 1,
    price: 75,
    deposit: 68.5,
    depositPaid: 68.5,
    balance: 68.5,
    balancePaid: 0,
    open: 68.5,
    later: 0,
  },
};

describe('FamilyCostumesView', () => {
  it("shows the owner each dancer's costumes, linked to their dance number, with the studio's words", () => {
    renderWithProviders(<FamilyCostumesView answer={patels} audience="owner" />);
    const [anika, dev] = screen.getAllByTestId('costume-dancer');
    expect(within(anika!).getByText('Anika Patel')).toBeTruthy();
    expect(within(anika!).getByRole('link', { name: 'Firework' }).getAttribute('href')).toBe(
      '/accounts/admin/costumes/numbers?number=n1',
    );
    expect(within(anika!).getByText('Arrived Dec 2, 2026')).toBeTruthy();
    expect(within(anika!).getByText('Balance $37.50 unpaid')).toBeTruthy();
    expect(within(anika!).getByText('Ordered Nov 20, 2026, Curtain Call Costumes — order 1')).toBeTruthy();
    expect(within(dev!).getByText('Removed, still charged')).toBeTruthy();
    expect(
      within(dev!).getByText('Removed after it was ordered: its deposit and balance stay on the bill.'),
    ).toBeTruthy();
    const totals = screen.getByLabelText("The family's costume totals");
    expect(totals.textContent).toBe('Price of 1 costume$75.00Charged$137.00Paid$68.50Open$68.50');
  });

  it('tells the parent the same in their words, without links to the studio’s pages', () => {
    renderWithProviders(<FamilyCostumesView answer={patels} audience="parent" />);
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText('Arrived at the studio Dec 2, 2026')).toBeTruthy();
    expect(screen.getAllByText(/to pay$/).map((e) => e.textContent)).toEqual([
      'Balance $37.50 to pay',
      'Balance $31.00 to pay',
    ]);
    expect(screen.getByText('No longer assigned')).toBeTruthy();
    expect(screen.getByLabelText('Your costume totals').textContent).toBe(
      'Price of 1 costume$75.00Paid so far$68.50To pay now$68.50',
    );
  });
});
