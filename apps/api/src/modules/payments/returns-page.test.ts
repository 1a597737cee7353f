import { randomUUID } from 'node:crypto';
import { returnGroup } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { paymentAttempts, paymentReturns } from '../../db/schema/payments';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { registerInJazz } from '../ledger/ledger.fixture';

/**
 * The owner's return rates (decision 068): the studio's bank debits and returns over a period, its three
 * rates against Nacha's thresholds (warned at half, over at the threshold), the returns a page at a
 * time with what followed each; another studio's never counted.
 */

const { t, s } = useTwoStudios();
let familyA: string;
beforeAll(async () => {
  const setting = await registrationStudio(s);
  familyA = (await registerInJazz(t, s, setting, 'rates@example.com')).fam.id;
});

const URL = '/api/mystudio/payments/returns';

/** `n` bank debits of a studio's family made on `at` (settled), their ids. */
async function debits(companyId: string, familyId: string, n: number, at: string): Promise<string[]> {
  const rows = await t.database.db
    .insert(paymentAttempts)
    .values(
      Array.from({ length: n }, () => ({
        companyId,
        familyId,
        provider: 'sandbox',
        kind: 'sale' as const,
        origin: 'checkout' as const,
        amount: 5000,
        instrumentId: 'PIbank',
        method: 'bank' as const,
        state: 'succeeded' as const,
        createdByName: 'Test',
        createdAt: new Date(at),
      })),
    )
    .returning({ id: paymentAttempts.id });
  return rows.map((r) => r.id);
}

/** The debits returned with these codes on `on`. */
async function returns(companyId: string, familyId: string, attempts: string[], codes: string[], on: string) {
  await t.database.db.insert(paymentReturns).values(
    codes.map((code, i) => ({
      companyId,
      familyId,
      attemptId: attempts[i]!,
      transferId: `TR${randomUUID()}`,
      code,
      group: returnGroup(code),
      amount: 5000,
      returnedOn: on,
    })),
  );
}

describe('GET mystudio/payments/returns', () => {
  it('answers the rates against the thresholds, counts and returns of the period, the studio’s only', async () => {
    // Studio A: 300 debits in November; 16 returned: 1 unauthorized, 5 administrative, 10 for funds.
    const ids = await debits(s.companyA, familyA, 300, '2026-11-05T15:00:00Z');
    // A debit refused at once (never sent) and one of October: not counted in November.
    await t.database.db.insert(paymentAttempts).values({
      companyId: s.companyA,
      familyId: familyA,
      provider: 'sandbox',
      kind: 'sale',
      origin: 'checkout',
      amount: 5000,
      instrumentId: 'PIbank',
      method: 'bank',
      state: 'failed',
      createdByName: 'Test',
      createdAt: new Date('2026-11-06T15:00:00Z'),
    });
    await debits(s.companyA, familyA, 1, '2026-10-20T15:00:00Z');
    const codes = ['R10', 'R02', 'R03', 'R04', 'R02', 'R03', ...Array.from({ length: 10 }, () => 'R01')];
    await returns(s.companyA, familyA, ids, codes, '2026-11-10');
    // Studio B: a return of its own, on the same days, many times over its debits.
    const b = await debits(s.companyB, randomUUID(), 2, '2026-11-05T15:00:00Z');
    await returns(s.companyB, randomUUID(), b, ['R10', 'R10'], '2026-11-10');

    const { result: page, count: queries } = await countQueries(t, () =>
      ok(s.a.get(`${URL}?from=2026-11-01&to=2026-11-30&pageSize=5`)),
    );
    expect(page).toMatchObject({ from: '2026-11-01', to: '2026-11-30', debits: 300, total: 16, page: 1 });
    expect(page.rates).toEqual([
      // 1 in 300 = 0.33 %: past half of 0.5 %.
      {
        kind: 'unauthorized',
        count: 1,
        debits: 300,
        rateBps: 33,
        thresholdBps: 50,
        warnBps: 25,
        status: 'warn',
      },
      // 5 in 300 = 1.67 %: past half of 3 %.
      {
        kind: 'administrative',
        count: 5,
        debits: 300,
        rateBps: 167,
        thresholdBps: 300,
        warnBps: 150,
        status: 'warn',
      },
      // 16 in 300 = 5.33 %: under half of 15 %.
      {
        kind: 'overall',
        count: 16,
        debits: 300,
        rateBps: 533,
        thresholdBps: 1500,
        warnBps: 750,
        status: 'ok',
      },
    ]);
    expect(page.items).toHaveLength(5);
    expect(page.items.every((i: { coAcctMemID: string }) => i.coAcctMemID === familyA)).toBe(true);
    const r10 = (await ok(s.a.get(`${URL}?from=2026-11-01&to=2026-11-30&pageSize=100`))).items.find(
      (i: { code: string }) => i.code === 'R10',
    );
    expect(r10).toMatchObject({
      group: 'unauthorized',
      reason: 'Your bank said the account holder did not authorize this debit.',
      amount: 5000,
      returnedOn: '2026-11-10',
      presentment: 1,
      followUp: 'new_method',
    });
    // A fixed number of statements (the session's, the studio's day, the counts, the page).
    expect(queries).toBeLessThanOrEqual(6);

    // Studio B sees its own two returns of two debits: over every threshold but the administrative.
    const pageB = await ok(s.b.get(`${URL}?from=2026-11-01&to=2026-11-30`));
    expect(pageB).toMatchObject({ debits: 2, total: 2 });
    expect(pageB.rates.map((r: { status: string }) => r.status)).toEqual(['over', 'ok', 'over']);

    // Another period: nothing returned, nothing warned.
    const october = await ok(s.a.get(`${URL}?from=2026-10-01&to=2026-10-31`));
    expect(october).toMatchObject({ debits: 1, total: 0, items: [] });
    expect(october.rates.map((r: { status: string; rateBps: number }) => [r.status, r.rateBps])).toEqual([
      ['ok', 0],
      ['ok', 0],
      ['ok', 0],
    ]);
  });

  it('counts a debit on the day it was made in the studio’s zone: the period’s first and last evenings in, the ones beside them out', async () => {
    const count = async () => (await ok(s.a.get(`${URL}?from=2026-11-01&to=2026-11-30`))).debits as number;
    const before = await count();
    // New York: 00:30 on Nov 1 (still daylight time) and 23:59 on Nov 30 are in November;
    // 23:59 on Oct 31 and midnight on Dec 1 are not.
    for (const at of [
      '2026-11-01T04:30:00Z',
      '2026-12-01T04:59:00Z',
      '2026-11-01T03:59:00Z',
      '2026-12-01T05:00:00Z',
    ])
      await debits(s.companyA, familyA, 1, at);
    expect(await count()).toBe(before + 2);
  });

  it('refuses a period that ends before it starts, or spans more than a year, and changes nothing', async () => {
    const back = await s.a.get(`${URL}?from=2026-11-30&to=2026-11-01`);
    expect(back.status).toBe(400);
    const long = await s.a.get(`${URL}?from=2025-01-01&to=2026-11-01`);
    expect(long.status).toBe(400);
  });

  it('without a period answers the last 60 days to the studio’s today', async () => {
    const page = await ok(s.a.get(URL));
    // The test clock stands on 2026-11-21.
    expect(page).toMatchObject({ from: '2026-09-23', to: '2026-11-21' });
  });

  it('is the owner’s: a parent is refused', async () => {
    expect((await s.parent.get(URL)).status).toBe(403);
  });
});
