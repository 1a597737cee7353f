import {
  centsText,
  compareDates,
  formatDateOnly,
  lateFeeDay,
  type StudioMoneySettings,
} from '@pirouette/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import type { PendingWrite } from '../../db/one-statement';
import { yearTerms } from '../../db/schema/companies';
import {
  familyPlanPayments,
  familyPlanRevisions,
  familyTerms,
  type MoneyLine,
  registrationFees,
} from '../../db/schema/enrolment';
import { ledgerPeriods, ledgerTransactions } from '../../db/schema/ledger';
import { paymentPlans } from '../../db/schema/tuition';
import { type Book, type BookCharge, bookOf, bookReads } from './book';
import { type AutopayCheck, noticeBilling, overdueNoticeDays } from './notices';
import { type LedgerCtx, lockFamilyRow } from './operations/context';
import { postCharge } from './operations/post-charge';
import { standingOf } from './operations/standing';
import { LedgerWrites } from './operations/writes';
import { chargesPaid } from './paid';

/**
 * Billing (issue 16 point 2, decision 027): the family's plan payments become charges on their due
 * dates, by difference from what was charged for the same due item, so a revision posts only its change;
 * the registration fee posts with the first registration of the term; a due item still unpaid the grace
 * days after its due date gets the late fee, once. Each posting has its key: billing a family twice, or
 * on two servers at once, posts nothing new.
 */

/** A due item of a family's plan, as its latest revision says, and its history across revisions. */
export type DueItem = {
  /** `<family term>:plan:<option>` or `<family term>:adj:<n>`: the same item across revisions. */
  dueKey: string;
  familyTermId: string;
  term: string;
  plan: string;
  revision: number;
  reason: string;
  /** The day the latest revision was written: nothing of it is due before. */
  writtenOn: string;
  name: string;
  kind: 'plan' | 'adjustment';
  dateDue: string;
  val: number;
  lines: MoneyLine[];
  /** How many lines it had in each revision, to say what changed since it was charged. */
  lineCounts: Map<number, number>;
};

/** Every revision's payments of the family's terms, in one statement, as due items of the latest. */
export async function familyDueItems(tx: Db, companyId: string, familyId: string): Promise<DueItem[]> {
  return dueItemsOf(await dueItemRowsRead(tx, companyId, familyId));
}

/**
 * familyDueItems' statement, for a batch. Every revision's payments, but the lines (a payment's
 * explanation, the largest column) of each family term's latest revision only: of the earlier ones,
 * what is said of a change needs only how many lines each had (differenceLines). A family's every class
 * change writes a revision, and reading them all whole made each change dearer than the last (decision
 * 091).
 */
function dueItemRowsRead(tx: Db, companyId: string, familyId: string) {
  return tx
    .select({
      familyTermId: familyTerms.id,
      term: yearTerms.name,
      plan: paymentPlans.name,
      revision: familyPlanRevisions.revision,
      reason: familyPlanRevisions.reason,
      writtenOn: sql<string>`coalesce(${familyPlanRevisions.writtenOn}, ${familyPlanRevisions.effectiveDate})::text`,
      kind: familyPlanPayments.kind,
      optionId: familyPlanPayments.optionId,
      name: familyPlanPayments.name,
      dateDue: familyPlanPayments.dateDue,
      val: familyPlanPayments.val,
      lines: sql<MoneyLine[] | null>`case when ${familyPlanRevisions.revision}
        = max(${familyPlanRevisions.revision}) over (partition by ${familyTerms.id})
        then ${familyPlanPayments.lines} end`,
      lineCount: sql<number>`jsonb_array_length(${familyPlanPayments.lines})`.mapWith(Number),
    })
    .from(familyTerms)
    .innerJoin(yearTerms, eq(yearTerms.id, familyTerms.yearTermId))
    .innerJoin(paymentPlans, eq(paymentPlans.id, familyTerms.planId))
    .innerJoin(familyPlanRevisions, eq(familyPlanRevisions.familyTermId, familyTerms.id))
    .innerJoin(familyPlanPayments, eq(familyPlanPayments.revisionId, familyPlanRevisions.id))
    .where(and(eq(familyTerms.companyId, companyId), eq(familyTerms.familyId, familyId)))
    .orderBy(asc(familyTerms.id), asc(familyPlanRevisions.revision), asc(familyPlanPayments.sortOrder));
}

