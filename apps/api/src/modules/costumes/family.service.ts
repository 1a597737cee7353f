import {
  type Actor,
  can,
  centsToDollars,
  type FamilyCostume,
  type FamilyCostumesAnswer,
  type FamilyDancerCostumes,
  messages,
} from '@pirouette/domain';
import { and, asc, eq } from 'drizzle-orm';
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
import { AppError } from '../../http/errors';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import { standingCharges } from '../ledger';
import { depositKey } from './assignments.service';
import { balanceKey } from './orders.service';

/**
 * A family's costumes (issue 18 point 5, decision 030): per dancer, each costume live or taken off with a
 * charge still on the family's bill, with its deposit and balance as the ledger holds them (what was
 * charged and what is paid of it), the placed order it is in and the day it arrived. Three round trips
 * whatever the number of dancers and costumes: the family, the costumes, their charges.
 */

export type FamilyCostumeDeps = { db: Db; actor: Actor };

/** The parent's own family's costumes: the session names the family. */
export function parentCostumes(deps: FamilyCostumeDeps): Promise<FamilyCostumesAnswer> {
  return familyCostumes(deps, ownFamily(deps.actor));
}

/** `GET /api/mystudio/account/{id}/costumes`: any family of the owner's studio (another studio's is a 404). */
export async function familyCostumes(
  deps: FamilyCostumeDeps,
  familyId: string,
): Promise<FamilyCostumesAnswer> {
  const { db, actor } = deps;
  if (!can(actor, 'studio:manage') && ownFamily(actor) !== familyId) {
    throw new AppError('not_found', messages.accountNotFound);
  }
  await findFamily(db, actor.companyId, familyId);

  const rows = await db
    .select({
      id: costumeAssignments.id,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      danceNumberId: danceNumbers.id,
      danceNumber: danceNumbers.name,
      styleId: costumeStyles.id,
      styleNumber: costumeStyles.styleNumber,
      styleName: costumeStyles.styleName,
      company: costumeCompanies.name,
      size: costumePrices.size,
      color: costumePrices.color,
      sellPrice: costumeAssignments.sellPrice,
      removedAt: costumeAssignments.removedAt,
      orderId: costumeOrders.id,
      orderName: costumeOrders.name,
      orderedOn: costumeOrders.orderedOn,
      receivedOn: costumeShipments.receivedOn,
    })
    .from(costumeAssignments)
    .innerJoin(studentOutfits, eq(studentOutfits.id, costumeAssignments.outfitId))
    .innerJoin(students, eq(students.id, studentOutfits.studentId))
    .innerJoin(danceNumberActivity, eq(danceNumberActivity.id, costumeAssignments.activityId))
    .innerJoin(danceNumbers, eq(danceNumbers.id, danceNumberActivity.danceNumberId))
    .innerJoin(costumeStyles, eq(costumeStyles.id, costumeAssignments.styleId))
    .innerJoin(costumeCompanies, eq(costumeCompanies.id, costumeStyles.costumeCompanyId))
    .innerJoin(costumePrices, eq(costumePrices.id, costumeAssignments.priceId))
    .leftJoin(costumeOrderLines, eq(costumeOrderLines.assignmentId, costumeAssignments.id))
    // Only a placed order: a costume in a cart is not ordered yet.
    .leftJoin(
      costumeOrders,
      and(eq(costumeOrders.id, costumeOrderLines.orderId), eq(costumeOrders.status, 'ordered')),
    )
    .leftJoin(costumeShipmentLines, eq(costumeShipmentLines.assignmentId, costumeAssignments.id))
    .leftJoin(costumeShipments, eq(costumeShipments.id, costumeShipmentLines.shipmentId))
    .where(and(eq(studentOutfits.companyId, actor.companyId), eq(studentOutfits.familyId, familyId)))
    .orderBy(
      asc(students.firstName),
      asc(students.lastName),
      asc(students.id),
      asc(danceNumbers.name),
      asc(costumeStyles.styleNumber),
      asc(costumeAssignments.createdAt),
    );

  const charges = await standingCharges(
    db,
    actor.companyId,
    rows.flatMap((r) => [depositKey(r.id), balanceKey(r.id)]),
    familyId,
  );

  const dancers = new Map<string, FamilyDancerCostumes>();
  const cents = { price: 0, deposit: 0, depositPaid: 0, balance: 0, balancePaid: 0, later: 0 };
  let live = 0;
  for (const r of rows) {
    const deposit = charges.get(depositKey(r.id));
    const balance = charges.get(balanceKey(r.id));
    const removed = r.removedAt !== null;
    // A costume taken off is kept in the list only while the family is still charged for it.
    if (removed && !deposit && !balance) continue;
    // The balance is posted when the order is placed: until then the rest of the price is still to come.
    const later = removed || r.orderId ? 0 : Math.max(0, r.sellPrice - (deposit?.total ?? 0));
    const costume: FamilyCostume = {
      id: r.id,
      dncNumID: r.danceNumberId,
      danceNumber: r.danceNumber,
      costumeID: r.styleId,
      styleNumber: r.styleNumber,
      styleName: r.styleName,
      company: r.company,
      size: r.size,
      color: r.color,
      price: centsToDollars(r.sellPrice),
      deposit: centsToDollars(deposit?.total ?? 0),
      depositPaid: centsToDollars(deposit?.paid ?? 0),
      balance: centsToDollars(balance?.total ?? 0),
      balancePaid: centsToDollars(balance?.paid ?? 0),
      later: centsToDollars(later),
      ordered: r.orderId ? { orderID: r.orderId, name: r.orderName!, orderedOn: r.orderedOn! } : null,
      receivedOn: r.receivedOn,
      removed,
    };
    if (!removed) {
      live += 1;
      cents.price += r.sellPrice;
    }
    cents.deposit += deposit?.total ?? 0;
    cents.depositPaid += deposit?.paid ?? 0;
    cents.balance += balance?.total ?? 0;
    cents.balancePaid += balance?.paid ?? 0;
    cents.later += later;
    const dancer = dancers.get(r.studentId) ?? {
      studentID: r.studentId,
      studentName: `${r.firstName} ${r.lastName}`.trim(),
      costumes: [],
    };
    dancer.costumes.push(costume);
    dancers.set(r.studentId, dancer);
  }

  return {
    coAcctMemID: familyId,
    dancers: [...dancers.values()],
    totals: {
      costumes: live,
      price: centsToDollars(cents.price),
      deposit: centsToDollars(cents.deposit),
      depositPaid: centsToDollars(cents.depositPaid),
      balance: centsToDollars(cents.balance),
      balancePaid: centsToDollars(cents.balancePaid),
      open: centsToDollars(cents.deposit + cents.balance - cents.depositPaid - cents.balancePaid),
      later: centsToDollars(cents.later),
    },
  };
}
