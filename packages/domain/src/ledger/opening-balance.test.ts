import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  judgeOpeningBalances,
  type OpeningRow,
  openingBalanceKey,
  openingBalanceWords,
  usDate,
} from './opening-balance';

/** Opening balances (decision 056): the words, the key, and each row's fate. */

const ctx = {
  sourceName: 'Jackrabbit',
  today: '2026-11-21',
  closedThrough: '2026-09-30',
  posted: new Map([
    ['f9', 5_000],
    ['f8', 5_000],
  ]),
  elsewhere: new Map([
    ['f7', { lastName: 'Smith', words: 'Opening balance from Jackrabbit on 11/01/2026' }],
    ['f8', { lastName: 'Jones', words: 'Opening balance from JR export on 10/31/2026' }],
  ]),
};
const row = (n: number, familyKey: string | null, amount: number, asOf = '2026-11-01'): OpeningRow => ({
  file: 'b.csv',
  row: n,
  familyKey,
  amount,
  asOf,
});

describe('opening balances: words and key', () => {
  it('reads "Opening balance from <source> on <MM/DD/YYYY>"', () => {
    expect(usDate('2026-03-07')).toBe('03/07/2026');
    expect(openingBalanceWords('Jackrabbit', '2026-11-01')).toBe(
      'Opening balance from Jackrabbit on 11/01/2026',
    );
  });
  it('is keyed by source (in any case) and family, not by day', () => {
    expect(openingBalanceKey(' Jackrabbit ', 'f1')).toBe(openingBalanceKey('jackrabbit', 'f1'));
    expect(openingBalanceKey('jackrabbit', 'f1')).not.toBe(openingBalanceKey('iclasspro', 'f1'));
  });
});

describe('judgeOpeningBalances', () => {
  it.each([
    [
      'owed: new, saying what it posts',
      row(2, 'f1', 12_050),
      'new',
      undefined,
      '$120.50 owed: “Opening balance from Jackrabbit on 11/01/2026”.',
    ],
    [
      'credit: new',
      row(2, 'f1', -4_000),
      'new',
      undefined,
      '$40.00 of credit: “Opening balance from Jackrabbit on 11/01/2026”.',
    ],
    ['0: skipped', row(2, 'f1', 0), 'skipped', 'zero', 'A balance of $0.00: nothing to bring over.'],
    ['not whole cents', row(2, 'f1', 10.5), 'refused', 'notCents', undefined],
    ['over $100,000', row(2, 'f1', 10_000_001), 'refused', 'tooLarge', undefined],
    ['dated after today', row(2, 'f1', 100, '2099-01-01'), 'refused', 'future', undefined],
    ['dated in a closed month', row(2, 'f1', 100, '2026-09-15'), 'refused', 'closed', undefined],
    ['posted already, the same', row(2, 'f9', 5_000), 'matched', undefined, undefined],
    ['posted already, another amount', row(2, 'f9', 7_000), 'refused', 'differs', undefined],
    [
      'posted already from another source: refused, a family starts here once',
      row(2, 'f7', 5_000),
      'refused',
      'elsewhere',
      'The Smith family already has an opening balance, from Jackrabbit on 11/01/2026: a family starts here once.',
    ],
    ['from another source, for another family: new', row(2, 'f1', 5_000), 'new', undefined, undefined],
    [
      'from this source and another, the same amount: matched (this source rules)',
      row(2, 'f8', 5_000),
      'matched',
      undefined,
      undefined,
    ],
  ] as const)('%s', (_name, r, fate, code, sentence) => {
    const [judged] = judgeOpeningBalances([r], ctx);
    expect(judged!.fate).toBe(fate);
    if (code) expect('code' in judged! && judged.code).toBe(code);
    if (sentence) expect(judged!.sentence).toBe(sentence);
  });

  it("a family's second balance in the import is refused, naming the first's row", () => {
    const judged = judgeOpeningBalances([row(2, 'f1', 100), row(3, 'f1', 200)], ctx);
    expect(judged.map((j) => j.fate)).toEqual(['new', 'refused']);
    expect(judged[1]!.sentence).toContain('(b.csv, row 2)');
  });

  it('property: one fate per row; new only for a whole, non-zero, open, first, unposted amount', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            family: fc.constantFrom('f1', 'f2', 'f7', 'f8', 'f9', null),
            amount: fc.oneof(fc.integer({ min: -20_000_000, max: 20_000_000 }), fc.constant(0)),
            day: fc.integer({ min: -90, max: 30 }),
          }),
          { maxLength: 12 },
        ),
        (rs) => {
          const rows = rs.map((r, i) =>
            row(
              i + 2,
              r.family,
              r.amount,
              new Date(Date.UTC(2026, 10, 21 + r.day)).toISOString().slice(0, 10),
            ),
          );
          const judged = judgeOpeningBalances(rows, ctx);
          expect(judged).toHaveLength(rows.length);
          const seen = new Set<string>();
          rows.forEach((r, i) => {
            const j = judged[i]!;
            expect(j.sentence.length).toBeGreaterThan(0);
            const open = r.asOf > ctx.closedThrough && r.asOf <= ctx.today;
            const ok = r.amount !== 0 && Math.abs(r.amount) <= 10_000_000 && open;
            const first = r.familyKey === null || !seen.has(r.familyKey);
            if (ok && r.familyKey !== null) seen.add(r.familyKey);
            const posted =
              r.familyKey !== null && (ctx.posted.has(r.familyKey) || ctx.elsewhere.has(r.familyKey));
            expect(j.fate === 'new').toBe(ok && first && !posted);
          });
        },
      ),
    );
  });
});
