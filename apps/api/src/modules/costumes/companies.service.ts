import type { costumeCompanyInput, costumeSettingsInput, sizeChartInput } from '@pirouette/domain';
import {
  COSTUME_TEXT,
  type CostumeCompanyItem,
  type CostumeSettings,
  centsToDollars,
  type SizeChartAnswer,
} from '@pirouette/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  costumeAssignments,
  costumeCompanies,
  costumeReferences,
  costumeSettings,
  costumeSizeChart,
  costumeStyles,
} from '../../db/schema/costumes';
import { AppError } from '../../http/errors';
import {
  type CostumeDeps,
  chartsOf,
  findCostumeCompany,
  presentChartRow,
  readCostumeSettings,
  requireOwner,
} from './shared';

/** Costume companies, their size charts, and the studio's costume settings (issue 18, decision 029). */

export async function listCompanies({ db, actor }: CostumeDeps): Promise<CostumeCompanyItem[]> {
  requireOwner(actor);
  const rows = await db
    .select({
      company: costumeCompanies,
      // Qualified by hand: inside a select, drizzle writes a column unqualified, and "id" would be the style's.
      styles: sql<number>`(select count(*)::int from ${costumeStyles} s where s.costume_company_id = "costume_companies"."id")`,
    })
    .from(costumeCompanies)
    .where(eq(costumeCompanies.companyId, actor.companyId))
    .orderBy(sql`lower(${costumeCompanies.name})`, asc(costumeCompanies.createdAt), asc(costumeCompanies.id));
  const charts = await chartsOf(
    db,
    actor.companyId,
    rows.map((r) => r.company.id),
  );
  return rows.map(({ company: c, styles }) => ({
    id: c.id,
    name: c.name,
    email: c.email,
    phone: c.phone,
    website: c.website,
    notes: c.notes,
    sizes: (charts.get(c.id) ?? []).map((r) => r.size),
    styles: Number(styles),
  }));
}

type CompanyBody = z.output<typeof costumeCompanyInput>;

export async function addCompany({ db, actor }: CostumeDeps, body: CompanyBody) {
  requireOwner(actor);
  const [row] = await db
    .insert(costumeCompanies)
    .values({ companyId: actor.companyId, ...body })
    .returning({ id: costumeCompanies.id });
  return { id: row!.id, msg: COSTUME_TEXT.companyAdded };
}

export async function editCompany({ db, actor }: CostumeDeps, id: string, body: CompanyBody) {
  requireOwner(actor);
  await findCostumeCompany(db, actor.companyId, id);
  await db
    .update(costumeCompanies)
    .set({ ...body, updatedAt: new Date() })
    .where(and(eq(costumeCompanies.companyId, actor.companyId), eq(costumeCompanies.id, id)));
  return { msg: COSTUME_TEXT.companySaved };
}

/**
 * Deletes a company with its chart and the styles nobody uses. A style on a dance number, or ever
 * assigned to a dancer, keeps the company: the owner is told so, and nothing changes.
 */
export async function removeCompany({ db, actor }: CostumeDeps, id: string) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: costumeCompanies.id })
      .from(costumeCompanies)
      .where(and(eq(costumeCompanies.companyId, actor.companyId), eq(costumeCompanies.id, id)))
      .for('update');
    if (!company) throw new AppError('not_found', COSTUME_TEXT.companyNotFound);
    const styles = tx
      .select({ id: costumeStyles.id })
      .from(costumeStyles)
      .where(eq(costumeStyles.costumeCompanyId, id));
    const used = await tx
      .selectDistinct({ id: costumeStyles.id })
      .from(costumeStyles)
      .where(
        and(
          eq(costumeStyles.costumeCompanyId, id),
          sql`(exists (select 1 from ${costumeReferences} r where r.style_id = ${costumeStyles.id})
            or exists (select 1 from ${costumeAssignments} a where a.style_id = ${costumeStyles.id}))`,
        ),
      );
    if (used.length > 0) throw new AppError('unprocessable', COSTUME_TEXT.companyHasStyles(used.length));
    await tx.delete(costumeStyles).where(inArray(costumeStyles.id, styles));
    await tx.delete(costumeCompanies).where(eq(costumeCompanies.id, id));
    return { msg: COSTUME_TEXT.companyDeleted };
  });
}

export async function sizeChart({ db, actor }: CostumeDeps, id: string): Promise<SizeChartAnswer> {
  requireOwner(actor);
  const company = await findCostumeCompany(db, actor.companyId, id);
  const charts = await chartsOf(db, actor.companyId, [id]);
  return { id, name: company.name, chart: (charts.get(id) ?? []).map(presentChartRow) };
}

/** Replaces the chart as a whole, in one transaction: the rows given, in their order. */
export async function saveSizeChart(
  deps: CostumeDeps,
  id: string,
  body: z.output<typeof sizeChartInput>,
): Promise<SizeChartAnswer & { msg: string }> {
  const { db, actor } = deps;
  requireOwner(actor);
  await db.transaction(async (tx) => {
    await findCostumeCompany(tx, actor.companyId, id);
    await tx.delete(costumeSizeChart).where(eq(costumeSizeChart.costumeCompanyId, id));
    if (body.chart.length > 0) {
      await tx.insert(costumeSizeChart).values(
        body.chart.map((r, sortOrder) => ({
          companyId: actor.companyId,
          costumeCompanyId: id,
          sortOrder,
          ...r,
        })),
      );
    }
  });
  return { ...(await sizeChart(deps, id)), msg: COSTUME_TEXT.chartSaved };
}

export async function costumeSettingsOf({ db, actor }: CostumeDeps): Promise<CostumeSettings> {
  requireOwner(actor);
  const { deposit, refundableUntil } = await readCostumeSettings(db, actor.companyId);
  return {
    depositKind: deposit.kind,
    depositAmount: deposit.kind === 'amount' ? centsToDollars(deposit.cents) : 0,
    depositPercent: deposit.kind === 'percent' ? deposit.basisPoints / 100 : 0,
    refundableUntil,
  };
}

export async function saveCostumeSettings(
  deps: CostumeDeps,
  body: z.output<typeof costumeSettingsInput>,
): Promise<CostumeSettings & { msg: string }> {
  const { db, actor } = deps;
  requireOwner(actor);
  const value =
    body.depositKind === 'amount'
      ? body.depositAmount
      : body.depositKind === 'percent'
        ? Math.round(body.depositPercent * 100)
        : 0;
  const row = {
    depositKind: body.depositKind,
    depositValue: value,
    refundableUntil: body.refundableUntil,
    updatedAt: new Date(),
  };
  await db
    .insert(costumeSettings)
    .values({ companyId: actor.companyId, ...row })
    .onConflictDoUpdate({ target: costumeSettings.companyId, set: row });
  return { ...(await costumeSettingsOf(deps)), msg: COSTUME_TEXT.settingsSaved };
}
