import {
  COSTUME_ORDER_TEXT,
  COSTUME_TEXT,
  type CostumeOrder,
  centsText,
  centsToDollars,
  messages,
  type OrderLine,
  type orderInput,
  type shipmentInput,
  type ToOrderGroup,
} from '@pirouette/domain';
import { and, asc, desc, eq, inArray, isNull, max, ne, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  costumeAssignments,
  costumeCompanies,
  costumeOrderLines,
  costumeOrders,
  costumePrices,
  costumeShipmentLines,
  costumeShipments,
  costumeStyles,
  studentOutfits,
} from '../../db/schema/costumes';
import { students } from '../../db/schema/families';
import { danceNumberActivity, danceNumbers } from '../../db/schema/schedule';
import { AppError, badRequest, conflict, notFound, unprocessable } from '../../http/errors';
import { type LedgerCtx, lockBook, postCharge } from '../ledger';
import type { Book } from '../ledger/book';
import { studioToday } from '../ledger/ledger.service';
import { posterName } from '../ledger/post';
import { type CostumeDeps, findCostumeCompany, requireOwner } from './shared';

/**
 * Orders to a costume company (issue 18, decision 029 "Orders"; 001 §3, §4, §7). A company has one
 * open cart of its styles' assigned costumes; completing it places the order and posts each costume's
 * balance (sell price less the deposit) to its family's ledger in the same transaction; shipments are
 * then received against it, in parts. Every query is scoped to the session's studio.
 */

/** The ledger key of an assignment's balance charge, posted when its order is placed. */
export const balanceKey = (assignmentId: string) => `costume-balance:${assignmentId}`;

type OrderRow = typeof costumeOrders.$inferSelect;

/** The lines of orders with their dancers, numbers, styles and the day each arrived (one round trip). */
async function linesOf(db: Db, companyId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: costumeOrderLines.orderId,
      assignmentId: costumeOrderLines.assignmentId,
      priceBuy: costumeOrderLines.priceBuy,
      sellPrice: costumeAssignments.sellPrice,
      deposit: costumeAssignments.deposit,
      removedAt: costumeAssignments.removedAt,
      styleId: costumeStyles.id,
      styleNumber: costumeStyles.styleNumber,
      styleName: costumeStyles.styleName,
      size: costumePrices.size,
      color: costumePrices.color,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      danceNumberId: danceNumbers.id,
      danceNumber: danceNumbers.name,
      receivedOn: costumeShipments.receivedOn,
    })
    .from(costumeOrderLines)
    .innerJoin(costumeAssignments, eq(costumeAssignments.id, costumeOrderLines.assignmentId))
    .innerJoin(costumeStyles, eq(costumeStyles.id, costumeAssignments.styleId))
    .innerJoin(costumePrices, eq(costumePrices.id, costumeAssignments.priceId))
    .innerJoin(studentOutfits, eq(studentOutfits.id, costumeAssignments.outfitId))
    .innerJoin(students, eq(students.id, studentOutfits.studentId))
    .innerJoin(danceNumberActivity, eq(danceNumberActivity.id, costumeAssignments.activityId))
    .innerJoin(danceNumbers, eq(danceNumbers.id, danceNumberActivity.danceNumberId))
    .leftJoin(costumeShipmentLines, eq(costumeShipmentLines.assignmentId, costumeOrderLines.assignmentId))
    .leftJoin(costumeShipments, eq(costumeShipments.id, costumeShipmentLines.shipmentId))
    .where(and(eq(costumeOrderLines.companyId, companyId), inArray(costumeOrderLines.orderId, orderIds)))
    .orderBy(
      asc(costumeStyles.styleNumber),
      asc(costumePrices.size),
      asc(costumePrices.color),
      asc(students.firstName),
      asc(students.lastName),
      asc(costumeOrderLines.assignmentId),
    );
}

const dancerName = (r: { firstName: string; lastName: string }) => `${r.firstName} ${r.lastName}`.trim();

