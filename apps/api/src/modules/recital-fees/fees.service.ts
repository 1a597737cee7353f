import {
  type Actor,
  addDays,
  can,
  type FeeChargeRow,
  type PerformingDancer,
  planRecitalFees,
  RECITAL_FEE_PAGE_SIZE,
  RECITAL_SHOWS_TEXT,
  type RecitalFeeOverview,
  type RecitalFeeRow,
  type RecitalFeeRunResult,
  type RecitalFeeSettingsInput,
  RECITAL_FEE_TEXT as TEXT,
  tallyFromCells,
  todayInZone,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recitals } from '../../db/schema/recitals';
import { forbidden, notFound, unprocessable } from '../../http/errors';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { seasonTerms } from '../recitals';
import {
  feeCells,
  feeChargeOf,
  feePageFamilies,
  feeRows,
  findRecital,
  hasLiveFees,
  pageDancers,
  type RecitalFeeRecital,
} from './fees.queries';
import { runRecitalFees, scheduleFeesDay } from './fees.run';

export type FeeDeps = { db: Db; actor: Actor; clock: Clock; appUrl: string };

/** Every fee call is the owner's: the route says so, and the service checks it again (a teacher never sees money). */
function requireOwner(actor: Actor): void {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

async function recitalOf(db: Db, actor: Actor, id: string, lock = false) {
  requireOwner(actor);
  const r = await findRecital(db, actor.companyId, id, lock);
  if (!r) throw notFound(TEXT.recitalNotFound);
  return r;
}

const settingsOf = (r: RecitalFeeRecital) => ({
  amount: r.feeAmount,
  per: r.feePer,
  refundableUntil: r.feeRefundableUntil,
});

const planOf = (
  r: RecitalFeeRecital,
  today: string,
  performing: readonly PerformingDancer[],
  charges: readonly FeeChargeRow[],
) => planRecitalFees({ recitalId: r.id, settings: settingsOf(r), today, performing, charges });

/**
 * One page of rows (decision 087): the page's families found by the family-name walk (whole name groups),
 * then their dancers and fee rows with names, planned as the posting run plans a family, by family name
 * then dancer (as the whole recital's rows were, the ties in the plan's order), cut to the page.
 */
async function feePage(db: Db, r: RecitalFeeRecital, today: string, page: number): Promise<RecitalFeeRow[]> {
  const start = (page - 1) * RECITAL_FEE_PAGE_SIZE;
  const families = await feePageFamilies(db, r, { start, end: start + RECITAL_FEE_PAGE_SIZE });
  if (families.length === 0) return [];
  const ids = families.map((f) => f.familyId);
  const performing = await pageDancers(db, r, ids);
  const rows = await feeRows(db, r.companyId, r.id, ids);
  const dancer = new Map<string, string>();
  const family = new Map<string, string>();
  for (const d of performing) {
    dancer.set(d.studentId, `${d.firstName} ${d.lastName}`.trim());
    family.set(d.familyId, d.family);
  }
  for (const c of rows) {
    if (c.studentId && !dancer.has(c.studentId))
      dancer.set(c.studentId, `${c.firstName ?? ''} ${c.lastName ?? ''}`.trim());
    if (!family.has(c.familyId)) family.set(c.familyId, c.family);
  }
  const byId = new Map(rows.map((c) => [c.id, c]));
  const items: RecitalFeeRow[] = planOf(r, today, performing, rows.map(feeChargeOf))
    .map((p) => {
      const row = p.chargeId ? byId.get(p.chargeId) : undefined;
      return {
        familyId: p.familyId,
        family: family.get(p.familyId) ?? '',
        studentId: p.studentId,
        dancer: p.studentId ? (dancer.get(p.studentId) ?? '') : null,
        state: p.state,
        amount: p.amount,
        postedAt: row ? row.postedAt.toISOString() : null,
        removedAt: row?.removedAt ? row.removedAt.toISOString() : null,
      };
    })
    .sort((x, y) => x.family.localeCompare(y.family) || (x.dancer ?? '').localeCompare(y.dancer ?? ''));
  // The first name group may begin on the page before.
  const first = families[0]!;
  const skip = start - (first.groupEnd - first.groupUnits);
  return items.slice(skip, skip + RECITAL_FEE_PAGE_SIZE);
}

/**
 * The owner's fee page (decision 087): the settings, the recital's season, the totals of the whole
 * recital (its units counted by cell as the database keeps them, decision 110: a few rows at any size,
 * the settings and the day applied by `tallyFromCells`), and one page of rows by family and dancer
 * (`feePage`: its families alone). Six queries.
 */
export async function feeOverview(deps: FeeDeps, id: string, page: number): Promise<RecitalFeeOverview> {
  const { db, actor, clock } = deps;
  const r = await recitalOf(db, actor, id);
  const today = todayInZone(r.timeZone, clock.now());
  const terms = await seasonTerms(db, actor.companyId, r.firstDay, r.lastDay);
  const kept = tallyFromCells(await feeCells(db, actor.companyId, r.id), settingsOf(r), today);
  const tally = kept.tally;
  return {
    recital: { id: r.id, name: r.name, firstDay: r.firstDay, lastDay: r.lastDay },
    settings: {
      amount: r.feeAmount,
      per: r.feePer,
      refundableUntil: r.feeRefundableUntil,
      locked: kept.live,
    },
    today,
    terms: terms.map((t) => t.name),
    totals: {
      performing: kept.performing,
      toPost: tally.to_post,
      posted: tally.posted,
      toRemove: tally.to_remove,
      removed: tally.removed,
      kept: tally.kept,
    },
    items: await feePage(db, r, today, page),
    total: Object.values(tally).reduce((n, t) => n + t.count, 0),
    page,
    pageSize: RECITAL_FEE_PAGE_SIZE,
  };
}

/**
 * Saves the fee's settings, the recital locked: the amount and per stay as they are once a fee is on a
 * bill (a refusal that changes nothing); the last day may always change.
 */
export async function saveFeeSettings(deps: FeeDeps, id: string, body: RecitalFeeSettingsInput) {
  const { db, actor } = deps;
  return db.transaction(async (tx) => {
    const r = await recitalOf(tx, actor, id, true);
    if (r.archivedAt) throw unprocessable(RECITAL_SHOWS_TEXT.archived);
    const changesFee = r.feeAmount !== body.amount || r.feePer !== body.per;
    if (changesFee && (await hasLiveFees(tx, actor.companyId, r.id)))
      throw unprocessable(TEXT.lockedWhilePosted);
    await tx
      .update(recitals)
      .set({ feeAmount: body.amount, feePer: body.per, feeRefundableUntil: body.refundableUntil })
      .where(and(eq(recitals.companyId, actor.companyId), eq(recitals.id, r.id)));
    await audit(tx, {
      action: 'recital.fee_settings',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'recital',
      targetId: r.id,
      detail: { amount: body.amount, per: body.per, refundableUntil: body.refundableUntil },
    });
    return { msg: TEXT.saved };
  });
}

/** "Post recital fees": the run now, then the daily run from tomorrow for dancers who join later. */
export async function postRecitalFees(deps: FeeDeps, id: string): Promise<RecitalFeeRunResult> {
  const { db, actor, clock, appUrl } = deps;
  const r = await recitalOf(db, actor, id);
  if (r.archivedAt) throw unprocessable(RECITAL_SHOWS_TEXT.archived);
  const live = await hasLiveFees(db, actor.companyId, r.id);
  if (r.feeAmount <= 0 && !live) throw unprocessable(TEXT.noFee);
  const done = await runRecitalFees({
    db,
    companyId: actor.companyId,
    recitalId: r.id,
    clock,
    by: { userId: actor.userId },
    appUrl,
  });
  const today = todayInZone(r.timeZone, clock.now());
  await scheduleFeesDay(db, r, addDays(today, 1), r.timeZone);
  return {
    msg: done.posted + done.removed === 0 ? TEXT.nothingToPost : TEXT.posted(done.posted, done.removed),
    ...done,
  };
}
