import type { CostumeSettings, DancerOutfit } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  chartBody,
  chartDrafts,
  chartErrors,
  depositPaidText,
  depositPreview,
  depositRuleSentence,
  emptyChartRow,
  fillPrices,
  moveRow,
  numberTotals,
  priceGrid,
  rangeText,
  rowOfMessage,
  sortedEntries,
  splitList,
  suggestionText,
} from './costumes';

const row = (size: string, bounds: Partial<Record<string, string>> = {}) => ({
  ...emptyChartRow(),
  size,
  ...bounds,
});

const settings = (over: Partial<CostumeSettings>): CostumeSettings => ({
  depositKind: 'none',
  depositAmount: 0,
  depositPercent: 0,
  refundableUntil: null,
  ...over,
});

describe('the size chart editor', () => {
  it('turns rows as typed into the body: inches as numbers, empty bounds open, order kept', () => {
    const body = chartBody([
      row(' CS ', { girthMin: '40', girthMax: '42.5' }),
      row('CM', { chestMax: '24' }),
    ]);
    expect(body.chart).toEqual([
      {
        size: 'CS',
        girthMin: 40,
        girthMax: 42.5,
        chestMin: null,
        chestMax: null,
        hipsMin: null,
        hipsMax: null,
      },
      {
        size: 'CM',
        girthMin: null,
        girthMax: null,
        chestMin: null,
        chestMax: 24,
        hipsMin: null,
        hipsMax: null,
      },
    ]);
  });

  it('reads the server chart back as rows, with open bounds empty', () => {
    const [draft] = chartDrafts([
      {
        size: 'AM',
        girthMin: 50,
        girthMax: null,
        chestMin: null,
        chestMax: 30.5,
        hipsMin: null,
        hipsMax: null,
      },
    ]);
    expect(draft).toMatchObject({ size: 'AM', girthMin: '50', girthMax: '', chestMax: '30.5' });
  });

  it("puts the server's sentences at the row and field they are about", () => {
    const { rows, chart } = chartErrors([
      row('CS', { girthMin: '44', girthMax: '42' }),
      row(''),
      row('cs'),
      row('CL', { hipsMin: 'abc' }),
      row('AS', { chestMin: '24.55' }),
    ]);
    expect(chart).toBeNull();
    expect(rows[0]).toEqual({ girthMin: 'Size CS: the smallest girth is above the largest.' });
    expect(rows[1]?.size).toBe('Every size of the chart needs a name.');
    expect(rows[2]?.size).toBe('Size cs is in the chart twice.');
    expect(rows[3]?.hipsMin).toBe('Inches, e.g. 24.5');
    expect(rows[4]?.chestMin).toBe('Measurements are in tenths of an inch.');
  });

  it('finds no error in a good chart', () => {
    const { rows, chart } = chartErrors([row('CS', { girthMin: '40', girthMax: '42' }), row('CM')]);
    expect(rows).toEqual([{}, {}]);
    expect(chart).toBeNull();
  });

  it('finds the row a server sentence names: the repeated one, or none', () => {
    const rows = [row('CS'), row('CM'), row('cs')];
    expect(rowOfMessage(rows, 'Size CS is in the chart twice.')).toBe(2);
    expect(rowOfMessage(rows, 'Size CM: the smallest hips is above the largest.')).toBe(1);
    expect(rowOfMessage(rows, 'A size chart has at most 40 sizes.')).toBe(-1);
  });

  it('moves a row up or down, and not past either end', () => {
    expect(moveRow(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveRow(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('reads ranges', () => {
    expect(rangeText(22, 24.5)).toBe('22–24.5');
    expect(rangeText(22, null)).toBe('from 22');
    expect(rangeText(null, 24)).toBe('up to 24');
    expect(rangeText(null, null)).toBe('—');
  });
});

describe('sizes suggested, in plain words', () => {
  const s = (fit: 'fits' | 'between' | 'outside' | 'none', sizes: string[], stale = false) => ({
    costumeID: '1',
    fit,
    sizes,
    stale,
  });
  it('says a size fits, lies between two, or is outside the chart', () => {
    expect(suggestionText(s('fits', ['CM']))).toMatchObject({ label: 'Fits CM', color: 'teal', note: null });
    expect(suggestionText(s('between', ['CM', 'CL'])).label).toBe('Between CM and CL');
    expect(suggestionText(s('outside', ['AL'])).label).toBe('Outside the chart: nearest AL');
  });
  it('flags old or missing measurements', () => {
    const old = suggestionText(s('fits', ['CM'], true));
    expect(old.color).toBe('yellow');
    expect(old.note).toMatch(/missing or more than 90 days old/);
    expect(suggestionText(undefined).label).toBe('Measure first');
    expect(suggestionText(s('none', [], true))).toMatchObject({ label: 'Measure first' });
    expect(suggestionText(s('none', [], false)).label).toBe('No size to suggest');
  });
});

describe('the deposit an assignment asks', () => {
  it('follows the studio setting, the server rule: capped amount, percent rounded halves up', () => {
    expect(depositPreview(settings({ depositKind: 'amount', depositAmount: 25 }), 80)).toBe(25);
    expect(depositPreview(settings({ depositKind: 'amount', depositAmount: 25 }), 20)).toBe(20);
    expect(depositPreview(settings({ depositKind: 'percent', depositPercent: 50 }), 80)).toBe(40);
    expect(depositPreview(settings({ depositKind: 'percent', depositPercent: 33.33 }), 0.15)).toBe(0.05);
    expect(depositPreview(settings({ depositKind: 'none' }), 80)).toBe(0);
    expect(depositPreview(undefined, 80)).toBe(0);
    expect(depositPreview(settings({ depositKind: 'percent', depositPercent: 50 }), Number.NaN)).toBe(0);
  });
  it('says the rule in a sentence', () => {
    expect(depositRuleSentence(settings({}))).toBe('No deposit is charged when a costume is assigned.');
    expect(
      depositRuleSentence(
        settings({ depositKind: 'percent', depositPercent: 50, refundableUntil: '2027-01-15' }),
      ),
    ).toBe("Deposit: 50% of the costume's price, refundable until Jan 15, 2027.");
  });
});

describe('deposits paid, in words', () => {
  it('says paid, not paid yet, or how much', () => {
    expect(depositPaidText(42.5, 42.5)).toBe('Deposit $42.50, paid');
    expect(depositPaidText(42.5, 0)).toBe('Deposit $42.50, not paid yet');
    expect(depositPaidText(42.5, 10)).toBe('Deposit $42.50, $10.00 paid');
    expect(depositPaidText(0, 0)).toBe('No deposit');
  });
});

describe('a number', () => {
  it('sums its outfits to the cent', () => {
    const dancer = (sell: number, buy: number, deposit: number, paid: number, n: number) =>
      ({
        sell_price: sell,
        total_buy: buy,
        deposit,
        depositPaid: paid,
        costumes: Array.from({ length: n }),
      }) as unknown as DancerOutfit;
    expect(
      numberTotals([
        dancer(80.1, 40.2, 40.05, 40.05, 1),
        dancer(80.2, 40.1, 40.1, 0, 1),
        dancer(0, 0, 0, 0, 0),
      ]),
    ).toEqual({
      sell: 160.3,
      buy: 80.3,
      deposit: 80.15,
      depositPaid: 40.05,
      assigned: 2,
    });
  });
});

describe("a style's entries", () => {
  it('come in the order of its sizes, then its colours; others after', () => {
    const e = (size: string, color: string) => ({ size, color });
    const sorted = sortedEntries(
      [
        e('AS', 'Lilac'),
        e('CS', 'Pink'),
        e('CM', 'Lilac'),
        e('XL', 'Pink'),
        e('CS', 'Lilac'),
        e('CM', 'Pink'),
      ],
      ['CS', 'CM', 'AS'],
      ['Pink', 'Lilac'],
    );
    expect(sorted.map((x) => `${x.size} ${x.color}`)).toEqual([
      'CS Pink',
      'CS Lilac',
      'CM Pink',
      'CM Lilac',
      'AS Lilac',
      'XL Pink',
    ]);
  });
});

describe('the style form', () => {
  it('splits lists typed with commas, without blanks or repeats', () => {
    expect(splitList(' CS, CM,, cm , CL ')).toEqual(['CS', 'CM', 'CL']);
  });
  it('makes a price for each size and colour, keeping typed prices and filling new ones from the first', () => {
    const first = priceGrid(['CS'], ['Pink'], []);
    expect(first).toEqual([{ size: 'CS', color: 'Pink', buy: '', sell: '' }]);
    const typed = [{ size: 'CS', color: 'Pink', buy: '40', sell: '80' }];
    expect(priceGrid(['CS', 'CM'], ['Pink', 'Blue'], typed)).toEqual([
      { size: 'CS', color: 'Pink', buy: '40', sell: '80' },
      { size: 'CS', color: 'Blue', buy: '40', sell: '80' },
      { size: 'CM', color: 'Pink', buy: '40', sell: '80' },
      { size: 'CM', color: 'Blue', buy: '40', sell: '80' },
    ]);
    expect(priceGrid(['CS'], [], [])).toEqual([{ size: 'CS', color: '', buy: '', sell: '' }]);
  });
  it("fills the empty rows with the first row's price, and leaves typed ones", () => {
    const grid = [
      { size: 'CS', color: '', buy: '', sell: '' },
      { size: 'CM', color: '', buy: '', sell: '90' },
      { size: 'CL', color: '', buy: '', sell: '' },
    ];
    expect(fillPrices(grid, 0, { sell: '85' }).map((p) => p.sell)).toEqual(['85', '90', '85']);
    expect(fillPrices(grid, 0, { buy: '40' }).map((p) => p.buy)).toEqual(['40', '40', '40']);
    expect(fillPrices(grid, 1, { buy: '41' }).map((p) => p.buy)).toEqual(['', '41', '']);
  });
});