/** Orders as the API answers them: lines, subtotal, shipments, and what is still missing. */
async function present(db: Db, companyId: string, orders: OrderRow[]): Promise<CostumeOrder[]> {
  const ids = orders.map((o) => o.id);
  const [lines, shipments] = await Promise.all([
    linesOf(db, companyId, ids),
    ids.length === 0
      ? []
      : db
          .select({
            id: costumeShipments.id,
            orderId: costumeShipments.orderId,
            receivedOn: costumeShipments.receivedOn,
            note: costumeShipments.note,
            by: costumeShipments.receivedByName,
            assignmentId: costumeShipmentLines.assignmentId,
          })
          .from(costumeShipments)
          .leftJoin(costumeShipmentLines, eq(costumeShipmentLines.shipmentId, costumeShipments.id))
          .where(and(eq(costumeShipments.companyId, companyId), inArray(costumeShipments.orderId, ids)))
          .orderBy(asc(costumeShipments.receivedOn), asc(costumeShipments.createdAt)),
  ]);
  return orders.map((o) => {
    const own: OrderLine[] = lines
      .filter((l) => l.orderId === o.id)
      .map((l) => ({
        costumeAssignedID: l.assignmentId,
        studentID: l.studentId,
        dancer: dancerName(l),
        dncNumID: l.danceNumberId,
        danceNumber: l.danceNumber,
        costumeID: l.styleId,
        styleNumber: l.styleNumber,
        styleName: l.styleName,
        size: l.size,
        color: l.color,
        price_buy: centsToDollars(l.priceBuy),
        price_sell: centsToDollars(l.sellPrice),
        deposit: centsToDollars(l.deposit),
        removed: l.removedAt !== null,
        receivedOn: l.receivedOn,
      }));
    const byShipment = new Map<string, CostumeOrder['shipments'][number]>();
    for (const s of shipments.filter((x) => x.orderId === o.id)) {
      const entry = byShipment.get(s.id) ?? {
        id: s.id,
        receivedOn: s.receivedOn,
        note: s.note,
        by: s.by,
        items: [],
      };
      if (s.assignmentId) entry.items.push(s.assignmentId);
      byShipment.set(s.id, entry);
    }
    const subtotal = lines.filter((l) => l.orderId === o.id).reduce((sum, l) => sum + l.priceBuy, 0);
    return {
      orderID: o.id,
      costumeCompanyID: o.costumeCompanyId,
      number: o.number,
      name: o.name,
      status: o.status,
      subtotal: centsToDollars(subtotal),
      orderedOn: o.orderedOn,
      lines: own,
      shipments: [...byShipment.values()],
      received: own.filter((l) => l.receivedOn !== null).length,
      missing: own.filter((l) => l.receivedOn === null),
    };
  });
}

async function orderView(db: Db, companyId: string, orderId: string): Promise<CostumeOrder> {
  const [row] = await db
    .select()
    .from(costumeOrders)
    .where(and(eq(costumeOrders.companyId, companyId), eq(costumeOrders.id, orderId)));
  if (!row) throw notFound(COSTUME_ORDER_TEXT.orderNotFound);
  return (await present(db, companyId, [row]))[0]!;
}

/**
 * `GET …/v2/order/company/{companyId}`: the company's open cart (null when none), every live assignment
 * of its styles in no order yet grouped by style, size and colour, and its placed orders, newest first.
 */
export async function ordersOfCompany(deps: CostumeDeps, costumeCompanyId: string) {
  const { db, actor } = deps;
  requireOwner(actor);
  const company = await findCostumeCompany(db, actor.companyId, costumeCompanyId);
  const [orders, unordered] = await Promise.all([
    db
      .select()
      .from(costumeOrders)
      .where(
        and(eq(costumeOrders.companyId, actor.companyId), eq(costumeOrders.costumeCompanyId, company.id)),
      )
      .orderBy(desc(costumeOrders.number)),
    db
      .select({
        assignmentId: costumeAssignments.id,
        priceBuy: costumeAssignments.priceBuy,
        entryBuy: costumePrices.priceBuy,
        styleId: costumeStyles.id,
        styleNumber: costumeStyles.styleNumber,
        styleName: costumeStyles.styleName,
        size: costumePrices.size,
        color: costumePrices.color,
        firstName: students.firstName,
        lastName: students.lastName,
        danceNumber: danceNumbers.name,
      })
      .from(costumeAssignments)
      .innerJoin(costumeStyles, eq(costumeStyles.id, costumeAssignments.styleId))
      .innerJoin(costumePrices, eq(costumePrices.id, costumeAssignments.priceId))
      .innerJoin(studentOutfits, eq(studentOutfits.id, costumeAssignments.outfitId))
      .innerJoin(students, eq(students.id, studentOutfits.studentId))
      .innerJoin(danceNumberActivity, eq(danceNumberActivity.id, costumeAssignments.activityId))
      .innerJoin(danceNumbers, eq(danceNumbers.id, danceNumberActivity.danceNumberId))
      .where(
        and(
          eq(costumeAssignments.companyId, actor.companyId),
          eq(costumeStyles.costumeCompanyId, company.id),
          isNull(costumeAssignments.removedAt),
          sql`not exists (select 1 from ${costumeOrderLines} where ${costumeOrderLines.assignmentId} = ${costumeAssignments.id})`,
        ),
      )
      .orderBy(
        asc(costumeStyles.styleNumber),
        sql`lower(${costumePrices.size})`,
        sql`lower(${costumePrices.color})`,
        asc(students.firstName),
        asc(costumeAssignments.id),
      ),
  ]);
  const presented = await present(db, actor.companyId, orders);
  const groups = new Map<string, ToOrderGroup>();
  for (const u of unordered) {
    const key = `${u.styleId}\u0000${u.size.toLowerCase()}\u0000${u.color.toLowerCase()}`;
    const g = groups.get(key) ?? {
      costumeID: u.styleId,
      styleNumber: u.styleNumber,
      styleName: u.styleName,
      size: u.size,
      color: u.color,
      quantity: 0,
      price_buy: centsToDollars(u.entryBuy),
      assignments: [],
    };
    g.quantity += 1;
    g.assignments.push({
      costumeAssignedID: u.assignmentId,
      dancer: dancerName(u),
      danceNumber: u.danceNumber,
      price_buy: centsToDollars(u.priceBuy),
    });
    groups.set(key, g);
  }
  return {
    costumeCompanyID: company.id,
    company: company.name,
    cart: presented.find((o) => o.status === 'cart') ?? null,
    toOrder: [...groups.values()],
    orders: presented.filter((o) => o.status === 'ordered'),
  };
}

