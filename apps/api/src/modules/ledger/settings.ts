import { readMoneySettings, type StudioMoneySettings } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';

/** The studio's money settings (and its families' e-mail switches), defaults filled in. */
export async function studioMoneySettings(tx: Db, companyId: string): Promise<StudioMoneySettings> {
  const [row] = await tx
    .select({ moneySettings: companies.moneySettings })
    .from(companies)
    .where(eq(companies.id, companyId));
  return readMoneySettings(row?.moneySettings ?? {});
}
