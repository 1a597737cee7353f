import { type AutopayRecoveryMonth, addDays, compareDates, RETRY_WINDOW_DAYS } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from './autopay-planning';

/** How many months the owner's page reports, newest first. */
export const RECOVERY_MONTHS = 12;

/** How a failed charge was recovered: the trigger of the automatic try that paid it, or by hand. */
export type RecoveredBy = 'retry' | 'method' | 'backup' | 'hand';

export type FailedCharge = { familyId: string; failedOn: string; amount: number };
export type FamilyPayment = { familyId: string; receivedOn: string; total: number; by: RecoveredBy };
export type Recovery = FailedCharge & { recovered: number; by: RecoveredBy | null; days: number | null };

/**
 * Failed automatic charges and their recovery (decision 070), in two statements whatever the studio's
 * size, read from the runs, their attempts and the ledger's payments:
 * - a **failed charge** is a due date of a family whose first try with an attempt was declined (the
 *   billing day's, a retry's, a new method's or the backup's; a chain the studio started with "Charge
 *   now" is not counted). Its amount is what that try asked for less what the family's earlier failed
 *   charges still left unpaid then (each try asks for the whole balance due: the money is counted once);
 * - it is **recovered** by the family's payments in the ledger (`ledger_payments`) received from the day
 *   of its decline to the last day of its retry window (29 days after), each payment put against the
 *   family's failed charges oldest first, each up to what it left unpaid: so what is recovered is exactly
 *   what the ledger's payments hold. How: the trigger of the automatic try whose attempt booked the
 *   payment (`retry` or the billing day's; `new_method`; `backup`), else by hand (checkout, the desk, the
 *   studio's "Charge now"); the days from the decline to the first payment put against it.
 */
export async function recoveryByMonth(db: Db, companyId: string): Promise<AutopayRecoveryMonth[]> {
  const since = sql`(date_trunc('month', now()) - interval '${sql.raw(String(RECOVERY_MONTHS + 1))} months')::date`;
  const failed = await rowsOf(
    db,
    sql`select distinct on (r.family_id, r.due_on) r.family_id, r.ran_on::text as failed_on, p.amount,
          p.state, r.trigger
        from autopay_runs r join payment_attempts p on p.id = r.attempt_id
        where r.company_id = ${companyId} and r.ran_on >= ${since}
        order by r.family_id, r.due_on, r.try_no`,
  );
  const payments = await rowsOf(
    db,
    sql`select lp.family_id, lp.received_on::text as received_on,
          lp.total - coalesce((select p.surcharge from payment_attempts p
            where p.company_id = lp.company_id and p.ledger_tx_id = lp.tx_id), 0)
            as total,
          (select r.trigger from autopay_runs r join payment_attempts p on p.id = r.attempt_id
            where r.company_id = lp.company_id and p.company_id = lp.company_id and p.ledger_tx_id = lp.tx_id
            limit 1) as trigger
        from ledger_payments lp join ledger_transactions t on t.id = lp.tx_id
        where lp.company_id = ${companyId} and lp.received_on >= ${since} and lp.method <> 'credit'
          and lp.family_id in (select r.family_id from autopay_runs r join payment_attempts p
            on p.id = r.attempt_id where r.company_id = ${companyId} and p.state = 'failed')
        order by lp.family_id, lp.received_on, t.seq`,
  );
  const charges = failed
    .filter((r) => r.state === 'failed' && r.trigger !== 'studio')
    .map((r) => ({ familyId: String(r.family_id), failedOn: String(r.failed_on), amount: Number(r.amount) }));
  const paid = payments.map((r) => ({
    familyId: String(r.family_id),
    receivedOn: String(r.received_on),
    total: Number(r.total),
    by: recoveredBy(r.trigger as string | null),
  }));
  return byMonth(recover(charges, paid)).slice(0, RECOVERY_MONTHS);
}

const recoveredBy = (trigger: string | null): RecoveredBy =>
  trigger === 'new_method'
    ? 'method'
    : trigger === 'backup'
      ? 'backup'
      : trigger === 'scheduled' || trigger === 'retry'
        ? 'retry'
        : 'hand';

/**
 * Puts each family's payments against its failed charges, oldest first (see above). Pure: the property
 * of the decision is that the recovered amounts sum to the payments put against them, never more than
 * what failed nor than a payment holds.
 */
export function recover(charges: FailedCharge[], payments: FamilyPayment[]): Recovery[] {
  const out: Recovery[] = [];
  const families = new Set(charges.map((c) => c.familyId));
  for (const familyId of families) {
    const mine = charges
      .filter((c) => c.familyId === familyId)
      .sort((a, b) => compareDates(a.failedOn, b.failedOn));
    const open: (Recovery & { left: number })[] = [];
    const events = [
      ...mine.map((c) => ({ on: c.failedOn, order: 0, charge: c, payment: null })),
      ...payments
        .filter((p) => p.familyId === familyId)
        .map((p) => ({ on: p.receivedOn, order: 1, charge: null, payment: p })),
    ].sort((a, b) => compareDates(a.on, b.on) || a.order - b.order);
    for (const e of events) {
      if (e.charge) {
        const unpaid = open.reduce((s, c) => s + c.left, 0);
        const amount = Math.max(0, e.charge.amount - unpaid);
        const row = { ...e.charge, amount, recovered: 0, by: null, days: null, left: amount };
        open.push(row);
        out.push(row);
        continue;
      }
      let rest = e.payment!.total;
      for (const c of open) {
        if (rest <= 0) break;
        if (c.left <= 0 || compareDates(e.on, addDays(c.failedOn, RETRY_WINDOW_DAYS - 1)) > 0) continue;
        const put = Math.min(c.left, rest);
        c.left -= put;
        c.recovered += put;
        rest -= put;
        c.by ??= e.payment!.by;
        c.days ??= dayDiff(c.failedOn, e.on);
      }
    }
  }
  return out.map(({ left: _left, ...r }: Recovery & { left?: number }) => r);
}

const dayDiff = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The failed charges by the month of their decline, newest first, in dollars. */
export function byMonth(rows: Recovery[]): AutopayRecoveryMonth[] {
  const months = new Map<string, Recovery[]>();
  for (const r of rows.filter((x) => x.amount > 0)) {
    const month = r.failedOn.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), r]);
  }
  return [...months.entries()]
    .sort(([a], [b]) => b.localeCompare(a))
    .map(([month, list]) => {
      const sum = (xs: Recovery[], f: (r: Recovery) => number) => xs.reduce((s, r) => s + f(r), 0);
      const of = (by: RecoveredBy) => {
        const xs = list.filter((r) => r.by === by);
        return { count: xs.length, amount: sum(xs, (r) => r.recovered) / 100 };
      };
      const failed = sum(list, (r) => r.amount);
      const recovered = sum(list, (r) => r.recovered);
      const none = list.filter((r) => r.by === null);
      const took = list.filter((r) => r.days !== null);
      return {
        month,
        failed: { count: list.length, amount: failed / 100 },
        byRetry: of('retry'),
        byNewMethod: of('method'),
        byBackup: of('backup'),
        byHand: of('hand'),
        notRecovered: { count: none.length, amount: (failed - recovered) / 100 },
        rate: failed > 0 ? recovered / failed : 0,
        averageDays: took.length > 0 ? Math.round((sum(took, (r) => r.days!) / took.length) * 10) / 10 : null,
      };
    });
}
