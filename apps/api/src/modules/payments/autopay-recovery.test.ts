import {
  AUTOPAY_TERMS_VERSION,
  compareDates,
  daysInclusive,
  goodRetryDay,
  MAX_AUTOPAY_TRIES,
  RETRY_WINDOW_DAYS,
} from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { countQueries } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { autopayRuns, paymentCards } from '../../db/schema/payments';
import { runJobsUntil } from '../../jobs/run-until';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { lockBook, recordPayment } from '../ledger';
import { readBook } from '../ledger/book';
import { billingJobHandlers } from '../ledger/job-handlers';
import { registerInJazz } from '../ledger/ledger.fixture';
import { chargeFamily } from './autopay-charging';
import { chargeAfterNewMethod } from './autopay-new-method';
import { paymentJobHandlers } from './job-handlers';
import { onAutopay } from './on-autopay';
import { expectCapturedBookedOnce, processorSales, saveTestCard, TEST_CARDS } from './payments.fixture';
import { paymentsFor } from './providers';

/**
 * Failed automatic payments recovered (issue 37 item 4, decision 070), over the sandbox and billing days
 * run as `npm run jobs -- --until` runs them: soft declines retried on the schedule (at most 8 in 30 days,
 * on strictly later days), a hard decline that stops and charges the consented backup, a new card charged
 * at once and once, the decline mail once per try with its link, a job run twice or by two runners
 * charging once, and the owner's report equal to the ledger.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

/** The sandbox cards of decision 070 that recover later. */
const RECOVERS_THIRD_TIME = '4000000000001232';

const provider = () => paymentsFor({ db: t.database.db, clock: t.clock, env: {} }).provider;
const APP = 'https://app.example';
const runDaysUntil = (until: string) =>
  runJobsUntil({
    db: t.database.db,
    until,
    handlers: { ...billingJobHandlers({ onAutopay }), ...paymentJobHandlers(provider(), APP) },
    leaseClock: t.clock,
    print: () => {},
  });

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A family in Jazz 1 ($60 a month), paid up at the desk, with a card and auto-pay on. */
async function enrolled(email: string, card: string = TEST_CARDS.good) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  await ok(
    s.a.post(`/api/transactions/payments/${fam.id}/${money.current.id}`, {
      payments: [{ type: 'cash', total: money.balance }],
    }),
  );
  await saveTestCard(t, fam.parent, card);
  await ok(fam.parent.put('/api/finix/customer/autopay', { on: true, termsVersion: AUTOPAY_TERMS_VERSION }));
  return fam;
}

const runsOf = (familyId: string) =>
  t.database.db
    .select()
    .from(autopayRuns)
    .where(eq(autopayRuns.familyId, familyId))
    .orderBy(autopayRuns.dueOn, autopayRuns.tryNo);

const declineMails = async (email: string) =>
  (await rowsOf(
    sql`select key, subject, text from mail_outbox where "to" = ${email} and template = 'autopay-declined'
        order by seq`,
  )) as { key: string; subject: string; text: string }[];

