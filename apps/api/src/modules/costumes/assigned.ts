import {
  type AssignedAnswer,
  type AssignedCostume,
  centsToDollars,
  type DancerOutfit,
  type Measurements,
  suggestSize,
} from '@pirouette/domain';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  costumeAssignments,
  costumePrices,
  costumeStyles,
  studentMeasurements,
  studentOutfits,
} from '../../db/schema/costumes';
import { students } from '../../db/schema/families';
import { classRegistrations, danceNumberActivity } from '../../db/schema/schedule';
import { standingCharges, studioToday } from '../ledger';
import { depositKey } from './assignments.service';
import { presentMeasurement } from './measurements.service';
import { type CostumeDeps, chartsOf, findDanceNumber, requireOwner } from './shared';
import { numberStyles } from './styles.service';

/**
 * `GET …/v2/assigned/{dncNumID}`: each dancer active in the number (and any other still holding a
 * costume of it) with their outfit, the deposits on the family's bill and what is paid of them, their
 * latest measurements and the size each costume's chart suggests. A fixed number of queries, whatever
 * the number of dancers.
 */
export async function assignedOfNumber(deps: CostumeDeps, dncNumID: string): Promise<AssignedAnswer> {
  const { db, actor, clock } = deps;
  requireOwner(actor);
  const number = await findDanceNumber(db, actor.companyId, dncNumID);
  const today = await studioToday(db, actor.companyId, clock);

  const styles = await numberStyles(db, actor.companyId, dncNumID);

  const dancers = await numberDancers(db, actor.companyId, dncNumID);
  const activityIds = dancers.map((d) => d.activityId);
  const studentIds = [...new Set(dancers.map((d) => d.studentId))];

  const [outfits, assignments, measured, charts] = await Promise.all([
    activityIds.length
      ? db
          .select({ id: studentOutfits.id, activityId: studentOutfits.activityId })
          .from(studentOutfits)
          .where(inArray(studentOutfits.activityId, activityIds))
      : [],
    liveAssignments(db, activityIds),
    studentIds.length
      ? db
          .select()
          .from(studentMeasurements)
          .where(
            and(
              eq(studentMeasurements.companyId, actor.companyId),
              inArray(studentMeasurements.studentId, studentIds),
            ),
          )
          .orderBy(desc(studentMeasurements.takenOn), desc(studentMeasurements.createdAt))
      : [],
    chartsOf(db, actor.companyId, [...new Set(styles.map((s) => s.costCoID))]),
  ]);
  const deposits = await standingCharges(
    db,
    actor.companyId,
    assignments.map((a) => depositKey(a.id)),
  );

  const latest = new Map<string, (typeof measured)[number]>();
  for (const m of measured) if (!latest.has(m.studentId)) latest.set(m.studentId, m);
  const outfitOf = new Map(outfits.map((o) => [o.activityId, o.id]));

  return {
    dncNumID,
    name: number.name,
    styles,
    dancers: dancers.map((d): DancerOutfit => {
      const costumes = assignments
        .filter((a) => a.activityId === d.activityId)
        .map((a): AssignedCostume => {
          const charge = deposits.get(depositKey(a.id));
          return {
            id: a.id,
            dncNumActID: a.activityId,
            studentOutfitID: a.outfitId,
            costumeID: a.styleId,
            styleNumber: a.styleNumber,
            styleName: a.styleName,
            priceID: a.priceId,
            size: a.size,
            color: a.color,
            price: centsToDollars(a.sellPrice),
            price_buy: centsToDollars(a.priceBuy),
            deposit: charge ? centsToDollars(charge.total) : 0,
            depositPosted: !!charge,
            depositPaid: charge ? centsToDollars(charge.paid) : 0,
          };
        });
      const m = latest.get(d.studentId) ?? null;
      const measurements: Measurements | null = m
        ? { takenOn: m.takenOn, girth: m.girth, chest: m.chest, hips: m.hips }
        : null;
      const sum = (f: (c: AssignedCostume) => number) =>
        Math.round(costumes.reduce((s, c) => s + f(c) * 100, 0)) / 100;
      return {
        dncNumActID: d.activityId,
        studentID: d.studentId,
        studentName: `${d.firstName} ${d.lastName}`.trim(),
        familyID: d.familyId,
        studentOutfitID: outfitOf.get(d.activityId) ?? null,
        sell_price: sum((c) => c.price),
        total_buy: sum((c) => c.price_buy),
        deposit: sum((c) => c.deposit),
        depositPaid: sum((c) => c.depositPaid),
        costumes,
        measurements: m ? presentMeasurement(m) : null,
        suggestions: styles.map((s) => ({
          costumeID: s.id,
          ...suggestSize(
            (charts.get(s.costCoID) ?? []).map((r) => ({
              size: r.size,
              girthMin: r.girthMin,
              girthMax: r.girthMax,
              chestMin: r.chestMin,
              chestMax: r.chestMax,
              hipsMin: r.hipsMin,
              hipsMax: r.hipsMax,
            })),
            measurements,
            today,
          ),
        })),
      };
    }),
  };
}

const live = isNull(costumeAssignments.removedAt);

/** The dancers active in the number, and any other still holding a costume of it, by name. */
function numberDancers(db: Db, companyId: string, dncNumID: string) {
  return db
    .select({
      activityId: danceNumberActivity.id,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      familyId: students.familyId,
    })
    .from(danceNumberActivity)
    .innerJoin(classRegistrations, eq(classRegistrations.id, danceNumberActivity.classRegistrationId))
    .innerJoin(students, eq(students.id, classRegistrations.studentId))
    .where(
      and(
        eq(danceNumberActivity.companyId, companyId),
        eq(danceNumberActivity.danceNumberId, dncNumID),
        or(
          and(
            eq(danceNumberActivity.active, true),
            eq(classRegistrations.active, true),
            sql`${classRegistrations.iStatus} >= 0`,
          ),
          sql`exists (select 1 from ${costumeAssignments} where ${costumeAssignments.activityId} = ${danceNumberActivity.id} and ${live})`,
        ),
      ),
    )
    .orderBy(students.lastName, students.firstName);
}

/** The live assignments of the dancers' activities in the number, the oldest first. */
function liveAssignments(db: Db, activityIds: string[]) {
  if (activityIds.length === 0) return [];
  return db
    .select({
      id: costumeAssignments.id,
      activityId: costumeAssignments.activityId,
      outfitId: costumeAssignments.outfitId,
      styleId: costumeAssignments.styleId,
      styleNumber: costumeStyles.styleNumber,
      styleName: costumeStyles.styleName,
      priceId: costumeAssignments.priceId,
      size: costumePrices.size,
      color: costumePrices.color,
      sellPrice: costumeAssignments.sellPrice,
      priceBuy: costumeAssignments.priceBuy,
      deposit: costumeAssignments.deposit,
    })
    .from(costumeAssignments)
    .innerJoin(costumeStyles, eq(costumeStyles.id, costumeAssignments.styleId))
    .innerJoin(costumePrices, eq(costumePrices.id, costumeAssignments.priceId))
    .where(and(inArray(costumeAssignments.activityId, activityIds), live))
    .orderBy(costumeAssignments.createdAt);
}
