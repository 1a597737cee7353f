import type { assignInput, sizePriceAssignInput } from '@pirouette/domain';
import {
  COSTUME_ORDER_TEXT,
  COSTUME_TEXT,
  centsText,
  costumeDeposit,
  type DepositSetting,
  depositRefundable,
  depositRuleText,
  messages,
} from '@pirouette/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  costumeAssignments,
  costumePrices,
  costumeReferences,
  costumeStyles,
  studentOutfits,
} from '../../db/schema/costumes';
import { students } from '../../db/schema/families';
import { classRegistrations, danceNumberActivity } from '../../db/schema/schedule';
import { AppError, conflict, notFound } from '../../http/errors';
import { type LedgerCtx, lockBook, postCharge, removeCharge } from '../ledger';
import { studioToday } from '../ledger/ledger.service';
import { findPosted } from '../ledger/post';
import { leaveCart } from './orders.service';
import { type CostumeDeps, findStyle, type PriceRow, readCostumeSettings, requireOwner } from './shared';
import { upsertEntry } from './styles.service';

/**
 * Costumes assigned to dancers (issue 18, decision 029). A dancer of a dance number (one activity row)
 * has one outfit; each costume style of the number is assigned to it at most once while live. The
 * deposit (studio setting) is charged to the family's ledger in the assignment's own transaction, keyed
 * by the assignment, so a request sent twice assigns and charges once.
 */

/** The ledger key of an assignment's deposit charge. */
export const depositKey = (assignmentId: string) => `costume-deposit:${assignmentId}`;

/** The dancer of an activity row, in the studio, with their family (404 otherwise). */
async function dancerOf(db: Db, companyId: string, activityId: string) {
  const [row] = await db
    .select({
      activityId: danceNumberActivity.id,
      danceNumberId: danceNumberActivity.danceNumberId,
      active: danceNumberActivity.active,
      registrationActive: classRegistrations.active,
      iStatus: classRegistrations.iStatus,
      studentId: students.id,
      firstName: students.firstName,
      familyId: students.familyId,
    })
    .from(danceNumberActivity)
    .innerJoin(classRegistrations, eq(classRegistrations.id, danceNumberActivity.classRegistrationId))
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(and(eq(danceNumberActivity.companyId, companyId), eq(danceNumberActivity.id, activityId)));
  if (!row) throw notFound(COSTUME_TEXT.dancerNotFound);
  if (!row.active || !row.registrationActive || row.iStatus < 0) {
    throw new AppError('unprocessable', COSTUME_TEXT.dancerInactive);
  }
  return row;
}

type Dancer = Awaited<ReturnType<typeof dancerOf>>;
type Style = Awaited<ReturnType<typeof findStyle>>;

/**
 * Assigns an entry to the dancer's outfit, inside a transaction holding the family's books, and charges
 * its deposit. The same entry assigned again answers the live assignment and charges nothing more.
 */
