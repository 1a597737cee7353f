import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';

export type CompanyRow = typeof companies.$inferSelect;

export async function findCompany(db: Db, companyId: string) {
  const [row] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
  return row ?? null;
}

export async function updateCompanyDetails(
  db: Db,
  companyId: string,
  values: Pick<
    CompanyRow,
    'name' | 'address' | 'city' | 'state' | 'zipcode' | 'phone' | 'email' | 'timeZone'
  >,
) {
  const [row] = await db
    .update(companies)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row ?? null;
}

export async function updateCompanyMoneySettings(
  db: Db,
  companyId: string,
  moneySettings: Record<string, unknown>,
) {
  const [row] = await db
    .update(companies)
    .set({ moneySettings, updatedAt: new Date() })
    .where(eq(companies.id, companyId))
    .returning();
  return row ?? null;
}