/**
 * `POST` (mode `add`) and `PUT` (mode `replace`) `…/v2/order/{orderId}`. Under the costume company's
 * lock (so a company never gets two carts, nor two orders the same number): the cart found or made,
 * the list checked whole — live assignments of this company's styles, in no other order — then added
 * to the cart (price_buy set for those already in it) or put in place of its lines.
 */
export async function saveCart(
  deps: CostumeDeps,
  orderId: string,
  body: z.output<typeof orderInput>,
  mode: 'add' | 'replace',
) {
  const { db, actor } = deps;
  requireOwner(actor);
  const cartId = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(costumeOrders).where(eq(costumeOrders.id, orderId));
    // Another studio's order id is unknown here, whatever the call.
    if (existing && existing.companyId !== actor.companyId) throw notFound(COSTUME_ORDER_TEXT.orderNotFound);
    if (!existing && mode === 'replace') throw notFound(COSTUME_ORDER_TEXT.orderNotFound);
    if (existing && body.costumeCompanyID && body.costumeCompanyID !== existing.costumeCompanyId) {
      throw conflict(COSTUME_ORDER_TEXT.otherCompany);
    }
    const costumeCompanyId = existing?.costumeCompanyId ?? body.costumeCompanyID;
    if (!costumeCompanyId) throw badRequest(COSTUME_ORDER_TEXT.companyRequired);
    const [company] = await tx
      .select({ id: costumeCompanies.id, name: costumeCompanies.name })
      .from(costumeCompanies)
      .where(and(eq(costumeCompanies.companyId, actor.companyId), eq(costumeCompanies.id, costumeCompanyId)))
      .for('update');
    if (!company) throw notFound(COSTUME_TEXT.companyNotFound);

    // Read again under the company's lock: a completion may have placed it meanwhile.
    const [order] = existing
      ? await tx.select().from(costumeOrders).where(eq(costumeOrders.id, existing.id)).for('update')
      : await tx
          .select()
          .from(costumeOrders)
          .where(and(eq(costumeOrders.costumeCompanyId, company.id), eq(costumeOrders.status, 'cart')))
          // Locked: a completion under way is waited for, and its order then no longer counts as the cart.
          .for('update');
    if (order && order.status !== 'cart') throw conflict(COSTUME_ORDER_TEXT.notCart);
    let targetId = order?.id;

    const ids = body.items.map((i) => i.costumeAssignedID);
    if (ids.length > 0) {
      // Shared: a removal under way waits for this cart, or this cart sees the costume removed.
      const live = await tx
        .select({ id: costumeAssignments.id, styleId: costumeAssignments.styleId })
        .from(costumeAssignments)
        .where(
          and(
            eq(costumeAssignments.companyId, actor.companyId),
            inArray(costumeAssignments.id, ids),
            isNull(costumeAssignments.removedAt),
          ),
        )
        .for('share');
      if (live.length !== ids.length) throw unprocessable(COSTUME_ORDER_TEXT.assignmentMissing);
      const styles = await tx
        .select({ id: costumeStyles.id })
        .from(costumeStyles)
        .where(
          and(
            inArray(
              costumeStyles.id,
              live.map((l) => l.styleId),
            ),
            eq(costumeStyles.costumeCompanyId, company.id),
          ),
        );
      const ofCompany = new Set(styles.map((st) => st.id));
      if (live.some((l) => !ofCompany.has(l.styleId))) {
        throw unprocessable(COSTUME_ORDER_TEXT.assignmentOtherCompany);
      }
      const elsewhere = await tx
        .select({ id: costumeOrderLines.id })
        .from(costumeOrderLines)
        .where(
          and(
            inArray(costumeOrderLines.assignmentId, ids),
            targetId ? ne(costumeOrderLines.orderId, targetId) : undefined,
          ),
        );
      if (elsewhere.length > 0) throw conflict(COSTUME_ORDER_TEXT.assignmentOrdered);
    }

    if (!targetId) {
      const [last] = await tx
        .select({ n: max(costumeOrders.number) })
        .from(costumeOrders)
        .where(eq(costumeOrders.costumeCompanyId, company.id));
      const number = (last?.n ?? 0) + 1;
      await tx.insert(costumeOrders).values({
        id: orderId,
        companyId: actor.companyId,
        costumeCompanyId: company.id,
        number,
        name: `${company.name} — order ${number}`,
        createdBy: actor.userId,
      });
      targetId = orderId;
    }
    const target = targetId;
    if (mode === 'replace') {
      await tx
        .delete(costumeOrderLines)
        .where(
          and(
            eq(costumeOrderLines.orderId, target),
            ids.length > 0 ? notInArray(costumeOrderLines.assignmentId, ids) : undefined,
          ),
        );
    }
    if (body.items.length > 0) {
      await tx
        .insert(costumeOrderLines)
        .values(
          body.items.map((i) => ({
            companyId: actor.companyId,
            orderId: target,
            assignmentId: i.costumeAssignedID,
            priceBuy: i.price_buy,
          })),
        )
        .onConflictDoUpdate({
          target: costumeOrderLines.assignmentId,
          set: { priceBuy: sql`excluded.price_buy` },
        });
    }
    await tx.update(costumeOrders).set({ updatedAt: new Date() }).where(eq(costumeOrders.id, target));
    return target;
  });
  return { ...(await orderView(db, actor.companyId, cartId)), msg: COSTUME_ORDER_TEXT.cartSaved };
}

