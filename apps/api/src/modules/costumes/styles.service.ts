import type { styleInput, styleV2Input } from '@pirouette/domain';
import { COSTUME_TEXT, type CostumeStyle, type SizeColorEntry } from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  costumeAssignments,
  costumeCompanies,
  costumePrices,
  costumeReferences,
  costumeStyles,
} from '../../db/schema/costumes';
import { danceNumberActivity } from '../../db/schema/schedule';
import { AppError, notFound } from '../../http/errors';
import {
  type CostumeDeps,
  entriesOf,
  findCostumeCompany,
  findDanceNumber,
  findStyle,
  type PriceRow,
  presentEntry,
  requireOwner,
  withOptions,
} from './shared';

/**
 * Costume styles on dance numbers and their size-colour entries (issue 18; 002 §3, §7). A style
 * belongs to a costume company, unique by its style number there; it dresses numbers through
 * references, so one style may dress several numbers.
 */

/** A dance number's styles, with their companies, in the order they were put on it. */
export function numberStyles(db: Db, companyId: string, dncNumID: string) {
  return db
    .select({
      id: costumeStyles.id,
      costCoID: costumeStyles.costumeCompanyId,
      company: costumeCompanies.name,
      styleNumber: costumeStyles.styleNumber,
      styleName: costumeStyles.styleName,
      sizeGroups: costumeStyles.sizeGroups,
      colors: costumeStyles.colors,
      notes: costumeStyles.notes,
    })
    .from(costumeReferences)
    .innerJoin(costumeStyles, eq(costumeStyles.id, costumeReferences.styleId))
    .innerJoin(costumeCompanies, eq(costumeCompanies.id, costumeStyles.costumeCompanyId))
    .where(and(eq(costumeReferences.companyId, companyId), eq(costumeReferences.danceNumberId, dncNumID)))
    .orderBy(costumeReferences.createdAt, costumeStyles.styleNumber);
}

/** A dance number's styles, each with its entries. */
export async function stylesOfNumber({ db, actor }: CostumeDeps, dncNumID: string): Promise<CostumeStyle[]> {
  requireOwner(actor);
  await findDanceNumber(db, actor.companyId, dncNumID);
  const styles = await numberStyles(db, actor.companyId, dncNumID);
  const entries = await entriesOf(
    db,
    actor.companyId,
    styles.map((s) => s.id),
  );
  return styles.map((s) => ({
    ...s,
    dncNumID,
    sizeColors: entries.filter((e) => e.styleId === s.id).map(presentEntry),
  }));
}

/** A style's entries. */
export async function sizeColorsOf({ db, actor }: CostumeDeps, id: string): Promise<SizeColorEntry[]> {
  requireOwner(actor);
  await findStyle(db, actor.companyId, id);
  return (await entriesOf(db, actor.companyId, [id])).map(presentEntry);
}

type StyleBody = z.output<typeof styleInput>;

/**
 * The company's style with that number (made when new), on the number. Inside the caller's
 * transaction. Two owners adding the same style at once: the loser's insert does nothing and it finds
 * the winner's.
 */
async function styleOnNumber(
  tx: Db,
  companyId: string,
  body: StyleBody,
  extra: { sizeGroups?: string[]; colors?: string[]; notes?: string } = {},
): Promise<string> {
  await findCostumeCompany(tx, companyId, body.costCoID);
  await findDanceNumber(tx, companyId, body.dncNumID);
  const same = and(
    eq(costumeStyles.costumeCompanyId, body.costCoID),
    sql`lower(${costumeStyles.styleNumber}) = lower(${body.styleNumber})`,
  );
  await tx
    .insert(costumeStyles)
    .values({
      companyId,
      costumeCompanyId: body.costCoID,
      styleNumber: body.styleNumber,
      styleName: body.styleName,
      sizeGroups: withOptions([], extra.sizeGroups ?? []),
      colors: withOptions([], extra.colors ?? []),
      notes: extra.notes ?? '',
    })
    .onConflictDoNothing();
  const [style] = await tx.select().from(costumeStyles).where(same).for('update');
  if (!style) throw notFound(COSTUME_TEXT.styleNotFound);
  if (extra.sizeGroups || extra.colors || extra.notes) {
    await tx
      .update(costumeStyles)
      .set({
        sizeGroups: withOptions(style.sizeGroups, extra.sizeGroups ?? []),
        colors: withOptions(style.colors, extra.colors ?? []),
        notes: extra.notes || style.notes,
        updatedAt: new Date(),
      })
      .where(eq(costumeStyles.id, style.id));
  }
  await tx
    .insert(costumeReferences)
    .values({ companyId, styleId: style.id, danceNumberId: body.dncNumID })
    .onConflictDoNothing();
  return style.id;
}

