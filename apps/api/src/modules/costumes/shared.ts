import {
  type Actor,
  COSTUME_TEXT,
  can,
  centsToDollars,
  type DepositSetting,
  type SizeChartRow,
  type SizeColorEntry,
  tenthsToInches,
} from '@pirouette/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  costumeCompanies,
  costumePrices,
  costumeSettings,
  costumeSizeChart,
  costumeStyles,
} from '../../db/schema/costumes';
import { danceNumbers } from '../../db/schema/schedule';
import { forbidden, notFound } from '../../http/errors';
import type { Clock } from '../../lib/clock';

/**
 * What the costume services share (issue 18, decision 029): their dependencies, the studio-scoped
 * finders that answer 404 for another studio's record, and the presenters from rows to the spec's names.
 */

export type CostumeDeps = { db: Db; actor: Actor; clock: Clock };

/** Every costume call is the owner's: the route says so, and the service checks it again. */
export function requireOwner(actor: Actor): void {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** Whole tenths as inches, null kept. */
export const inchesOf = (tenths: number | null) => (tenths === null ? null : tenthsToInches(tenths));

export async function findCostumeCompany(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select()
    .from(costumeCompanies)
    .where(and(eq(costumeCompanies.companyId, companyId), eq(costumeCompanies.id, id)));
  if (!row) throw notFound(COSTUME_TEXT.companyNotFound);
  return row;
}

export async function findDanceNumber(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ id: danceNumbers.id, name: danceNumbers.name })
    .from(danceNumbers)
    .where(and(eq(danceNumbers.companyId, companyId), eq(danceNumbers.id, id)));
  if (!row) throw notFound(COSTUME_TEXT.numberNotFound);
  return row;
}

export async function findStyle(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: costumeStyles.id,
      costumeCompanyId: costumeStyles.costumeCompanyId,
      company: costumeCompanies.name,
      styleNumber: costumeStyles.styleNumber,
      styleName: costumeStyles.styleName,
      sizeGroups: costumeStyles.sizeGroups,
      colors: costumeStyles.colors,
      notes: costumeStyles.notes,
    })
    .from(costumeStyles)
    .innerJoin(costumeCompanies, eq(costumeCompanies.id, costumeStyles.costumeCompanyId))
    .where(and(eq(costumeStyles.companyId, companyId), eq(costumeStyles.id, id)));
  if (!row) throw notFound(COSTUME_TEXT.styleNotFound);
  return row;
}

export type PriceRow = typeof costumePrices.$inferSelect;

export const presentEntry = (p: PriceRow): SizeColorEntry => ({
  sizeColorID: p.id,
  priceID: p.id,
  costumeID: p.styleId,
  size: p.size,
  color: p.color,
  price_buy: centsToDollars(p.priceBuy),
  price_sell: centsToDollars(p.priceSell),
});

/** Size-colour entries of styles, by size then colour. */
export async function entriesOf(db: Db, companyId: string, styleIds: string[]): Promise<PriceRow[]> {
  if (styleIds.length === 0) return [];
  return db
    .select()
    .from(costumePrices)
    .where(and(eq(costumePrices.companyId, companyId), inArray(costumePrices.styleId, styleIds)))
    .orderBy(sql`lower(${costumePrices.size})`, sql`lower(${costumePrices.color})`);
}

export type ChartRow = typeof costumeSizeChart.$inferSelect;

export const presentChartRow = (r: ChartRow): SizeChartRow => ({
  size: r.size,
  girthMin: inchesOf(r.girthMin),
  girthMax: inchesOf(r.girthMax),
  chestMin: inchesOf(r.chestMin),
  chestMax: inchesOf(r.chestMax),
  hipsMin: inchesOf(r.hipsMin),
  hipsMax: inchesOf(r.hipsMax),
});

/** The charts of costume companies, each in its order. */
export async function chartsOf(db: Db, companyId: string, costumeCompanyIds: string[]) {
  const charts = new Map<string, ChartRow[]>();
  if (costumeCompanyIds.length === 0) return charts;
  const rows = await db
    .select()
    .from(costumeSizeChart)
    .where(
      and(
        eq(costumeSizeChart.companyId, companyId),
        inArray(costumeSizeChart.costumeCompanyId, costumeCompanyIds),
      ),
    )
    .orderBy(costumeSizeChart.sortOrder);
  for (const r of rows) charts.set(r.costumeCompanyId, [...(charts.get(r.costumeCompanyId) ?? []), r]);
  return charts;
}

export type CostumeSettingRow = { deposit: DepositSetting; refundableUntil: string | null };

/** The studio's costume deposit and refundable date; no deposit when never set. */
export async function readCostumeSettings(db: Db, companyId: string): Promise<CostumeSettingRow> {
  const [row] = await db.select().from(costumeSettings).where(eq(costumeSettings.companyId, companyId));
  if (!row) return { deposit: { kind: 'none' }, refundableUntil: null };
  const deposit: DepositSetting =
    row.depositKind === 'amount'
      ? { kind: 'amount', cents: row.depositValue }
      : row.depositKind === 'percent'
        ? { kind: 'percent', basisPoints: row.depositValue }
        : { kind: 'none' };
  return { deposit, refundableUntil: row.refundableUntil };
}

/** A list's new options: the old ones in their order, then the new ones not yet there (ignoring case). */
export function withOptions(old: readonly string[], added: readonly string[]): string[] {
  const out = [...old];
  for (const a of added) {
    const v = a.trim();
    if (v && !out.some((o) => o.toLowerCase() === v.toLowerCase())) out.push(v);
  }
  return out;
}