/**
 * `PUT …/v2/order/{orderId}/complete`: the cart becomes ordered and, in the same transaction, each
 * costume's balance (sell price less its deposit) is posted to its family's ledger, keyed by the
 * assignment. The families' books are locked in the order of their ids, so two completions sharing
 * families never wait on each other in a circle. Sent twice, the second finds the order placed and
 * posts nothing.
 */
export async function completeOrder(deps: CostumeDeps, orderId: string) {
  const { db, actor } = deps;
  requireOwner(actor);
  const today = await studioToday(db, actor.companyId, deps.clock);
  const placed = await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(costumeOrders)
      .where(and(eq(costumeOrders.companyId, actor.companyId), eq(costumeOrders.id, orderId)))
      .for('update');
    if (!order) throw notFound(COSTUME_ORDER_TEXT.orderNotFound);
    if (order.status === 'ordered') return false;

    const lineDetails = () =>
      tx
        .select({
          assignmentId: costumeOrderLines.assignmentId,
          sellPrice: costumeAssignments.sellPrice,
          deposit: costumeAssignments.deposit,
          familyId: studentOutfits.familyId,
          firstName: students.firstName,
          styleName: costumeStyles.styleName,
          styleNumber: costumeStyles.styleNumber,
          size: costumePrices.size,
          color: costumePrices.color,
        })
        .from(costumeOrderLines)
        .innerJoin(costumeAssignments, eq(costumeAssignments.id, costumeOrderLines.assignmentId))
        .innerJoin(studentOutfits, eq(studentOutfits.id, costumeAssignments.outfitId))
        .innerJoin(students, eq(students.id, studentOutfits.studentId))
        .innerJoin(costumeStyles, eq(costumeStyles.id, costumeAssignments.styleId))
        .innerJoin(costumePrices, eq(costumePrices.id, costumeAssignments.priceId))
        .where(eq(costumeOrderLines.orderId, order.id))
        .orderBy(asc(costumeOrderLines.assignmentId));
    const first = await lineDetails();
    if (first.length === 0) throw unprocessable(COSTUME_ORDER_TEXT.emptyCart);
    const books = new Map<string, Book>();
    for (const familyId of [...new Set(first.map((l) => l.familyId))].sort()) {
      const book = await lockBook(tx, actor.companyId, familyId);
      if (!book) throw new AppError('not_found', messages.accountNotFound);
      books.set(familyId, book);
    }
    // Read again under the families' locks: a costume removed meanwhile has left the cart.
    const lines = await lineDetails();
    if (lines.length === 0) throw unprocessable(COSTUME_ORDER_TEXT.emptyCart);

    await tx
      .update(costumeOrders)
      .set({ status: 'ordered', orderedOn: today, orderedBy: actor.userId, updatedAt: new Date() })
      .where(eq(costumeOrders.id, order.id));
    for (const l of lines) {
      const balance = l.sellPrice - l.deposit;
      if (balance <= 0) continue;
      const ledger: LedgerCtx = {
        tx,
        companyId: actor.companyId,
        familyId: l.familyId,
        today,
        by: { userId: actor.userId },
      };
      const what = [l.size, l.color].filter(Boolean).join(', ');
      await postCharge(ledger, books.get(l.familyId)!, {
        category: 'costume',
        typeId: 'costume',
        item: `Costume balance: ${l.styleName} — ${l.firstName}`,
        amount: balance,
        dueDate: today,
        lines: [
          {
            label: `${l.styleName} #${l.styleNumber}${what ? ` (${what})` : ''} at ${centsText(l.sellPrice)} less the ${centsText(l.deposit)} deposit`,
            amount: balance,
          },
        ],
        key: balanceKey(l.assignmentId),
        reason: 'Costume ordered',
      });
    }
    return true;
  });
  return {
    ...(await orderView(db, actor.companyId, orderId)),
    msg: placed ? COSTUME_ORDER_TEXT.completed : COSTUME_ORDER_TEXT.alreadyCompleted,
  };
}