/** The due items out of dueItemRowsRead's rows: each item as the latest revision has it. */
function dueItemsOf(rows: Awaited<ReturnType<typeof dueItemRowsRead>>): DueItem[] {
  const latest = new Map<string, number>();
  for (const r of rows) latest.set(r.familyTermId, Math.max(latest.get(r.familyTermId) ?? 0, r.revision));
  const items = new Map<string, DueItem>();
  const adjustmentsSeen = new Map<string, number>();
  for (const r of rows) {
    // Adjustments are only ever appended and carried unchanged: the n-th of every revision is one item.
    const revKey = `${r.familyTermId}:${r.revision}`;
    let slot: string;
    if (r.kind === 'plan') slot = `plan:${r.optionId}`;
    else {
      const n = (adjustmentsSeen.get(revKey) ?? 0) + 1;
      adjustmentsSeen.set(revKey, n);
      slot = `adj:${n}`;
    }
    const dueKey = `${r.familyTermId}:${slot}`;
    const item = items.get(dueKey);
    const lineCounts = item?.lineCounts ?? new Map<number, number>();
    lineCounts.set(r.revision, r.lineCount);
    if (r.revision === latest.get(r.familyTermId)) {
      items.set(dueKey, {
        dueKey,
        familyTermId: r.familyTermId,
        term: r.term,
        plan: r.plan,
        revision: r.revision,
        reason: r.reason,
        writtenOn: r.writtenOn,
        name: r.name,
        kind: r.kind,
        dateDue: r.dateDue,
        val: r.val,
        lines: r.lines ?? [],
        lineCounts,
      });
    } else if (!item) {
      // Known from an earlier revision only so far; the latest fills it in (or it left the plan: then
      // it stays out, and what was charged for it stands).
      items.set(dueKey, { lineCounts } as DueItem);
    }
  }
  return [...items.values()].filter((i) => i.dueKey !== undefined);
}

function unpostedFeesRead(tx: Db, companyId: string, familyId: string) {
  return tx
    .select({
      familyTermId: registrationFees.familyTermId,
      term: yearTerms.name,
      amount: registrationFees.amount,
      participation: registrationFees.participation,
      chargedOn: registrationFees.chargedOn,
    })
    .from(registrationFees)
    .innerJoin(familyTerms, eq(familyTerms.id, registrationFees.familyTermId))
    .innerJoin(yearTerms, eq(yearTerms.id, familyTerms.yearTermId))
    .where(and(eq(registrationFees.companyId, companyId), eq(familyTerms.familyId, familyId)));
}

const later = (a: string, b: string) => (compareDates(a, b) >= 0 ? a : b);
const sum = (xs: readonly { amount: number }[]) => xs.reduce((s, x) => s + x.amount, 0);

/** What changed in a due item since it was last charged, in its own lines when they add up. */
function differenceLines(item: DueItem, charged: BookCharge[], diff: number): MoneyLine[] {
  const lastRevision = Math.max(...charged.map((c) => c.revision ?? 0));
  const before = item.lineCounts.get(lastRevision) ?? 0;
  const added = item.lines.slice(before);
  if (added.length > 0 && sum(added) === diff) return added;
  return [{ label: `${item.reason}: ${diff < 0 ? '−' : '+'}${centsText(Math.abs(diff))}`, amount: diff }];
}

import { studioMoneySettings } from './settings';

export { studioMoneySettings };

const billingRead = preparedBatch(['companyId', 'familyId'], (db, p) =>
  billingReads(db, p.companyId, p.familyId),
);

/**
 * What billing reads of a family under its lock, as reads for a batch: billFamily's own, or a caller's
 * that holds the lock and bills with its own write (a class change, decision 084).
 */
export function billingReads(db: Db, companyId: string, familyId: string) {
  return {
    ...bookReads(db, companyId, familyId),
    fees: unpostedFeesRead(db, companyId, familyId),
    dueRows: dueItemRowsRead(db, companyId, familyId),
    // What the postings below are checked against (decision 078): the day the books are closed through
    // (FOR SHARE, as closedThrough reads it) and the keys of the family's charges posted already.
    period: db
      .select({ closedThrough: ledgerPeriods.closedThrough })
      .from(ledgerPeriods)
      .where(eq(ledgerPeriods.companyId, companyId))
      .for('share'),
    keys: db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(
        and(
          eq(ledgerTransactions.companyId, companyId),
          eq(ledgerTransactions.familyId, familyId),
          eq(ledgerTransactions.kind, 'charge'),
        ),
      ),
  };
}
/** billingReads' answers. */
export type BillingRead = Awaited<ReturnType<typeof billingRead>>;
/** A plan payment of a revision as billing reads it (a due item's row). */
export type DueItemRow = BillingRead['dueRows'][number];
/** A registration fee of one of the family's terms as billing reads it. */
export type FeeRow = BillingRead['fees'][number];

