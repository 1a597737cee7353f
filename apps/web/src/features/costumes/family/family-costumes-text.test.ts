import type { FamilyCostume, FamilyCostumeTotals } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  costumeStatus,
  hasCostumes,
  moneyLines,
  removedNote,
  sizeColorText,
  totalFigures,
} from './family-costumes-text';

const costume = (over: Partial<FamilyCostume> = {}): FamilyCostume => ({
  id: 'a1',
  dncNumID: 'n1',
  danceNumber: 'Finale',
  costumeID: 's1',
  styleNumber: 'CC-1',
  styleName: 'Sparkle Tutu',
  company: 'Curtain Call Costumes',
  size: 'CM',
  color: 'Pink',
  price: 80,
  deposit: 20,
  depositPaid: 0,
  balance: 0,
  balancePaid: 0,
  later: 60,
  ordered: null,
  receivedOn: null,
  removed: false,
  ...over,
});

const totals = (over: Partial<FamilyCostumeTotals> = {}): FamilyCostumeTotals => ({
  costumes: 2,
  price: 155,
  deposit: 35,
  depositPaid: 5,
  balance: 60,
  balancePaid: 0,
  open: 90,
  later: 0,
  ...over,
});

describe("a family's costume words", () => {
  it.each([
    [{}, 'owner', 'Not ordered yet', 'gray'],
    [
      { ordered: { orderID: 'o', name: 'Curtain Call Costumes — order 3', orderedOn: '2026-11-20' } },
      'owner',
      'Ordered Nov 20, 2026',
      'blue',
    ],
    [
      {
        ordered: { orderID: 'o', name: 'Curtain Call Costumes — order 3', orderedOn: '2026-11-20' },
        receivedOn: '2026-12-02',
      },
      'owner',
      'Arrived Dec 2, 2026',
      'teal',
    ],
    [{ receivedOn: '2026-12-02' }, 'parent', 'Arrived at the studio Dec 2, 2026', 'teal'],
    [{ removed: true, receivedOn: '2026-12-02' }, 'owner', 'Removed, still charged', 'red'],
    [{ removed: true }, 'parent', 'No longer assigned', 'gray'],
  ] as const)('status %# (%s)', (over, audience, label, color) => {
    expect(costumeStatus(costume(over), audience)).toEqual({ label, color });
  });

  it('deposit and balance: paid, part paid, unpaid, and what is still to come', () => {
    expect(moneyLines(costume(), 'owner')).toEqual([
      { text: 'Deposit $20.00 unpaid', tone: 'due' },
      { text: 'Balance $60.00 charged when ordered', tone: 'plain' },
    ]);
    expect(moneyLines(costume(), 'parent')).toEqual([
      { text: 'Deposit $20.00 to pay', tone: 'due' },
      { text: '$60.00 more when the costume is ordered', tone: 'plain' },
    ]);
    expect(moneyLines(costume({ depositPaid: 5, balance: 60, balancePaid: 60, later: 0 }), 'owner')).toEqual([
      { text: 'Deposit $5.00 of $20.00 paid', tone: 'due' },
      { text: 'Balance $60.00 paid', tone: 'paid' },
    ]);
    // Cents, not floating dollars: $0.30 paid of a deposit summed as $0.10 + $0.20 is paid.
    expect(moneyLines(costume({ deposit: 0.1 + 0.2, depositPaid: 0.3, later: 0 }), 'owner')).toEqual([
      { text: 'Deposit $0.30 paid', tone: 'paid' },
    ]);
    // No deposit set and not ordered: nothing charged; a free costume: no charge; removed: only its charges.
    expect(moneyLines(costume({ deposit: 0, later: 0 }), 'owner')).toEqual([
      { text: 'Nothing charged yet', tone: 'plain' },
    ]);
    expect(moneyLines(costume({ deposit: 0, later: 0, price: 0 }), 'parent')).toEqual([
      { text: 'No charge', tone: 'plain' },
    ]);
    expect(moneyLines(costume({ removed: true, later: 0, depositPaid: 20 }), 'parent')).toEqual([
      { text: 'Deposit $20.00 paid', tone: 'paid' },
    ]);
  });

  it('a costume taken off says why it is still there', () => {
    const ordered = { orderID: 'o', name: 'Weissman — order 1', orderedOn: '2026-11-20' };
    expect(removedNote(costume(), 'owner')).toBeNull();
    expect(removedNote(costume({ removed: true, ordered }), 'owner')).toBe(
      'Removed after it was ordered: its deposit and balance stay on the bill.',
    );
    expect(removedNote(costume({ removed: true, ordered }), 'parent')).toBe(
      'Removed after it was ordered, so its cost stays on your bill.',
    );
    expect(removedNote(costume({ removed: true }), 'parent')).toBe(
      'Removed after the refundable date, so the deposit stays on your bill.',
    );
  });

  it('size and colour, either may be missing', () => {
    expect(sizeColorText({ size: 'CM', color: 'Pink' })).toBe('Size CM · Pink');
    expect(sizeColorText({ size: 'CM', color: '' })).toBe('Size CM');
    expect(sizeColorText({ size: '', color: 'Pink' })).toBe('Pink');
  });

  it('totals: the owner sees charged, paid and open; the parent what to pay now and later', () => {
    expect(totalFigures(totals(), 'owner')).toEqual([
      { label: 'Price of 2 costumes', value: '$155.00', tone: 'plain' },
      { label: 'Charged', value: '$95.00', tone: 'plain' },
      { label: 'Paid', value: '$5.00', tone: 'plain' },
      { label: 'Open', value: '$90.00', tone: 'due' },
    ]);
    expect(totalFigures(totals({ costumes: 1, open: 0, later: 52.5 }), 'parent')).toEqual([
      { label: 'Price of 1 costume', value: '$155.00', tone: 'plain' },
      { label: 'Paid so far', value: '$5.00', tone: 'plain' },
      { label: 'To pay now', value: '$0.00', tone: 'paid' },
      { label: 'Later, when ordered', value: '$52.50', tone: 'plain' },
    ]);
  });

  it('a family has costumes when a dancer has one', () => {
    expect(hasCostumes(undefined)).toBe(false);
    expect(hasCostumes({ coAcctMemID: 'f', dancers: [], totals: totals() })).toBe(false);
    expect(
      hasCostumes({
        coAcctMemID: 'f',
        dancers: [{ studentID: 's', studentName: 'Emma', costumes: [costume()] }],
        totals: totals(),
      }),
    ).toBe(true);
  });
});
