import { todayInZone } from '@pirouette/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { enqueueJob } from '../../jobs/define';
import type { Clock } from '../../lib/clock';
import { rowsOf } from './autopay-planning';
import { paymentJobs } from './jobs';

/** The studio's today (its time zone's), read here so the card's save does not import it back. */
async function studioToday(db: Db, companyId: string, clock: Clock): Promise<string> {
  const [row] = await db
    .select({ tz: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return todayInZone(row?.tz ?? 'America/New_York', clock.now());
}

/**
 * A method saved (a card, a bank account, a backup): when the family is on auto-pay and an automatic
 * charge of it failed and is still unpaid, that charge is tried again at once with the new method
 * (decision 070), as a job keyed by the method saved, so it happens once per method whoever calls this
 * again. Answers whether a charge was queued. Called after the method's save has committed.
 */
export async function chargeAfterNewMethod(
  deps: { db: Db; clock: Clock },
  companyId: string,
  familyId: string,
): Promise<boolean> {
  const { db } = deps;
  const [row] = await rowsOf(
    db,
    sql`select r.due_on::text as due_on,
          (select max(l.ran_on) from autopay_runs l where l.company_id = r.company_id
            and l.family_id = r.family_id and l.due_on = r.due_on)::text as last_on,
          (select m.id from payment_cards m where m.company_id = r.company_id and m.family_id = r.family_id
            and m.removed_at is null and m.unusable_at is null order by m.added_at desc limit 1) as method_id
        from autopay_runs r
        join autopay_consents a on a.company_id = r.company_id and a.family_id = r.family_id
          and a.withdrawn_at is null and a.paused_at is null
        join payment_attempts p on p.id = r.attempt_id
        where r.company_id = ${companyId} and r.family_id = ${familyId} and r.trigger <> 'studio'
          and p.state = 'failed'
          and not exists (select 1 from payment_returns pr where pr.attempt_id = p.id)
          and not exists (select 1 from autopay_runs n join payment_attempts q on q.id = n.attempt_id
            where n.company_id = r.company_id and n.family_id = r.family_id and n.due_on = r.due_on
              and n.try_no > r.try_no and q.state <> 'failed')
        order by r.due_on desc, r.try_no desc limit 1`,
  );
  if (!row?.method_id) return false;
  const today = await studioToday(db, companyId, deps.clock);
  // The day charged for: today, or the charge's last try's day when billing days ran ahead of the clock
  // (`npm run jobs -- --until` in the sandbox), so what that try asked for is asked again.
  const lastOn = String(row.last_on);
  const day = lastOn > today ? lastOn : today;
  // Due at once by the studio's clock (not the database's): what `--until` runs and the clock agree.
  const queued = await enqueueJob(db, paymentJobs.autopayNewMethod, {
    key: `${familyId}:${row.method_id}`,
    runAt: deps.clock.now(),
    companyId,
    payload: { familyId, dueOn: String(row.due_on), day, methodId: String(row.method_id) },
  });
  return Boolean(queued);
}
