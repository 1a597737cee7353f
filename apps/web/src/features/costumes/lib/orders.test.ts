import type { OrderLine, ToOrderGroup } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  groupChoice,
  itemsToAdd,
  itemsWithout,
  itemsWithPrice,
  keepChosen,
  missingTexts,
  priceTyped,
  receivedText,
  sheetCsv,
  sheetFilename,
  sheetGroups,
  sheetTotals,
  toggleGroup,
  toOrderTotals,
} from './orders';

let n = 0;
function line(over: Partial<OrderLine>): OrderLine {
  n += 1;
  return {
    costumeAssignedID: `a${n}`,
    studentID: `s${n}`,
    dancer: `Dancer ${n}`,
    dncNumID: 'd1',
    danceNumber: 'Sugar Rush',
    costumeID: 'tutu',
    styleNumber: 'CC-101',
    styleName: 'Sparkle Tutu',
    size: 'CS',
    color: 'Pink',
    price_buy: 45,
    price_sell: 80,
    deposit: 20,
    removed: false,
    receivedOn: null,
    ...over,
  };
}

const group = (over: Partial<ToOrderGroup>, ids: string[]): ToOrderGroup => ({
  costumeID: 'tutu',
  styleNumber: 'CC-101',
  styleName: 'Sparkle Tutu',
  size: 'CS',
  color: 'Pink',
  quantity: ids.length,
  price_buy: 45,
  assignments: ids.map((id) => ({
    costumeAssignedID: id,
    dancer: id,
    danceNumber: 'Sugar Rush',
    price_buy: 44,
  })),
  ...over,
});

describe('the order sheet', () => {
  const lines = [
    line({ dancer: 'Zoë Park', size: 'CM', price_buy: 45.5 }),
    line({ dancer: 'Ava Lee', size: 'cs', color: 'pink' }),
    line({ dancer: 'Mia Cruz', price_buy: 40 }),
    line({
      dancer: 'Lily Chen',
      costumeID: 'jacket',
      styleNumber: 'CC-9',
      styleName: 'Jazz Jacket',
      color: '',
    }),
    line({ dancer: 'Emma Stone', size: 'CM', price_buy: 45.5 }),
  ];

  it('groups by style, size and colour ignoring case, style numbers in natural order, dancers by name', () => {
    const groups = sheetGroups(lines);
    expect(
      groups.map((g) => [g.styleNumber, g.size, g.color, g.quantity, g.unitCents, g.totalCents]),
    ).toEqual([
      ['CC-9', 'CS', '', 1, 4500, 4500],
      ['CC-101', 'CM', 'Pink', 2, 4550, 9100],
      // Ava's "cs"/"pink" and Mia's "CS"/"Pink" are one size; agreed at two prices, no unit price.
      ['CC-101', 'cs', 'pink', 2, null, 8500],
    ]);
    expect(groups[1]!.dancers.map((d) => d.name)).toEqual(['Emma Stone', 'Zoë Park']);
    expect(sheetTotals(groups)).toEqual({ quantity: 5, totalCents: 22100 });
  });

  it('adds cents exactly where dollars in floating point would drift', () => {
    const tenths = Array.from({ length: 10 }, () => line({ price_buy: 0.1 }));
    expect(sheetTotals(sheetGroups(tenths)).totalCents).toBe(100);
  });

  it('writes CSV: title, header, a row a group, totals; quoted cells and formulas defused', () => {
    const odd = [
      line({ styleName: '=HYPERLINK("http://x","y")', dancer: 'Ann "Nan" Roe', size: 'L, long' }),
      line({ styleName: '=HYPERLINK("http://x","y")', dancer: '@Bo', size: 'L, long' }),
    ];
    const csv = sheetCsv('Curtain Call Costumes — order 3', sheetGroups(odd));
    expect(csv.split('\r\n')).toEqual([
      'Curtain Call Costumes — order 3',
      'Style number,Style,Size,Colour,Quantity,Buy price,Total,Dancers',
      `CC-101,"'=HYPERLINK(""http://x"",""y"")","L, long",Pink,2,45.00,90.00,"'@Bo; Ann ""Nan"" Roe"`,
      'Total,,,,2,,90.00,',
      '',
    ]);
  });

  it('names the file after the order, in plain letters', () => {
    expect(sheetFilename('Curtain Call Costumes — order 3')).toBe('curtain-call-costumes-order-3.csv');
    expect(sheetFilename('Zoë’s Dancewear — order 1')).toBe('zoe-s-dancewear-order-1.csv');
    expect(sheetFilename('——')).toBe('costume-order.csv');
  });
});

describe('choosing what to order', () => {
  const groups = [group({}, ['a', 'b']), group({ size: 'CM', price_buy: 50 }, ['c'])];

  it('ticks a group whole, and a whole group off', () => {
    let chosen = toggleGroup(groups[0]!, new Set(['a']));
    expect(groupChoice(groups[0]!, new Set(['a']))).toBe('some');
    expect([...chosen].sort()).toEqual(['a', 'b']);
    chosen = toggleGroup(groups[0]!, chosen);
    expect(chosen.size).toBe(0);
    expect(groupChoice(groups[1]!, new Set(['c']))).toBe('all');
  });

  it("adds the chosen costumes (or all) at their group's buy price, and forgets costumes no longer listed", () => {
    expect(itemsToAdd(groups, new Set(['b', 'c']))).toEqual([
      { costumeAssignedID: 'b', price_buy: 45 },
      { costumeAssignedID: 'c', price_buy: 50 },
    ]);
    expect(itemsToAdd(groups, null).map((i) => i.costumeAssignedID)).toEqual(['a', 'b', 'c']);
    expect([...keepChosen(groups.slice(1), new Set(['a', 'c']))]).toEqual(['c']);
    expect(toOrderTotals(groups)).toEqual({ quantity: 3, totalCents: 14000 });
  });
});

describe('the cart', () => {
  const lines = [
    line({ costumeAssignedID: 'x', price_buy: 45 }),
    line({ costumeAssignedID: 'y', price_buy: 40 }),
  ];

  it('replaces one price, or leaves one costume out, keeping the others as they are', () => {
    expect(itemsWithPrice(lines, 'y', 38.5)).toEqual([
      { costumeAssignedID: 'x', price_buy: 45 },
      { costumeAssignedID: 'y', price_buy: 38.5 },
    ]);
    expect(itemsWithout(lines, 'x')).toEqual([{ costumeAssignedID: 'y', price_buy: 40 }]);
  });

  it.each([
    ['45', 45],
    ['$45.5', 45.5],
    ['1,200.00', 1200],
    [0, 0],
    ['', null],
    ['-1', null],
    ['4.555', null],
    ['abc', null],
  ])('reads the price typed %j as %j', (typed, expected) => {
    expect(priceTyped(typed)).toBe(expected);
  });
});

describe('placed orders', () => {
  it('say how much arrived and what is still missing, grouped', () => {
    const all = [line({ receivedOn: '2026-11-20' }), line({}), line({}), line({ size: 'CM' })];
    expect(receivedText({ received: 1, lines: all })).toBe('Received 1 of 4');
    expect(receivedText({ received: 4, lines: all })).toBe('All 4 received');
    expect(missingTexts(all.slice(1))).toEqual([
      '1 × #CC-101 Sparkle Tutu (CM, Pink)',
      '2 × #CC-101 Sparkle Tutu (CS, Pink)',
    ]);
  });
});
