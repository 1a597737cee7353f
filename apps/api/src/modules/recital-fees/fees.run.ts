import {
  addDays,
  centsText,
  type FeeUnitPlan,
  formatDateOnly,
  planRecitalFees,
  RECITAL_FEE_TEXT as TEXT,
  todayInZone,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recitalFeeCharges } from '../../db/schema/recitals';
import { enqueueJob } from '../../jobs/define';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { enqueueMail } from '../../mail/outbox';
import {
  familyAddress,
  instantAt,
  type LedgerCtx,
  lockBook,
  type Poster,
  portalLink,
  postCharge,
  removeCharge,
} from '../ledger';
import { feeChargeOf, feeRows, findRecital, performingDancers, type RecitalFeeRecital } from './fees.queries';
import { recitalFeeJobs } from './jobs';

/** Hour (studio time) the daily run for dancers who joined later is due. */
const FEES_DAY_HOUR = 2;

export type FeeRunArgs = {
  db: Db;
  companyId: string;
  recitalId: string;
  clock: Clock;
  by: Poster;
  appUrl: string;
  /** The day the run judges (the job's day); the studio's today by default. */
  day?: string;
  /** Told of a family whose postings failed, the run going on with the others; absent, the run stops at it (the owner's button shows the error). */
  onFamilyError?: (familyId: string, error: unknown) => void;
};

/**
 * A posting run (decision 073): reads who performs and the fee rows, plans, and for each family with
 * something to do, in one transaction under the family's lock (the ledger's `lockBook`), reads again,
 * plans again, posts the fees through the ledger's `postCharge` (keyed `recital-fee:<recital>:<unit>`),
 * takes off through `removeCharge` the fees of dancers who left before the fee's last day, writes the fee
 * rows and the family's mail. Two runs at once post once: the second waits for the family's lock and
 * finds the first's rows.
 */
export async function runRecitalFees(
  a: FeeRunArgs,
): Promise<{ posted: number; removed: number; failed: number }> {
  const r = await findRecital(a.db, a.companyId, a.recitalId);
  if (!r) return { posted: 0, removed: 0, failed: 0 };
  const today = a.day ?? todayInZone(r.timeZone, a.clock.now());
  const plans = await planOf(a.db, r, today);
  const families = [
    ...new Set(plans.filter((p) => p.state === 'to_post' || p.state === 'to_remove').map((p) => p.familyId)),
  ];
  let posted = 0;
  let removed = 0;
  let failed = 0;
  for (const familyId of families) {
    // One family's failure (a closed month, a write refused) leaves the others' postings to be made;
    // its own is made by the next run, which plans it again.
    try {
      const done = await a.db.transaction((tx) => applyFamily(tx, { ...a, r, today, familyId }));
      posted += done.posted;
      removed += done.removed;
    } catch (error) {
      if (!a.onFamilyError) throw error;
      failed += 1;
      a.onFamilyError(familyId, error);
    }
  }
  return { posted, removed, failed };
}

/** The plan of the whole recital, or of one family. */
async function planOf(db: Db, r: RecitalFeeRecital, today: string, familyId?: string) {
  const performing = await performingDancers(db, r.companyId, r, familyId);
  const rows = await feeRows(db, r.companyId, r.id, familyId);
  return planRecitalFees({
    recitalId: r.id,
    settings: { amount: r.feeAmount, per: r.feePer, refundableUntil: r.feeRefundableUntil },
    today,
    performing,
    charges: rows.map(feeChargeOf),
  });
}

type FamilyArgs = FeeRunArgs & { r: RecitalFeeRecital; today: string; familyId: string };

