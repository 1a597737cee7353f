import {
  type Actor,
  type AutopayPage,
  autopayMessages,
  type CardPaymentAnswer,
  can,
  cardExpiry,
  cardLabel,
  cardMessages,
  centsText,
  dateInZone,
  declineSentence,
  formatDateOnly,
} from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { autopayConsents } from '../../db/schema/payments';
import { AppError, forbidden, unprocessable } from '../../http/errors';
import { findFamily } from '../../kernel/family-scope';
import {
  chargedForDueItem,
  familyBalance,
  latestDueItems,
  posterName,
  presentTransaction,
  readBook,
} from '../ledger';
import type { PaymentsDeps } from './attempts';
import { chargeFamily } from './autopay-charging';
import { recoveryByMonth } from './autopay-recovery';
import { studioDay } from './cards.service';
import { pausedFor } from './disputes';

/**
 * The owner's "Payments auto charge" page (issue 17 point 5): the next automatic charges (who and how
 * much, as the books stand today), the families enrolled, past runs with each result and reason, and
 * totals, and failed charges' recovery by month (decision 070); a family retried now or paused. A fixed
 * number of statements, whatever the studio's size.
 */

export type OwnerDeps = PaymentsDeps & { actor: Actor };

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const dollars = (cents: unknown) => Number(cents ?? 0) / 100;

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

export async function autopayPageOf(
  deps: OwnerDeps,
  q: { page: number; pageSize: number },
): Promise<AutopayPage> {
  requireOwner(deps.actor);
  const { db } = deps;
  const companyId = deps.actor.companyId;
  const day = await studioDay(db, companyId, deps.clock);

  const enrolled = await rowsOf(
    db,
    sql`select a.family_id, f.last_name, a.paused_at is not null as paused, a.paused_by_name, a.consented_at,
          c.brand, c.last4, c.exp_month, c.exp_year,
          (select case when p.state = 'succeeded' then 'charged' when p.state = 'failed' then 'declined'
                  when p.state is null then 'skipped' else 'processing' end
             from autopay_runs r left join payment_attempts p on p.id = r.attempt_id
             where r.company_id = a.company_id and r.family_id = a.family_id
             order by r.created_at desc limit 1) as last_result
        from autopay_consents a
        join family_accounts f on f.id = a.family_id and f.company_id = a.company_id
        left join payment_cards c on c.company_id = a.company_id and c.family_id = a.family_id and c.removed_at is null
          and c.rank = 'primary'
        where a.company_id = ${companyId} and a.withdrawn_at is null
        order by lower(f.last_name), f.id`,
  );

  // Each enrolled family's next plan payment not charged yet, and its balance today.
  const upcoming = await rowsOf(
    db,
    sql`with due as (${latestDueItems(companyId)}),
        next as (
          select d.family_id, min(d.date_due) as on_day from due d
          join autopay_consents a on a.company_id = ${companyId} and a.family_id = d.family_id
            and a.withdrawn_at is null and a.paused_at is null
          where d.date_due >= ${day.today}::date and d.val > 0
            and not ${chargedForDueItem(companyId, sql`d.due_key`)}
          group by d.family_id
        )
        select n.family_id, n.on_day::text as on_day,
          (select coalesce(sum(d.val), 0) from due d where d.family_id = n.family_id and d.date_due = n.on_day)::int
            + ${familyBalance(companyId, sql`n.family_id`)}::int as amount
        from next n`,
  );
  const nextDay = upcoming.map((r) => String(r.on_day)).sort()[0] ?? null;
  const byFamily = new Map(enrolled.map((r) => [String(r.family_id), r]));
  const nextFamilies = upcoming
    .filter((r) => String(r.on_day) === nextDay)
    .map((r) => {
      const e = byFamily.get(String(r.family_id));
      return {
        coAcctMemID: String(r.family_id),
        family: String(e?.last_name ?? ''),
        amount: dollars(r.amount),
        card: e?.brand ? cardLabel({ brand: String(e.brand), last4: String(e.last4) }) : 'No card on file',
        expiry: e?.exp_month
          ? cardExpiry({ expMonth: Number(e.exp_month), expYear: Number(e.exp_year) }, nextDay!)
          : 'none',
      };
    })
    .sort((a, b) => a.family.localeCompare(b.family));

  const offset = (q.page - 1) * q.pageSize;
  const runs = await rowsOf(
    db,
    sql`select r.id, r.family_id, f.last_name, r.due_on::text as due_on, r.ran_on::text as ran_on, r.try_no,
          r.amount, r.result, r.reason, r.trigger, p.state, p.failure_code, c.brand, c.last4,
          count(*) over () as total
        from autopay_runs r
        left join family_accounts f on f.id = r.family_id
        left join payment_attempts p on p.id = r.attempt_id
        left join payment_cards c on c.id = p.card_id
        where r.company_id = ${companyId}
        order by r.ran_on desc, r.created_at desc, r.id
        limit ${q.pageSize} offset ${offset}`,
  );
  const [totals] = await rowsOf(
    db,
    sql`select coalesce(sum(p.amount) filter (where p.state = 'succeeded'), 0)::int as charged,
          coalesce(sum(p.amount) filter (where p.state = 'failed'), 0)::int as declined,
          count(*) filter (where p.state = 'succeeded')::int as charges,
          count(*) filter (where p.state = 'failed')::int as declines
        from autopay_runs r join payment_attempts p on p.id = r.attempt_id
        where r.company_id = ${companyId}`,
  );

  const recovery = await recoveryByMonth(db, companyId);

  return {
    next: {
      on: nextDay,
      families: nextFamilies,
      total: nextFamilies.reduce((s, f) => s + Math.round(f.amount * 100), 0) / 100,
    },
    enrolled: enrolled.map((r) => ({
      coAcctMemID: String(r.family_id),
      family: String(r.last_name),
      card: r.brand ? cardLabel({ brand: String(r.brand), last4: String(r.last4) }) : 'No card on file',
      hasCard: Boolean(r.brand),
      paused: Boolean(r.paused),
      pausedFor: pausedFor({
        pausedAt: r.paused ? true : null,
        pausedByName: r.paused_by_name as string | null,
      }),
      consentedOn: formatDateOnly(dateInZone(new Date(r.consented_at as string), day.zone)),
      lastResult: (r.last_result as string | null) ?? null,
    })),
    runs: {
      items: runs.map((r) => {
        const result =
          r.result === 'skipped'
            ? ('skipped' as const)
            : r.state === 'succeeded'
              ? ('charged' as const)
              : r.state === 'failed'
                ? ('declined' as const)
                : ('processing' as const);
        return {
          id: String(r.id),
          family: String(r.last_name ?? ''),
          coAcctMemID: String(r.family_id),
          dueOn: String(r.due_on),
          ranOn: String(r.ran_on),
          tryNo: Number(r.try_no),
          amount: r.amount === null ? null : dollars(r.amount),
          result,
          reason:
            result === 'declined'
              ? declineSentence((r.failure_code as string | null) ?? null)
              : result === 'skipped'
                ? String(r.reason)
                : '',
          card: r.brand ? cardLabel({ brand: String(r.brand), last4: String(r.last4) }) : '',
          trigger: r.trigger as AutopayPage['runs']['items'][number]['trigger'],
        };
      }),
      total: Number(runs[0]?.total ?? 0),
      page: q.page,
      pageSize: q.pageSize,
    },
    totals: {
      charged: dollars(totals?.charged),
      declined: dollars(totals?.declined),
      charges: Number(totals?.charges ?? 0),
      declines: Number(totals?.declines ?? 0),
    },
    recovery,
  };
}

