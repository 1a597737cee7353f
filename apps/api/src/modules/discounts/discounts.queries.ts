import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { discounts } from '../../db/schema/tuition';

export type DiscountRow = typeof discounts.$inferSelect;
type DiscountValues = { typeId: number; vTypeId: number; value: number; rValue: number; name: string };

/** The studio's discounts in the order the money rules apply them: multi-class first, then sibling. */
export function listDiscounts(db: Db, companyId: string) {
  return db
    .select()
    .from(discounts)
    .where(eq(discounts.companyId, companyId))
    .orderBy(asc(discounts.typeId), asc(discounts.sortOrder), asc(discounts.createdAt), asc(discounts.id))
    .limit(500);
}

export async function findDiscount(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.companyId, companyId), eq(discounts.id, id)))
    .limit(1);
  return row ?? null;
}

export async function countDiscounts(db: Db, companyId: string) {
  const [row] = await db.select({ n: count() }).from(discounts).where(eq(discounts.companyId, companyId));
  return row?.n ?? 0;
}

/** The place after the last discount of a type: a new or re-typed discount applies last within its type. */
export async function nextDiscountOrder(db: Db, companyId: string, typeId: number) {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${discounts.sortOrder}) + 1, 0)::int` })
    .from(discounts)
    .where(and(eq(discounts.companyId, companyId), eq(discounts.typeId, typeId)));
  return row?.next ?? 0;
}

export async function insertDiscount(
  db: Db,
  companyId: string,
  values: DiscountValues & { sortOrder: number },
) {
  const [row] = await db
    .insert(discounts)
    .values({ companyId, ...values })
    .returning();
  return row!;
}

export async function updateDiscount(
  db: Db,
  companyId: string,
  id: string,
  values: DiscountValues & { sortOrder?: number },
) {
  const [row] = await db
    .update(discounts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(discounts.companyId, companyId), eq(discounts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteDiscount(db: Db, companyId: string, id: string) {
  const [row] = await db
    .delete(discounts)
    .where(and(eq(discounts.companyId, companyId), eq(discounts.id, id)))
    .returning({ id: discounts.id });
  return row ?? null;
}

/** The id and type of every discount of the studio. */
export function listDiscountTypes(db: Db, companyId: string) {
  return db
    .select({ id: discounts.id, typeId: discounts.typeId })
    .from(discounts)
    .where(eq(discounts.companyId, companyId))
    .limit(500);
}

/** Gives each listed discount its place, in one statement. */
export async function setDiscountOrder(
  db: Db,
  companyId: string,
  places: readonly { id: string; order: number }[],
) {
  if (places.length === 0) return;
  const cases = sql.join(
    places.map((p) => sql`when ${p.id}::uuid then ${p.order}::int`),
    sql` `,
  );
  await db
    .update(discounts)
    .set({ sortOrder: sql`case ${discounts.id} ${cases} end`, updatedAt: new Date() })
    .where(
      and(
        eq(discounts.companyId, companyId),
        inArray(
          discounts.id,
          places.map((p) => p.id),
        ),
      ),
    );
}
