import type { BankReturnsPage } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { rateView, rateWarnings } from './rate-view';

type Rate = BankReturnsPage['rates'][number];
const rate = (
  kind: Rate['kind'],
  count: number,
  debits: number,
  status: Rate['status'],
  rateBps: number | null,
): Rate => {
  const thresholdBps = { unauthorized: 50, administrative: 300, overall: 1500 }[kind];
  return { kind, count, debits, rateBps, thresholdBps, warnBps: thresholdBps / 2, status };
};

describe('rateView', () => {
  it('shows the rate, its counts and its limit in words', () => {
    expect(rateView(rate('unauthorized', 1, 300, 'warn', 33))).toMatchObject({
      label: 'Unauthorized returns',
      figure: '0.33%',
      counts: '1 of 300 debits',
      limit: 'Nacha’s limit 0.50% · warned from 0.25%',
      color: 'yellow',
      statusLabel: 'Close to the limit',
    });
  });
  it('shows a dash without debits', () => {
    expect(rateView(rate('overall', 0, 0, 'ok', null))).toMatchObject({
      figure: '—',
      counts: '0 of 0 debits',
    });
  });
});

describe('rateWarnings', () => {
  it('warns of the rates past half or over, the worst first, and of none within limits', () => {
    const warnings = rateWarnings([
      rate('unauthorized', 1, 300, 'warn', 33),
      rate('administrative', 1, 300, 'ok', 33),
      rate('overall', 60, 300, 'over', 2000),
    ]);
    expect(warnings.map((w) => w.status)).toEqual(['over', 'warn']);
    expect(warnings[0]!.text).toContain(
      'All returns: 20.00% of your bank debits, at or over Nacha’s limit of 15.00%',
    );
    expect(warnings[1]!.text).toContain(
      'Unauthorized returns: 0.33% of your bank debits, past half of Nacha’s limit of 0.50%',
    );
    expect(rateWarnings([rate('overall', 1, 300, 'ok', 33)])).toEqual([]);
  });
});