/** The families' payments in the ledger (card and desk) received from `from` to `to`, in cents. */
const ledgerPaidBetween = async (familyIds: string[], from: string, to: string) => {
  const [row] = await rowsOf(
    sql`select coalesce(sum(total), 0)::int as total from ledger_payments
        where company_id = ${s.companyA} and received_on >= ${from}::date and received_on <= ${to}::date
          and family_id in (${sql.join(
            familyIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
  );
  return Number(row?.total ?? 0);
};

// Billing days over the sandbox take seconds each; on a loaded machine, more than the default 30 s.
describe('failed automatic payments recovered', { timeout: 240_000 }, () => {
  let byRetry: { id: string };
  let byCard: { id: string; parent: Parameters<typeof saveTestCard>[1] };
  let byHand: { id: string };
  let never: { id: string };
  let byBackup: { id: string };

  it('retries a soft decline on the schedule, charges a new card at once and once, and the backup after a hard decline', async () => {
    byRetry = await enrolled('rec-retry@example.com', RECOVERS_THIRD_TIME);
    byCard = await enrolled('rec-card@example.com', TEST_CARDS.insufficient);
    byHand = await enrolled('rec-hand@example.com', TEST_CARDS.insufficient);
    never = await enrolled('rec-never@example.com', TEST_CARDS.insufficient);
    // The backup: a good card kept second, with the family's consent (decision 066), then an expired
    // card saved as the first.
    const backupFam = await enrolled('rec-backup@example.com');
    await t.database.db
      .update(paymentCards)
      .set({
        rank: 'backup',
        backupConsentText: 'Charge this card when the first fails.',
        backupConsentVersion: 'backup-2026-11',
        backupConsentAt: new Date('2026-11-21T15:00:00Z'),
      })
      .where(and(eq(paymentCards.familyId, backupFam.id), eq(paymentCards.rank, 'primary')));
    await saveTestCard(t, backupFam.parent, TEST_CARDS.expired);
    byBackup = backupFam;

    // December 1st: four soft declines and a hard one, the backup charged at once.
    await runDaysUntil('2026-12-01');
    expect((await processorSales(t, byRetry.id)).map((x) => x.state)).toEqual(['FAILED']);
    const backupRuns = await runsOf(byBackup.id);
    expect(backupRuns.map((r) => [r.tryNo, r.trigger, r.result])).toEqual([
      [1, 'scheduled', 'attempted'],
      [2, 'backup', 'attempted'],
    ]);
    expect(backupRuns[1]!.methodId).not.toBe(backupRuns[0]!.methodId);
    const [expired] = await t.database.db
      .select()
      .from(paymentCards)
      .where(eq(paymentCards.id, backupRuns[0]!.methodId!));
    expect(expired).toMatchObject({ unusableCode: 'EXPIRED_CARD' });
    expect(expired!.unusableAt).not.toBeNull();
    expect((await readBook(t.database.db, s.companyA, byBackup.id)).balance).toBe(0);
    await expectCapturedBookedOnce(t, byBackup.id);
    const [backupMail] = await declineMails('rec-backup@example.com');
    expect(backupMail!.text).toContain('We are charging your backup method');

    // December 2nd (the day after the payday): the retries; then a new card for one family, charged at
    // once, and a desk payment for another.
    await runDaysUntil('2026-12-02');
    await saveTestCard(t, byCard.parent, TEST_CARDS.good);
    // Asked again (a second server, a double click): the same method queues nothing more.
    expect(await chargeAfterNewMethod({ db: t.database.db, clock: t.clock }, s.companyA, byCard.id)).toBe(
      false,
    );
    await runDaysUntil('2026-12-02');
    await runDaysUntil('2026-12-02');
    expect((await processorSales(t, byCard.id)).map((x) => x.state)).toEqual([
      'FAILED',
      'FAILED',
      'SUCCEEDED',
    ]);
    expect((await runsOf(byCard.id)).map((r) => [r.tryNo, r.trigger])).toEqual([
      [1, 'scheduled'],
      [2, 'retry'],
      [3, 'new_method'],
    ]);
    await expectCapturedBookedOnce(t, byCard.id);
    // At the desk on December 2nd (the ledger's own operation: the app's clock stands in November).
    await t.database.db.transaction(async (tx) => {
      const book = (await lockBook(tx, s.companyA, byHand.id))!;
      const ctx = {
        tx,
        companyId: s.companyA,
        familyId: byHand.id,
        today: '2026-12-02',
        by: { system: 'Desk' },
      };
      await recordPayment(ctx, book, {
        method: 'cash',
        total: book.balance,
        reference: '',
        receivedOn: '2026-12-02',
        invoiceId: book.invoices.at(-1)!.id,
        key: 'rec-hand:desk',
        reason: 'Payment received',
      });
    });
    // To December 12th: the third time's card pays on its third try (Friday the 4th).
    await runDaysUntil('2026-12-12');
    expect((await runsOf(byRetry.id)).map((r) => [r.ranOn, r.tryNo, r.trigger])).toEqual([
      ['2026-12-01', 1, 'scheduled'],
      ['2026-12-02', 2, 'retry'],
      ['2026-12-04', 3, 'retry'],
    ]);
    expect((await processorSales(t, byRetry.id)).map((x) => x.state)).toEqual([
      'FAILED',
      'FAILED',
      'SUCCEEDED',
    ]);
    expect((await readBook(t.database.db, s.companyA, byRetry.id)).balance).toBe(0);
    // Paid by hand: the next try found nothing due, and charged nothing.
    expect((await processorSales(t, byHand.id)).filter((x) => x.state === 'SUCCEEDED')).toEqual([]);
  });

  it('never tries a charge more than 8 times, all within 30 days, on strictly later good days; tells each try once with its link', async () => {
    await runDaysUntil('2027-01-20');
    await runDaysUntil('2027-01-20');
    const runs = await runsOf(never.id);
    const chains = new Map<string, typeof runs>();
    for (const r of runs) chains.set(r.dueOn, [...(chains.get(r.dueOn) ?? []), r]);
    expect(chains.size).toBeGreaterThanOrEqual(2);
    for (const [, chain] of chains) {
      expect(chain.length).toBeLessThanOrEqual(MAX_AUTOPAY_TRIES);
      expect(chain.map((r) => r.tryNo)).toEqual(chain.map((_, i) => i + 1));
      for (let i = 1; i < chain.length; i++) {
        expect(compareDates(chain[i]!.ranOn, chain[i - 1]!.ranOn)).toBeGreaterThan(0);
        expect(goodRetryDay(chain[i]!.ranOn)).not.toBeNull();
      }
      expect(daysInclusive(chain[0]!.ranOn, chain.at(-1)!.ranOn)).toBeLessThanOrEqual(RETRY_WINDOW_DAYS);
    }
    const sales = await processorSales(t, never.id);
    expect(sales.length).toBe(runs.filter((r) => r.attemptId !== null).length);
    const mails = await declineMails('rec-never@example.com');
    expect(mails).toHaveLength(sales.length);
    expect(new Set(mails.map((m) => m.key)).size).toBe(mails.length);
    for (const m of mails) expect(m.text).toContain(`${APP}/accounts/parents?pay=now`);
    expect(mails[0]!.text).toContain('We will try again on Dec 2, 2026');
    // Delivered at once: each message's delivery job is due when it was written.
    const late = await rowsOf(
      sql`select j.run_at, o.created_at from mail_outbox o join jobs j on j.kind = 'mail.deliver' and j.key = o.id::text
          where o."to" = 'rec-never@example.com' and j.run_at > o.created_at + interval '15 minutes'`,
    );
    expect(late).toEqual([]);
  });

  it('reports each month’s failed charges and their recovery, equal to the ledger’s payments, in a fixed number of statements', async () => {
    const page = await ok(s.a.get('/api/mystudio/autopay'));
    const december = page.recovery.find((m: { month: string }) => m.month === '2026-12');
    const five = [byRetry.id, byCard.id, byHand.id, never.id, byBackup.id];
    // What the ledger received from these families from the first failures on.
    const paid = await ledgerPaidBetween(five, '2026-12-01', '2026-12-31');
    expect(paid).toBe(4 * 6000);
    expect(december).toMatchObject({
      byRetry: { count: 1, amount: 60 },
      byNewMethod: { count: 1, amount: 60 },
      byBackup: { count: 1, amount: 60 },
      byHand: { count: 1, amount: 60 },
    });
    const recovered =
      december.byRetry.amount +
      december.byNewMethod.amount +
      december.byBackup.amount +
      december.byHand.amount;
    expect(Math.round(recovered * 100)).toBe(paid);
    // Failed: the five first declines of December 1st, and the late fee's new money on the 15th.
    const [fee] = await rowsOf(
      sql`select coalesce(sum(c.total), 0)::int as fee from ledger_charges c
          where c.company_id = ${s.companyA} and c.family_id = ${never.id} and c.category = 'late_fee'
            and c.due_date <= '2026-12-31'`,
    );
    const failed = 5 * 6000 + Number(fee?.fee ?? 0);
    expect(Math.round(december.failed.amount * 100)).toBe(failed);
    expect(december.rate).toBeCloseTo(paid / failed, 10);
    expect(december.notRecovered.count).toBe(december.failed.count - 4);
    expect(december.averageDays).toBeGreaterThan(0);

    // More failing families cost no more statements.
    const measure = async () => (await countQueries(t, () => s.a.get('/api/mystudio/autopay'))).count;
    const before = await measure();
    for (const n of [1, 2, 3]) await enrolled(`rec-more-${n}@example.com`, TEST_CARDS.insufficient);
    await runDaysUntil('2027-02-02');
    expect(await measure()).toBe(before);
  });

  it('charges once when the same try runs twice at once (two runners), and once when a new method is charged twice', async () => {
    const fam = await enrolled('rec-twice@example.com', TEST_CARDS.insufficient);
    await runDaysUntil('2027-03-01');
    await saveTestCard(t, fam.parent, TEST_CARDS.good);
    const deps = { db: t.database.db, provider: provider(), clock: t.clock };
    const ask = {
      companyId: s.companyA,
      familyId: fam.id,
      dueOn: '2027-03-01',
      today: '2027-03-01',
      by: { system: 'Automatic payment' as const },
    };
    const outcomes = await Promise.allSettled([
      chargeFamily(deps, { ...ask, tryNo: 2 }),
      chargeFamily(deps, { ...ask, tryNo: 2 }),
      chargeFamily(deps, { ...ask, tryNo: 'next', trigger: 'new_method' }),
      chargeFamily(deps, { ...ask, tryNo: 'next', trigger: 'new_method' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value.kind === 'attempted')).toHaveLength(1);
    await runDaysUntil('2027-03-01');
    expect((await processorSales(t, fam.id)).filter((x) => x.state === 'SUCCEEDED')).toHaveLength(1);
    await expectCapturedBookedOnce(t, fam.id);
    expect((await readBook(t.database.db, s.companyA, fam.id)).balance).toBe(0);
  });
});