/**
 * `PUT …/v2/order/{orderId}/shipment`: the costumes that arrived, each once, only of this placed order;
 * answers the order with what was received and what is still missing.
 */
export async function receiveShipment(
  deps: CostumeDeps,
  orderId: string,
  body: z.output<typeof shipmentInput>,
) {
  const { db, actor } = deps;
  requireOwner(actor);
  const receivedOn = body.receivedOn ?? (await studioToday(db, actor.companyId, deps.clock));
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(costumeOrders)
      .where(and(eq(costumeOrders.companyId, actor.companyId), eq(costumeOrders.id, orderId)))
      .for('update');
    if (!order) throw notFound(COSTUME_ORDER_TEXT.orderNotFound);
    if (order.status !== 'ordered') throw conflict(COSTUME_ORDER_TEXT.stillCart);
    const inOrder = await tx
      .select({ id: costumeOrderLines.assignmentId })
      .from(costumeOrderLines)
      .where(
        and(eq(costumeOrderLines.orderId, order.id), inArray(costumeOrderLines.assignmentId, body.items)),
      );
    if (inOrder.length !== body.items.length) throw unprocessable(COSTUME_ORDER_TEXT.notInOrder);
    const already = await tx
      .select({ id: costumeShipmentLines.id })
      .from(costumeShipmentLines)
      .where(inArray(costumeShipmentLines.assignmentId, body.items));
    if (already.length > 0) throw conflict(COSTUME_ORDER_TEXT.receivedTwice);
    const [shipment] = await tx
      .insert(costumeShipments)
      .values({
        companyId: actor.companyId,
        orderId: order.id,
        receivedOn,
        note: body.note,
        receivedBy: actor.userId,
        receivedByName: posterName({ userId: actor.userId }),
      })
      .returning({ id: costumeShipments.id });
    await tx.insert(costumeShipmentLines).values(
      body.items.map((assignmentId) => ({
        companyId: actor.companyId,
        shipmentId: shipment!.id,
        assignmentId,
      })),
    );
  });
  return { ...(await orderView(db, actor.companyId, orderId)), msg: COSTUME_ORDER_TEXT.shipmentSaved };
}

/**
 * For the removal of an assignment, inside its transaction (the family's books held): a costume in a
 * cart leaves it; whether it was ordered already (its balance charge then stays).
 */
export async function leaveCart(tx: Db, assignmentId: string): Promise<{ ordered: boolean }> {
  await tx
    .delete(costumeOrderLines)
    .where(
      and(
        eq(costumeOrderLines.assignmentId, assignmentId),
        sql`${costumeOrderLines.orderId} in (select ${costumeOrders.id} from ${costumeOrders} where ${costumeOrders.status} = 'cart')`,
      ),
    );
  const [ordered] = await tx
    .select({ id: costumeOrderLines.id })
    .from(costumeOrderLines)
    .innerJoin(costumeOrders, eq(costumeOrders.id, costumeOrderLines.orderId))
    .where(and(eq(costumeOrderLines.assignmentId, assignmentId), eq(costumeOrders.status, 'ordered')));
  return { ordered: ordered !== undefined };
}