/** POST mystudio/autopay/{id}/retry: the family's balance due today, charged to its card now. */
export async function retryFamily(deps: OwnerDeps, familyId: string): Promise<CardPaymentAnswer> {
  requireOwner(deps.actor);
  const { db, actor } = deps;
  await findFamily(db, actor.companyId, familyId);
  const day = await studioDay(db, actor.companyId, deps.clock);
  const outcome = await chargeFamily(deps, {
    companyId: actor.companyId,
    familyId,
    dueOn: day.today,
    tryNo: 'studio',
    today: day.today,
    by: { userId: actor.userId },
  });
  if (outcome.kind === 'skipped') {
    throw unprocessable(
      outcome.code === 'nothingDue'
        ? autopayMessages.nothingDue
        : outcome.code === 'noCard'
          ? cardMessages.noCard
          : outcome.reason,
    );
  }
  if (outcome.settled.state === 'failed')
    throw new AppError('payment_required', declineSentence(outcome.settled.code));
  const book = await readBook(db, actor.companyId, familyId);
  const invoiceId = outcome.attempt.invoiceId;
  return {
    msg:
      outcome.settled.state === 'succeeded'
        ? cardMessages.paid(centsText(outcome.attempt.amount))
        : outcome.settled.state === 'pending'
          ? cardMessages.pending
          : cardMessages.unknown,
    state: outcome.settled.state,
    amount: outcome.attempt.amount / 100,
    card: '',
    transaction:
      invoiceId && book.invoices.some((i) => i.id === invoiceId)
        ? presentTransaction(book, invoiceId, familyId)
        : null,
  };
}

/** PUT mystudio/autopay/{id}/pause: the studio pauses or resumes a family's automatic payments. */
export async function pauseFamily(
  deps: OwnerDeps,
  familyId: string,
  paused: boolean,
): Promise<{ msg: string }> {
  requireOwner(deps.actor);
  const { db, actor } = deps;
  const family = await findFamily(db, actor.companyId, familyId);
  const updated = await db
    .update(autopayConsents)
    .set(
      paused
        ? {
            pausedAt: sql`coalesce(${autopayConsents.pausedAt}, now())`,
            pausedByName: posterName({ userId: actor.userId }),
          }
        : { pausedAt: null, pausedByName: null },
    )
    .where(
      and(
        eq(autopayConsents.companyId, actor.companyId),
        eq(autopayConsents.familyId, familyId),
        isNull(autopayConsents.withdrawnAt),
      ),
    )
    .returning({ id: autopayConsents.id });
  if (updated.length === 0) throw unprocessable(autopayMessages.notOn);
  return { msg: paused ? autopayMessages.paused(family.lastName) : autopayMessages.resumed(family.lastName) };
}
