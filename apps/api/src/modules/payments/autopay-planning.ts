import { addDays, lastRetryDay, MAX_AUTOPAY_TRIES, nextRetryDay } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enqueueJob } from '../../jobs/define';
import { type Book, chargesPaid, latestDueItems } from '../ledger';
import { paymentJobs } from './jobs';

/**
 * Automatic payments (issue 17 point 5, decision 028). A family turns them on from the portal: its
 * consent is a row (who, when, the authorization's version and words), withdrawn by the family, paused
 * by the studio. Each billing day, after the day's charges are posted, `autopay.day` queues:
 * - a charge for each family with auto-pay whose charges fall due that day (try 1);
 * - the next try of a soft decline, on the retry schedule's day (decision 070: the days after paydays and
 *   Fridays, at most 8 tries within 30 days of the first, none after a hard decline);
 * - a reminder e-mail for each family with a plan payment due in three days.
 * A charge takes the balance due on its day (every open charge due by then, not a snapshot), through
 * an attempt like a checkout's, keyed by family, due date and try, so a job run twice charges once.
 */

/**
 * The files of automatic payments (decision 045): here, the billing day's plan (which charges, retries
 * and reminders to queue); `autopay-consent.ts` the family's consent; `autopay-charging.ts` one charge;
 * `autopay-mail.ts` what the family is told.
 */

/** A family on auto-pay is reminded this many days before each due date. */
export const REMINDER_DAYS = 3;

/** What is due on `day`: every open charge due by then. */
export const dueBy = (book: Book, day: string) =>
  book.charges.filter((c) => c.open > 0 && c.dueDate <= day).reduce((s, c) => s + c.open, 0);

type Row = Record<string, unknown>;

export const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

/**
 * Queues the day's automatic charges, retries and reminders (see the top of this file), each a job with
 * its own key: the day run twice queues nothing more.
 */
export async function planAutopayDay(db: Db, companyId: string, day: string, runAt: Date): Promise<number> {
  const live = sql`a.company_id = ${companyId} and a.withdrawn_at is null and a.paused_at is null`;
  const dueToday = await rowsOf(
    db,
    sql`select distinct a.family_id from autopay_consents a
        join (${chargesPaid(sql`c.company_id = ${companyId} and c.due_date = ${day}::date`)}) c
          on c.family_id = a.family_id
        where ${live} and c.open > 0`,
  );
  // Each due date's latest billing-day try (1 to 8), declined, with its first try's day.
  const declined = await rowsOf(
    db,
    sql`select r.family_id, r.due_on::text as due_on, r.try_no, r.ran_on::text as ran_on, p.failure_code,
          (select min(f.ran_on) from autopay_runs f where f.company_id = r.company_id
            and f.family_id = r.family_id and f.due_on = r.due_on)::text as first_on
        from autopay_runs r
        join autopay_consents a on a.company_id = r.company_id and a.family_id = r.family_id
        join payment_attempts p on p.id = r.attempt_id
        where ${live} and r.company_id = ${companyId} and r.try_no < ${MAX_AUTOPAY_TRIES}
          and p.state = 'failed'
          -- A returned bank debit is followed up by its return (presented again or another method asked
          -- for, decision 068), never by auto-pay's retries.
          and not exists (select 1 from payment_returns pr where pr.attempt_id = p.id)
          and not exists (select 1 from autopay_runs n where n.company_id = r.company_id
            and n.family_id = r.family_id and n.due_on = r.due_on and n.try_no > r.try_no
            and n.try_no <= ${MAX_AUTOPAY_TRIES})
          -- A later due date tried since asks for the whole balance, this one's too: it carries on alone.
          and not exists (select 1 from autopay_runs m where m.company_id = r.company_id
            and m.family_id = r.family_id and m.due_on > r.due_on and m.trigger <> 'studio')`,
  );
  const upcoming = await rowsOf(
    db,
    sql`select distinct d.family_id, d.date_due::text as date_due from (${latestDueItems(companyId)}) d
        join autopay_consents a on a.company_id = ${companyId} and a.family_id = d.family_id
        where ${live} and d.date_due = ${addDays(day, REMINDER_DAYS)}::date and d.val > 0`,
  );
  let queued = 0;
  const charge = async (familyId: string, dueOn: string, tryNo: number) => {
    if (
      await enqueueJob(db, paymentJobs.autopayCharge, {
        key: `${familyId}:${dueOn}:${tryNo}`,
        companyId,
        runAt,
        payload: { familyId, dueOn, tryNo, day },
      })
    )
      queued += 1;
  };
  for (const r of dueToday) await charge(String(r.family_id), day, 1);
  // A family charged today for a new due date is charged its whole balance then: no retry beside it.
  const chargedToday = new Set(dueToday.map((r) => String(r.family_id)));
  for (const r of declined) {
    if (chargedToday.has(String(r.family_id))) continue;
    const next = nextRetryDay({
      firstTry: String(r.first_on),
      lastTry: String(r.ran_on),
      tries: Number(r.try_no),
      lastCode: (r.failure_code as string | null) ?? null,
    });
    // On its day, or the first billing day after it when that one did not run (within the window).
    if (next !== null && next <= day && day <= lastRetryDay(String(r.first_on)))
      await charge(String(r.family_id), String(r.due_on), Number(r.try_no) + 1);
  }
  for (const r of upcoming) {
    await enqueueJob(db, paymentJobs.autopayRemind, {
      key: `${r.family_id}:${r.date_due}`,
      companyId,
      runAt,
      payload: { familyId: String(r.family_id), dueOn: String(r.date_due), day },
    });
  }
  return queued;
}