/**
 * Posts what the family owes by `ctx.today`: each plan payment due by then, by difference from what was
 * charged for it; each registration fee; each late fee due. Locks the family. Returns how many charges
 * were posted.
 */
export async function billFamily(
  ctx: LedgerCtx,
  opts: {
    settings?: StudioMoneySettings;
    /** The caller holds the family's row lock already (a class change, an approval): not taken again. */
    locked?: boolean;
    /**
     * Tell the family (notices.ts): a bill for what was posted, a notice per late fee, the overdue
     * reminders due. Left out where the caller's own mail tells of the charges (a registration, an
     * approval) or nobody is to be told (the demo's history).
     */
    notify?: { appUrl: string; onAutopay: AutopayCheck };
    /** Receives the ids of the charges posted, late fees included. */
    posted?: string[];
  } = {},
): Promise<number> {
  const { tx, companyId, familyId } = ctx;
  if (!opts.locked && !(await lockFamilyRow(tx, companyId, familyId))) return 0;
  // Under the lock, in one round trip: the book, the registration fees and the plan's due items.
  const { writes, book, billed } = await billFrom(
    ctx,
    await billingRead(tx, { companyId, familyId }),
    opts.settings,
  );
  await writes.flush(tx);
  opts.posted?.push(...billed.billed, ...billed.lateFees);
  if (opts.notify) {
    await noticeBilling(ctx, book, { ...opts.notify, ...billed });
  }
  return billed.billed.length + billed.lateFees.length;
}

/**
 * billFamily's postings made from its reads, with what the caller wrote since in the same statement as
 * these postings (`read`'s fees and due rows given the class change's fee and revision, decision 084),
 * the family's lock held: the postings kept, as inserts built and not sent, for the caller's statement,
 * and the book as they leave it. Tells nobody (the caller's own mail tells of the charges, or nobody is).
 */
export async function billKept(
  ctx: LedgerCtx,
  read: BillingRead,
  opts: { settings: StudioMoneySettings; posted?: string[] },
): Promise<{ writes: PendingWrite[]; book: Book }> {
  const { writes, book, billed } = await billFrom(ctx, read, opts.settings);
  opts.posted?.push(...billed.billed, ...billed.lateFees);
  return { writes: writes.take(ctx.tx), book };
}

/** The family's book out of billing's reads (as read, before anything is posted). */
export function bookOfBillingRead(read: BillingRead): Book {
  const { fees, dueRows, period, keys, ...bookRows } = read;
  return bookOf(bookRows);
}

/** The postings of billing's reads, kept in a LedgerWrites of their own. */
async function billFrom(ctx: LedgerCtx, read: BillingRead, settings: StudioMoneySettings | undefined) {
  const { fees, dueRows, period, keys, ...bookRows } = read;
  const book = bookOf(bookRows);
  // The postings' rows are sent in one statement once all are made (decision 078).
  const writes = new LedgerWrites(period[0]?.closedThrough ?? null, new Set(keys.map((k) => k.key)));
  const billed = await postAll({ ...ctx, writes }, book, fees, dueRows, settings);
  return { writes, book, billed };
}

