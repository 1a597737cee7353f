import {
  type Actor,
  can,
  DISCOUNT_TEXT,
  DISCOUNTS_PER_STUDIO_MAX,
  type DiscountItem,
  type DiscountWrite,
  messages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import { presentDiscount } from './discounts.presenters';
import {
  countDiscounts,
  deleteDiscount,
  findDiscount,
  insertDiscount,
  listDiscounts,
  listDiscountTypes,
  nextDiscountOrder,
  setDiscountOrder,
  updateDiscount,
} from './discounts.queries';

const notFound = () => new AppError('not_found', DISCOUNT_TEXT.notFound);

function columns(input: DiscountWrite) {
  return {
    typeId: input.typeID,
    vTypeId: input.vTypeID,
    value: input.value,
    rValue: input.rValue,
    name: input.name,
  };
}

const detailOf = (input: DiscountWrite) => ({
  typeID: input.typeID,
  vTypeID: input.vTypeID,
  value: input.value,
  rValue: input.rValue,
});

export async function getDiscounts({ db, actor }: { db: Db; actor: Actor }): Promise<DiscountItem[]> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const rows = await listDiscounts(db, actor.companyId);
  return rows.map(presentDiscount);
}

export async function createDiscount({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: DiscountWrite;
}): Promise<{ id: string; msg: string }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return db.transaction(async (tx) => {
    if ((await countDiscounts(tx, actor.companyId)) >= DISCOUNTS_PER_STUDIO_MAX) {
      throw new AppError('unprocessable', DISCOUNT_TEXT.tooMany);
    }
    const sortOrder = await nextDiscountOrder(tx, actor.companyId, input.typeID);
    const row = await insertDiscount(tx, actor.companyId, { ...columns(input), sortOrder });
    await audit(tx, {
      action: 'discount.create',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'discount',
      targetId: row.id,
      detail: detailOf(input),
    });
    return { id: row.id, msg: messages.insertSuccessful };
  });
}

export async function editDiscount({
  db,
  actor,
  id,
  input,
}: {
  db: Db;
  actor: Actor;
  id: string;
  input: DiscountWrite;
}): Promise<{ msg: string }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return db.transaction(async (tx) => {
    const existing = await findDiscount(tx, actor.companyId, id);
    if (!existing) throw notFound();
    // A discount moved to the other type joins the end of that type's order.
    const sortOrder =
      existing.typeId === input.typeID
        ? undefined
        : await nextDiscountOrder(tx, actor.companyId, input.typeID);
    await updateDiscount(tx, actor.companyId, id, {
      ...columns(input),
      ...(sortOrder === undefined ? {} : { sortOrder }),
    });
    await audit(tx, {
      action: 'discount.update',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'discount',
      targetId: id,
      detail: detailOf(input),
    });
    return { msg: messages.updateSuccessful };
  });
}

export async function removeDiscount({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<{ msg: string }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return db.transaction(async (tx) => {
    const removed = await deleteDiscount(tx, actor.companyId, id);
    if (!removed) throw notFound();
    await audit(tx, {
      action: 'discount.delete',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'discount',
      targetId: id,
    });
    return { msg: messages.deleteSuccessful };
  });
}

/**
 * Puts the studio's discounts in the given order. Every id must be the studio's (another studio's id is
 * not found, and nothing moves), and every discount must be listed once, so no place is left to guess.
 */
export async function reorderDiscounts({
  db,
  actor,
  ids,
}: {
  db: Db;
  actor: Actor;
  ids: string[];
}): Promise<{ msg: string }> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  return db.transaction(async (tx) => {
    const typeOf = new Map((await listDiscountTypes(tx, actor.companyId)).map((d) => [d.id, d.typeId]));
    if (ids.some((id) => !typeOf.has(id))) throw notFound();
    if (ids.length !== typeOf.size) throw new AppError('bad_request', DISCOUNT_TEXT.orderIncomplete);
    // Places count within each type (0, 1, 2 … for multi-class, again for sibling): the order that matters.
    const next = new Map<number, number>();
    const places = ids.map((id) => {
      const type = typeOf.get(id) ?? 0;
      const order = next.get(type) ?? 0;
      next.set(type, order + 1);
      return { id, order };
    });
    await setDiscountOrder(tx, actor.companyId, places);
    await audit(tx, {
      action: 'discount.reorder',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'discount',
      detail: { ids },
    });
    return { msg: messages.updateSuccessful };
  });
}