async function assignInBooks(
  tx: Db,
  ctx: { companyId: string; userId: string; today: string; deposit: DepositSetting },
  dancer: Dancer,
  style: Style,
  entry: () => Promise<PriceRow>,
  sellPrice: (e: PriceRow) => number,
): Promise<{ assignId: string; entry: PriceRow }> {
  const book = await lockBook(tx, ctx.companyId, dancer.familyId);
  if (!book) throw new AppError('not_found', messages.accountNotFound);
  // Shared, so that taking the style off the number waits for this assignment and then sees it.
  const [ref] = await tx
    .select({ id: costumeReferences.id })
    .from(costumeReferences)
    .where(
      and(eq(costumeReferences.styleId, style.id), eq(costumeReferences.danceNumberId, dancer.danceNumberId)),
    )
    .for('share');
  if (!ref) throw new AppError('unprocessable', COSTUME_TEXT.notOnNumber);
  const e = await entry();

  await tx
    .insert(studentOutfits)
    .values({
      companyId: ctx.companyId,
      activityId: dancer.activityId,
      studentId: dancer.studentId,
      familyId: dancer.familyId,
    })
    .onConflictDoNothing();
  const [outfit] = await tx
    .select({ id: studentOutfits.id })
    .from(studentOutfits)
    .where(eq(studentOutfits.activityId, dancer.activityId));

  const [live] = await tx
    .select({ id: costumeAssignments.id, priceId: costumeAssignments.priceId })
    .from(costumeAssignments)
    .where(
      and(
        eq(costumeAssignments.outfitId, outfit!.id),
        eq(costumeAssignments.styleId, style.id),
        isNull(costumeAssignments.removedAt),
      ),
    );
  if (live) {
    if (live.priceId === e.id) return { assignId: live.id, entry: e };
    const [had] = await tx.select().from(costumePrices).where(eq(costumePrices.id, live.priceId));
    throw conflict(COSTUME_TEXT.alreadyAssigned(had?.size ?? '', had?.color ?? ''));
  }

  const sell = sellPrice(e);
  const deposit = costumeDeposit(ctx.deposit, sell);
  const [row] = await tx
    .insert(costumeAssignments)
    .values({
      companyId: ctx.companyId,
      outfitId: outfit!.id,
      activityId: dancer.activityId,
      styleId: style.id,
      priceId: e.id,
      sellPrice: sell,
      priceBuy: e.priceBuy,
      deposit,
      createdBy: ctx.userId,
    })
    .returning({ id: costumeAssignments.id });
  const assignId = row!.id;

  if (deposit > 0) {
    const ledger: LedgerCtx = {
      tx,
      companyId: ctx.companyId,
      familyId: dancer.familyId,
      today: ctx.today,
      by: { userId: ctx.userId },
    };
    const what = [e.size, e.color].filter(Boolean).join(', ');
    await postCharge(ledger, book, {
      category: 'costume',
      typeId: 'costume',
      item: `Costume deposit: ${style.styleName} — ${dancer.firstName}`,
      amount: deposit,
      dueDate: ctx.today,
      lines: [
        {
          label: `${style.styleName} #${style.styleNumber}${what ? ` (${what})` : ''} at ${centsText(sell)}: deposit ${depositRuleText(ctx.deposit, centsText)}`,
          amount: deposit,
        },
      ],
      key: depositKey(assignId),
      reason: 'Costume assigned',
    });
  }
  return { assignId, entry: e };
}

async function assignmentContext(deps: CostumeDeps) {
  const { db, actor, clock } = deps;
  const [today, settings] = await Promise.all([
    studioToday(db, actor.companyId, clock),
    readCostumeSettings(db, actor.companyId),
  ]);
  return { companyId: actor.companyId, userId: actor.userId, today, deposit: settings.deposit };
}

/** `POST …/style/size-price-assign`: the entry found or made, then assigned, in one transaction. */
export async function sizePriceAssign(deps: CostumeDeps, body: z.output<typeof sizePriceAssignInput>) {
  const { db, actor } = deps;
  requireOwner(actor);
  const style = await findStyle(db, actor.companyId, body.costumeID);
  const dancer = await dancerOf(db, actor.companyId, body.dncNumActID);
  const ctx = await assignmentContext(deps);
  const done = await db.transaction((tx) =>
    assignInBooks(
      tx,
      ctx,
      dancer,
      style,
      () =>
        upsertEntry(tx, actor.companyId, style.id, {
          size: body.size,
          color: body.color,
          priceBuy: body.price_buy,
          priceSell: body.price_sell,
        }),
      () => body.price_sell,
    ),
  );
  return {
    sizeColorID: done.entry.id,
    priceID: done.entry.id,
    assignID: done.assignId,
    msg: COSTUME_TEXT.assigned,
  };
}