/** billFamily's postings: the registration fees due, the due items' charges, the late fees. */
async function postAll(
  ctx: LedgerCtx,
  book: Book,
  fees: Awaited<ReturnType<typeof billingRead>>['fees'],
  dueRows: Awaited<ReturnType<typeof billingRead>>['dueRows'],
  studioSettings: StudioMoneySettings | undefined,
) {
  const { tx, companyId, today } = ctx;
  const settings = studioSettings ?? (await studioMoneySettings(tx, companyId));
  const billed: string[] = [];

  for (const fee of fees) {
    const dueKey = `${fee.familyTermId}:fee`;
    if (compareDates(fee.chargedOn, today) > 0 || fee.amount === 0) continue;
    if (book.charges.some((c) => c.dueKey === dueKey)) continue;
    const id = await postCharge(ctx, book, {
      category: 'registration_fee',
      item: `Registration fee, ${fee.term} (${fee.participation})`,
      amount: fee.amount,
      dueDate: later(fee.chargedOn, today),
      dueKey,
      familyTermId: fee.familyTermId,
      lines: [
        {
          label: `Once per family per year term, with the first registration (${formatDateOnly(fee.chargedOn)})`,
          amount: fee.amount,
        },
      ],
      key: `fee:${fee.familyTermId}`,
      reason: 'Registration',
    });
    if (id) billed.push(id);
  }

  for (const item of dueItemsOf(dueRows)) {
    if (compareDates(item.dateDue, today) > 0) continue;
    const id = await postDueItem(ctx, book, item);
    if (id) billed.push(id);
  }

  const lateFees = await postLateFees(ctx, book, settings);
  return { billed, lateFees, settings };
}

/**
 * Posts what a due item's charges lack of its amount in the latest revision (nothing when they add up
 * to it), keyed by the revision: the billing day's posting, and the paid toggle's for a payment marked
 * paid before its due date (the billing day then finds nothing left to post for it). Returns the
 * charge's id, or null when nothing was posted.
 */
export async function postDueItem(ctx: LedgerCtx, book: Book, item: DueItem): Promise<string | null> {
  const charged = book.charges.filter((c) => c.dueKey === item.dueKey);
  let diff = item.val - charged.reduce((s, c) => s + c.total, 0);
  // When the owner removed (waived) a charge of the item, a reduction gives back at most what still
  // stands of it: a removal and a drop never both give the money back (decision 027).
  if (diff < 0 && charged.some((c) => c.removed))
    diff = Math.max(diff, -Math.max(0, standingOf(book, item.dueKey)));
  if (diff === 0) return null;
  const first = charged.length === 0;
  return postCharge(ctx, book, {
    category: 'tuition',
    item: first
      ? `${item.term} tuition (${item.plan}): ${item.name}`
      : `${item.term} tuition (${item.plan}): ${item.name}, change`,
    amount: diff,
    // Due on its day, or the day the change was written if later (an approval, an owner's earlier
    // date): never already late when it is posted. A billing day run late keeps the plan's due date.
    dueDate: later(item.dateDue, item.writtenOn),
    dueKey: item.dueKey,
    familyTermId: item.familyTermId,
    revision: item.revision,
    lines: first && sum(item.lines) === diff ? item.lines : differenceLines(item, charged, diff),
    key: `plan:${item.dueKey}:r${item.revision}`,
    reason: first ? (item.kind === 'adjustment' ? item.reason : 'Payment plan') : item.reason,
  });
}

/**
 * A late fee for each tuition due item still unpaid its grace days after it was due, once per item.
 * Returns the fees' ids.
 */
async function postLateFees(ctx: LedgerCtx, book: Book, settings: StudioMoneySettings): Promise<string[]> {
  const { amount, afterDays } = settings.lateFee;
  if (amount <= 0) return [];
  const byItem = new Map<string, BookCharge[]>();
  for (const c of book.charges) {
    if (c.category !== 'tuition' || !c.dueKey || c.removed || c.total <= 0) continue;
    byItem.set(c.dueKey, [...(byItem.get(c.dueKey) ?? []), c]);
  }
  const posted: string[] = [];
  for (const [dueKey, charges] of byItem) {
    const open = charges.reduce((s, c) => s + c.open, 0);
    if (open <= 0) continue;
    const due = charges.map((c) => c.dueDate).sort()[0]!;
    const feeDay = lateFeeDay(due, afterDays);
    if (compareDates(feeDay, ctx.today) > 0) continue;
    const lateKey = `${dueKey}:late`;
    if (book.charges.some((c) => c.dueKey === lateKey)) continue;
    const what = charges[0]!.item.replace(/, change$/, '');
    const id = await postCharge(ctx, book, {
      category: 'late_fee',
      item: `Late fee: ${what}`,
      amount,
      dueDate: ctx.today,
      dueKey: lateKey,
      familyTermId: charges[0]!.familyTermId,
      lines: [
        {
          label: `${centsText(open)} still unpaid ${afterDays} days after ${formatDateOnly(due)}`,
          amount,
        },
      ],
      key: `late:${dueKey}`,
      reason: `Unpaid ${afterDays} days after its due date`,
    });
    if (id) posted.push(id);
  }
  return posted;
}

