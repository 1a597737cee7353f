import {
  type Actor,
  addDays,
  type BankReturnGroup,
  type BankReturnItem,
  type BankReturnsPage,
  can,
  compareDates,
  dateInZone,
  formatDateOnly,
  RETURN_RATES_DEFAULT_DAYS,
  returnFollowUp,
  returnRates,
  returnSentence,
} from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { studioDay } from './cards.service';

/**
 * The owner's bank returns (issue 37 item 2, decision 068): the studio's return rates over a period
 * against Nacha's thresholds, and its returns with what followed each, a page at a time. Debits are the
 * bank debits sent in the period (pending, settled or returned: one a refused call never made); returns
 * are those returned in it. Three statements, whatever the studio's size; every one scoped to the studio.
 */

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;

export async function bankReturnsPageOf(
  deps: { db: Db; clock: Clock; actor: Actor },
  q: { from?: string; to?: string; page: number; pageSize: number },
): Promise<BankReturnsPage> {
  if (!can(deps.actor, 'studio:manage')) throw forbidden();
  const { db } = deps;
  const companyId = deps.actor.companyId;
  const { today, zone } = await studioDay(db, companyId, deps.clock);
  const to = q.to ?? today;
  const from = q.from ?? addDays(to, -(RETURN_RATES_DEFAULT_DAYS - 1));

  const [counts] = await rowsOf(
    db,
    // The period's days in the studio's zone as two instants, worked out once (decision 144): each
    // attempt's instant turned into a day read and converted every bank debit of the studio.
    sql`with bounds as materialized (
          select (${from}::date)::timestamp at time zone ${zone} as lo,
            (${to}::date + 1)::timestamp at time zone ${zone} as hi)
        select
          (select count(*) from payment_attempts a cross join bounds b
            where a.company_id = ${companyId} and a.kind = 'sale' and a.method = 'bank'
              and (a.state in ('pending', 'succeeded')
                   or exists (select 1 from payment_returns x where x.attempt_id = a.id))
              and a.created_at >= b.lo and a.created_at < b.hi)::int as debits,
          count(*) filter (where r."group" = 'funds')::int as funds,
          count(*) filter (where r."group" = 'unauthorized')::int as unauthorized,
          count(*) filter (where r."group" = 'administrative')::int as administrative,
          count(*) filter (where r."group" = 'other')::int as other
        from payment_returns r
        where r.company_id = ${companyId} and r.returned_on between ${from}::date and ${to}::date`,
  );
  const c = {
    debits: Number(counts?.debits ?? 0),
    funds: Number(counts?.funds ?? 0),
    unauthorized: Number(counts?.unauthorized ?? 0),
    administrative: Number(counts?.administrative ?? 0),
    other: Number(counts?.other ?? 0),
  };

  const rows = await rowsOf(
    db,
    sql`select r.id, r.family_id, f.last_name, r."group" as grp, r.returned_on::text as returned_on, r.amount, r.code,
          a.presentment, fa.created_at as first_at, ra.created_at as again_at, ra.state as again_state,
          m.removed_at is not null or m.unusable_at is not null or m.id is null as method_gone,
          count(*) over () as total
        from payment_returns r
        join payment_attempts a on a.id = r.attempt_id and a.company_id = r.company_id
        left join payment_attempts fa on fa.id = coalesce(a.first_attempt_id, a.id)
        left join payment_attempts ra
          on ra.company_id = r.company_id and ra.first_attempt_id = coalesce(a.first_attempt_id, a.id)
            and ra.presentment = a.presentment + 1
        left join payment_cards m on m.id = a.card_id
        left join family_accounts f on f.id = r.family_id and f.company_id = r.company_id
        where r.company_id = ${companyId} and r.returned_on between ${from}::date and ${to}::date
        order by r.returned_on desc, r.created_at desc, r.id
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize}`,
  );

  return {
    from,
    to,
    debits: c.debits,
    rates: returnRates(c),
    items: rows.map((r) => presentReturn(r, { today, zone })),
    total: Number(rows[0]?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

const ORDINAL = ['', 'first', 'second', 'third'];

/** One return as the page shows it, with what followed it in a sentence. */
function presentReturn(r: Row, at: { today: string; zone: string }): BankReturnItem {
  const code = String(r.code);
  const presentment = Number(r.presentment);
  const returnedOn = String(r.returned_on);
  const item = {
    id: String(r.id),
    coAcctMemID: String(r.family_id),
    family: String(r.last_name ?? 'Family deleted'),
    returnedOn,
    amount: Number(r.amount),
    code,
    group: String(r.grp) as BankReturnGroup,
    reason: returnSentence(code),
    presentment,
  };
  if (r.again_at) {
    const on = formatDateOnly(dateInZone(new Date(String(r.again_at)), at.zone));
    const state =
      r.again_state === 'succeeded' ? ': paid' : r.again_state === 'failed' ? ': not taken' : ': in transit';
    return {
      ...item,
      followUp: 'represented',
      followUpText: `Presented a ${ORDINAL[presentment + 1]} time on ${on}${state}.`,
    };
  }
  const plan = returnFollowUp({
    code,
    presentment,
    firstDebitOn: dateInZone(new Date(String(r.first_at)), at.zone),
    returnedOn,
  });
  if (plan.kind === 'represent' && !r.method_gone) {
    return compareDates(plan.on, at.today) >= 0
      ? {
          ...item,
          followUp: 'scheduled',
          followUpText: `To be presented again on ${formatDateOnly(plan.on)}.`,
        }
      : {
          ...item,
          followUp: 'not_presented',
          followUpText: `Not presented again on ${formatDateOnly(plan.on)}: nothing was owed by then.`,
        };
  }
  const why =
    plan.kind === 'represent'
      ? 'the bank account was removed'
      : plan.why === 'limit'
        ? 'presented three times already'
        : plan.why === 'window'
          ? 'more than 180 days after the first debit'
          : 'never presented again for this reason';
  return {
    ...item,
    followUp: 'new_method',
    followUpText: `Another payment method asked for: ${why}.`,
  };
}
