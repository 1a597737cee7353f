import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { yearTerms } from '../../db/schema/companies';

export function listYearTerms(db: Db, companyId: string) {
  return db
    .select()
    .from(yearTerms)
    .where(eq(yearTerms.companyId, companyId))
    .orderBy(asc(yearTerms.dateStart), asc(yearTerms.id))
    .limit(200);
}

export async function findYearTerm(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(yearTerms)
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.id, id)))
    .limit(1);
  return row ?? null;
}

export async function setCurrentYearTerm(db: Db, companyId: string, id: string) {
  // Clear first: the partial unique index allows one current term per studio at any moment.
  await db
    .update(yearTerms)
    .set({ isCurrent: false })
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.isCurrent, true)));
  const [row] = await db
    .update(yearTerms)
    .set({ isCurrent: true })
    .where(and(eq(yearTerms.companyId, companyId), eq(yearTerms.id, id)))
    .returning();
  return row ?? null;
}