async function applyFamily(tx: Db, f: FamilyArgs): Promise<{ posted: number; removed: number }> {
  // The settings as they stand now, held (FOR SHARE) until this family's postings commit: a change of the
  // amount or of "per" waits for them, and is refused once they are on the bill; a run never posts a
  // fee read before such a change.
  const now = await findRecital(tx, f.companyId, f.recitalId, 'share');
  if (!now || now.archivedAt) return { posted: 0, removed: 0 };
  const a: FamilyArgs = { ...f, r: now };
  const book = await lockBook(tx, a.companyId, a.familyId);
  if (!book) return { posted: 0, removed: 0 };
  const performing = await performingDancers(tx, a.companyId, a.r, a.familyId);
  const rows = await feeRows(tx, a.companyId, a.r.id, a.familyId);
  const plans = planRecitalFees({
    recitalId: a.r.id,
    settings: { amount: a.r.feeAmount, per: a.r.feePer, refundableUntil: a.r.feeRefundableUntil },
    today: a.today,
    performing,
    charges: rows.map(feeChargeOf),
  });
  const names = new Map<string, string>();
  for (const d of performing) names.set(d.studentId, d.firstName);
  for (const c of rows) if (c.studentId && c.firstName) names.set(c.studentId, c.firstName);
  const fullNames = new Map<string, string>();
  for (const d of performing) fullNames.set(d.studentId, `${d.firstName} ${d.lastName}`.trim());
  for (const c of rows)
    if (c.studentId) fullNames.set(c.studentId, `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim());
  const familyName = performing[0]?.family ?? rows[0]?.family ?? '';
  const ctx: LedgerCtx = { tx, companyId: a.companyId, familyId: a.familyId, today: a.today, by: a.by };
  const notices: { plan: FeeUnitPlan; kind: 'posted' | 'removed'; rowId: string }[] = [];
  for (const p of plans) {
    const who = p.studentId ? (fullNames.get(p.studentId) ?? '') : TEXT.familyWho(familyName);
    if (p.state === 'to_post' && p.key) {
      const item = TEXT.itemOf(a.r.name, who);
      const chargeId = await postCharge(ctx, book, {
        category: 'recital_fee',
        item,
        amount: p.amount,
        dueDate: a.today,
        lines: [
          {
            label: `${TEXT.lineOf(a.r.name, p.studentId ? (names.get(p.studentId) ?? who) : null)}: ${centsText(p.amount)}`,
            amount: p.amount,
          },
        ],
        key: p.key,
        reason: 'Recital fee',
      });
      if (!chargeId) continue;
      const [row] = await tx
        .insert(recitalFeeCharges)
        .values({
          companyId: a.companyId,
          recitalId: a.r.id,
          familyId: a.familyId,
          studentId: p.studentId,
          amount: p.amount,
          ledgerChargeId: chargeId,
          postedAt: a.clock.now(),
        })
        .returning({ id: recitalFeeCharges.id });
      notices.push({ plan: p, kind: 'posted', rowId: row!.id });
    } else if (p.state === 'to_remove' && p.chargeId) {
      const row = rows.find((c) => c.id === p.chargeId);
      const charge = book.charges.find((c) => c.id === row?.ledgerChargeId);
      // Part of it refunded by hand: the ledger keeps it, and so does the fee.
      if (charge && charge.refunded > 0) continue;
      if (charge && !charge.removed)
        await removeCharge(ctx, book, charge.id, TEXT.removedReason(who, a.r.name));
      await tx
        .update(recitalFeeCharges)
        .set({ removedAt: a.clock.now() })
        .where(and(eq(recitalFeeCharges.companyId, a.companyId), eq(recitalFeeCharges.id, p.chargeId)));
      notices.push({ plan: p, kind: 'removed', rowId: p.chargeId });
    }
  }
  if (notices.length === 0) return { posted: 0, removed: 0 };
  await mailNotices(tx, a, { notices, names, balance: book.balance });
  const posted = notices.filter((n) => n.kind === 'posted').length;
  const removed = notices.length - posted;
  await audit(tx, {
    action: 'recital.fees_posted',
    companyId: a.companyId,
    userId: 'userId' in a.by ? a.by.userId : null,
    targetType: 'family',
    targetId: a.familyId,
    detail: { recitalId: a.r.id, posted, removed },
  });
  return { posted, removed };
}

/** One mail per posting and per removal, keyed by the fee row and what happened (written once). */
async function mailNotices(
  tx: Db,
  a: FamilyArgs,
  m: {
    notices: { plan: FeeUnitPlan; kind: 'posted' | 'removed'; rowId: string }[];
    names: Map<string, string>;
    balance: number;
  },
) {
  const address = await familyAddress(tx, a.companyId, a.familyId);
  if (!address?.to) return;
  for (const n of m.notices) {
    await enqueueMail(tx, {
      template: n.kind === 'posted' ? 'recital-fee-posted' : 'recital-fee-removed',
      to: address.to,
      companyId: a.companyId,
      key: `recital-fee:${n.rowId}:${n.kind}`,
      data: {
        studioName: address.studioName,
        studioContact: address.studioContact,
        family: address.family,
        recital: a.r.name,
        dancer: n.plan.studentId ? (m.names.get(n.plan.studentId) ?? '') : '',
        amount: centsText(n.plan.amount),
        balance: centsText(m.balance),
        until: a.r.feeRefundableUntil ? formatDateOnly(a.r.feeRefundableUntil) : '',
        link: portalLink(a.appUrl),
      },
    });
  }
}

/** Queues the recital's daily run of `day` (keyed per recital and day: queued twice is queued once). */
export function scheduleFeesDay(
  db: Db,
  r: { id: string; companyId: string; lastDay: string },
  day: string,
  zone: string,
) {
  if (day > r.lastDay) return Promise.resolve(false);
  return enqueueJob(db, recitalFeeJobs.feesDay, {
    key: `${r.id}:${day}`,
    runAt: instantAt(addDays(day, 1), FEES_DAY_HOUR, zone),
    companyId: r.companyId,
    payload: { recitalId: r.id, day },
  });
}