/** `POST …/style`: the style (new or the company's own of that number) on the dance number. */
export async function addStyle({ db, actor }: CostumeDeps, body: StyleBody) {
  requireOwner(actor);
  const id = await db.transaction((tx) => styleOnNumber(tx, actor.companyId, body));
  return { id, msg: COSTUME_TEXT.styleSaved };
}

export type EntryValues = { size: string; color: string; priceBuy: number; priceSell: number };

/**
 * The style's entry of that size and colour with these prices: made when new, its prices set to the
 * ones given when it exists (the owner's latest; assignments keep the prices they were made with). The
 * style's size groups and colours gain the entry's. Inside the caller's transaction.
 */
export async function upsertEntry(
  tx: Db,
  companyId: string,
  styleId: string,
  e: EntryValues,
): Promise<PriceRow> {
  const same = and(
    eq(costumePrices.styleId, styleId),
    sql`lower(${costumePrices.size}) = lower(${e.size})`,
    sql`lower(${costumePrices.color}) = lower(${e.color})`,
  );
  await tx
    .insert(costumePrices)
    .values({
      companyId,
      styleId,
      size: e.size,
      color: e.color,
      priceBuy: e.priceBuy,
      priceSell: e.priceSell,
    })
    .onConflictDoNothing();
  const [row] = await tx
    .update(costumePrices)
    .set({ priceBuy: e.priceBuy, priceSell: e.priceSell })
    .where(same)
    .returning();
  const [style] = await tx
    .select({ sizeGroups: costumeStyles.sizeGroups, colors: costumeStyles.colors })
    .from(costumeStyles)
    .where(eq(costumeStyles.id, styleId));
  if (style) {
    const sizeGroups = withOptions(style.sizeGroups, [e.size]);
    const colors = withOptions(style.colors, e.color ? [e.color] : []);
    if (sizeGroups.length !== style.sizeGroups.length || colors.length !== style.colors.length) {
      await tx.update(costumeStyles).set({ sizeGroups, colors }).where(eq(costumeStyles.id, styleId));
    }
  }
  return row!;
}

/**
 * `POST …/v2/style` (ours, decision 029): the style on the number with its size groups, colours and
 * entries, all in one transaction.
 */
export async function addStyleV2({ db, actor }: CostumeDeps, body: z.output<typeof styleV2Input>) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const id = await styleOnNumber(tx, actor.companyId, body, {
      sizeGroups: body.sizeGroups,
      colors: body.colors,
      notes: body.notes,
    });
    const entries: SizeColorEntry[] = [];
    for (const e of body.sizeColors) {
      const row = await upsertEntry(tx, actor.companyId, id, {
        size: e.size,
        color: e.color,
        priceBuy: e.price_buy,
        priceSell: e.price_sell,
      });
      entries.push(presentEntry(row));
    }
    return { id, sizeColors: entries, msg: COSTUME_TEXT.styleSaved };
  });
}

/**
 * `DELETE …/reference/{costumeID}/{dncNumID}`: takes the style off the number, refused with the spec's
 * sentence while a dancer of that number has it.
 */
export async function removeReference({ db, actor }: CostumeDeps, costumeID: string, dncNumID: string) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const [ref] = await tx
      .select({ id: costumeReferences.id })
      .from(costumeReferences)
      .where(
        and(
          eq(costumeReferences.companyId, actor.companyId),
          eq(costumeReferences.styleId, costumeID),
          eq(costumeReferences.danceNumberId, dncNumID),
        ),
      )
      .for('update');
    if (!ref) throw notFound(COSTUME_TEXT.referenceNotFound);
    const [assigned] = await tx
      .select({ id: costumeAssignments.id })
      .from(costumeAssignments)
      .innerJoin(danceNumberActivity, eq(danceNumberActivity.id, costumeAssignments.activityId))
      .where(
        and(
          eq(costumeAssignments.styleId, costumeID),
          eq(danceNumberActivity.danceNumberId, dncNumID),
          isNull(costumeAssignments.removedAt),
        ),
      )
      .limit(1);
    if (assigned) throw new AppError('unprocessable', COSTUME_TEXT.referenceAssigned);
    await tx.delete(costumeReferences).where(eq(costumeReferences.id, ref.id));
    return { msg: COSTUME_TEXT.referenceRemoved };
  });
}