/**
 * A plan payment's due item key in SQL, for a payment `p` (family_plan_payments) of family term `ft`
 * among the payments of its revision: `<family term>:plan:<option>`, or `<family term>:adj:<n>` for the
 * revision's n-th adjustment by sort order. The same keys familyDueItems gives in memory; the window
 * must see every payment of the revision.
 */
export const DUE_KEY = sql`ft.id::text || ':' || case when p.kind = 'plan' then 'plan:' || p.option_id::text
  else 'adj:' || (row_number() over (partition by p.revision_id, p.kind order by p.sort_order))::text end`;

/**
 * The payments of each family term's latest plan revision as a subquery (the studio's, or one year
 * term's): family_id, family_term_id, plan_id, revision, payment_id, kind, name, val, date_due,
 * sort_order and due_key.
 */
export function latestDueItems(companyId: string, yearTermId?: string) {
  const ofTerm = yearTermId
    ? sql`and r.family_term_id in (select id from family_terms where company_id = ${companyId} and year_term_id = ${yearTermId})`
    : sql``;
  return sql`
    select ft.family_id, ft.id as family_term_id, ft.plan_id, l.revision, p.id as payment_id, p.kind,
      p.name, p.val, p.date_due, p.sort_order, ${DUE_KEY} as due_key
    from (
      select distinct on (r.family_term_id) r.id, r.family_term_id, r.revision
      from family_plan_revisions r
      where r.company_id = ${companyId} ${ofTerm}
      order by r.family_term_id, r.revision desc
    ) l
    join family_plan_payments p on p.revision_id = l.id
    join family_terms ft on ft.id = l.family_term_id`;
}

/**
 * The families of a studio that have something to post on `day`: a plan payment due whose charges
 * differ from it, a registration fee not charged, a late fee due. One statement, whatever the studio's
 * size; the billing day then bills only them.
 */
export async function familiesToBill(db: Db, companyId: string, day: string, graceDays: number) {
  // And the families with an overdue reminder to send (notices.ts): a tuition item still open on its
  // reminder day, before its late fee, not reminded yet.
  const lead = overdueNoticeDays(graceDays);
  const overdue =
    lead === null
      ? sql``
      : sql`union
    select o.family_id from owing o
    group by o.family_id, o.due_key
    having sum(o.open) > 0
      and min(o.due_date) + ${lead}::int <= ${day}::date
      and min(o.due_date) + ${graceDays}::int > ${day}::date
      and not exists (select 1 from mail_outbox m where m.key = 'overdue:' || o.due_key)`;
  const result = await db.execute(sql`
    with due as (${latestDueItems(companyId)}), charged as (
      select c.due_key, sum(c.total)::int as total,
        coalesce(sum(c.total) filter (where r.id is null), 0)::int as standing
      from ledger_charges c left join ledger_transactions r on r.reverses_id = c.tx_id
      where c.company_id = ${companyId} and c.due_key is not null
      group by c.due_key
    ), owing as (
      select f.* from (${chargesPaid(sql`c.company_id = ${companyId} and c.category = 'tuition' and c.due_key is not null`)}) f
      where not f.removed and f.total > 0
    )
    select d.family_id from due d left join charged c on c.due_key = d.due_key
    where d.date_due <= ${day}::date
      and (d.val > coalesce(c.total, 0)
        or (d.val < coalesce(c.total, 0) and (coalesce(c.standing, 0) = coalesce(c.total, 0) or c.standing > 0)))
    union
    select ft.family_id from registration_fees f
    join family_terms ft on ft.id = f.family_term_id
    where f.company_id = ${companyId} and f.charged_on <= ${day}::date and f.amount > 0
      and not exists (select 1 from ledger_charges c where c.company_id = ${companyId} and c.due_key = ft.id::text || ':fee')
    union
    select o.family_id from owing o
    group by o.family_id, o.due_key
    having sum(o.open) > 0
      and min(o.due_date) + ${graceDays}::int <= ${day}::date
      and not exists (select 1 from ledger_charges l where l.company_id = ${companyId} and l.due_key = o.due_key || ':late')
    ${overdue}
  `);
  const rows = (result as unknown as { rows: { family_id: string }[] }).rows;
  return [...new Set(rows.map((r) => r.family_id))].sort();
}