/** `POST …/style/assign`: an existing entry assigned to the dancer at `price` (its sell price when absent). */
export async function assign(deps: CostumeDeps, body: z.output<typeof assignInput>) {
  const { db, actor } = deps;
  requireOwner(actor);
  const [entry] = await db
    .select()
    .from(costumePrices)
    .where(and(eq(costumePrices.companyId, actor.companyId), eq(costumePrices.id, body.priceID)));
  if (!entry) throw notFound(COSTUME_TEXT.priceNotFound);
  const style = await findStyle(db, actor.companyId, entry.styleId);
  const dancer = await dancerOf(db, actor.companyId, body.dncNumActID);
  const ctx = await assignmentContext(deps);
  const done = await db.transaction((tx) =>
    assignInBooks(
      tx,
      ctx,
      dancer,
      style,
      async () => entry,
      (e) => body.price ?? e.priceSell,
    ),
  );
  return { id: done.assignId, msg: COSTUME_TEXT.assigned };
}

/**
 * `DELETE …/assign/{id}`: the costume taken from the dancer. Before the studio's refundable date its
 * deposit comes off the family's bill (the paid part goes to the family's credit, decision 027); on or
 * after it, the charge stays and the answer says so. A costume in a cart leaves it; one ordered already
 * keeps both its deposit and its balance on the family's bill.
 */
export async function unassign(deps: CostumeDeps, id: string) {
  const { db, actor } = deps;
  requireOwner(actor);
  const [found] = await db
    .select({
      familyId: studentOutfits.familyId,
      firstName: students.firstName,
      styleName: costumeStyles.styleName,
    })
    .from(costumeAssignments)
    .innerJoin(studentOutfits, eq(studentOutfits.id, costumeAssignments.outfitId))
    .innerJoin(students, eq(students.id, studentOutfits.studentId))
    .innerJoin(costumeStyles, eq(costumeStyles.id, costumeAssignments.styleId))
    .where(
      and(
        eq(costumeAssignments.companyId, actor.companyId),
        eq(costumeAssignments.id, id),
        isNull(costumeAssignments.removedAt),
      ),
    );
  if (!found) throw notFound(COSTUME_TEXT.assignmentNotFound);
  const { today, refundableUntil } = {
    today: await studioToday(db, actor.companyId, deps.clock),
    ...(await readCostumeSettings(db, actor.companyId)),
  };
  return db.transaction(async (tx) => {
    const book = await lockBook(tx, actor.companyId, found.familyId);
    if (!book) throw new AppError('not_found', messages.accountNotFound);
    // Under the family's lock: a second removal sent at once finds it gone.
    const [removed] = await tx
      .update(costumeAssignments)
      .set({ removedAt: deps.clock.now(), removedReason: 'Removed by the studio' })
      .where(and(eq(costumeAssignments.id, id), isNull(costumeAssignments.removedAt)))
      .returning({ id: costumeAssignments.id });
    if (!removed) throw notFound(COSTUME_TEXT.assignmentNotFound);
    // A costume in a cart leaves it; one ordered already keeps its deposit and balance (decision 029).
    const { ordered } = await leaveCart(tx, id);
    if (ordered) return { msg: COSTUME_ORDER_TEXT.orderedKept, depositRemoved: false };
    const chargeId = await findPosted(tx, actor.companyId, depositKey(id));
    const charge = chargeId ? book.charges.find((c) => c.id === chargeId && !c.removed) : undefined;
    if (!charge) return { msg: COSTUME_TEXT.assignmentRemoved, depositRemoved: false };
    if (!depositRefundable(refundableUntil, today)) {
      return {
        msg: `${COSTUME_TEXT.assignmentRemoved} ${COSTUME_TEXT.depositKept(refundableUntil!)}`,
        depositRemoved: false,
      };
    }
    const ledger: LedgerCtx = {
      tx,
      companyId: actor.companyId,
      familyId: found.familyId,
      today,
      by: { userId: actor.userId },
    };
    await removeCharge(ledger, book, charge.id, `Costume removed: ${found.styleName} — ${found.firstName}`);
    return { msg: COSTUME_TEXT.depositRemoved, depositRemoved: true };
  });
}
