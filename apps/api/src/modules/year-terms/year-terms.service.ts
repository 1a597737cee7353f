import {
  type Actor,
  type CreatedResult,
  can,
  type MessageResult,
  messages,
  type YearTerm,
  type YearTermCounts,
  type YearTermFields,
  yearTermMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { findCurrentYearTerm, findYearTerm } from '../../kernel/current-term';
import { audit } from '../../lib/audit';
import { presentYearTerm } from '../auth';
import { generatePaymentSystem, regeneratePaymentSystem } from '../payment-system';
import { assertTermDeletable } from './assert-term-deletable';
import {
  countFamilyTerms,
  countYearTermContents,
  deleteYearTerm,
  findYearTermNamed,
  insertYearTerm,
  listYearTerms,
  lockStudioYearTerms,
  setCurrentYearTerm,
  updateYearTerm,
} from './year-terms.queries';

export async function getYearTerms({ db, actor }: { db: Db; actor: Actor }): Promise<YearTerm[]> {
  if (!can(actor, 'studio:read')) throw forbidden();
  const rows = await listYearTerms(db, actor.companyId);
  return rows.map((r) => presentYearTerm(r)!);
}

/** GET mystudio/yearTerms/counts: what each term holds, in one query. */
export async function getYearTermCounts({ db, actor }: { db: Db; actor: Actor }): Promise<YearTermCounts> {
  if (!can(actor, 'studio:read')) throw forbidden();
  return countYearTermContents(db, actor.companyId);
}

async function assertNameFree(db: Db, companyId: string, name: string, exceptId?: string) {
  if (await findYearTermNamed(db, companyId, name, exceptId)) {
    throw new AppError('conflict', yearTermMessages.nameTaken);
  }
}

/**
 * A new year term and its payment system (Monthly, Half year, Full year, from its dates), together or
 * not at all. Terms may overlap (a summer session inside a season); names are unique per studio.
 */
export async function createYearTerm({
  db,
  actor,
  input,
}: {
  db: Db;
  actor: Actor;
  input: YearTermFields;
}): Promise<CreatedResult> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    await lockStudioYearTerms(tx, companyId);
    await assertNameFree(tx, companyId, input.name);
    const term = await insertYearTerm(tx, companyId, input);
    await generatePaymentSystem(tx, {
      companyId,
      yearTermId: term.id,
      dateStart: term.dateStart,
      dateEnd: term.dateEnd,
    });
    await audit(tx, {
      action: 'year_term.created',
      companyId,
      userId: actor.userId,
      targetType: 'year_term',
      targetId: term.id,
    });
    return { id: term.id, msg: messages.insertSuccessful };
  });
}

/**
 * Changes a term. New dates rebuild its payment system in the same transaction, carrying the owner's
 * discounts and due days over by name (docs/decisions/011).
 */
export async function editYearTerm({
  db,
  actor,
  id,
  data,
}: {
  db: Db;
  actor: Actor;
  id: string;
  data: YearTermFields;
}): Promise<MessageResult> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    await lockStudioYearTerms(tx, companyId);
    const before = await findYearTerm(tx, companyId, id);
    if (!before) throw new AppError('not_found', messages.yearTermNotFound);
    await assertNameFree(tx, companyId, data.name, id);
    const datesChanged = before.dateStart !== data.dateStart || before.dateEnd !== data.dateEnd;
    // New dates rebuild the payment system; plans families have chosen must not move under them
    // (decision 026): once a family pays by the term's plans, its dates stay.
    if (datesChanged) {
      const families = await countFamilyTerms(tx, companyId, id);
      if (families > 0) {
        throw new AppError('unprocessable', yearTermMessages.datesHeldByPlans(before.name, families));
      }
    }
    await updateYearTerm(tx, companyId, id, data);
    const kept = datesChanged
      ? await regeneratePaymentSystem(tx, {
          companyId,
          yearTermId: id,
          dateStart: data.dateStart,
          dateEnd: data.dateEnd,
        })
      : null;
    await audit(tx, {
      action: 'year_term.updated',
      companyId,
      userId: actor.userId,
      targetType: 'year_term',
      targetId: id,
      detail: { datesChanged, ...(kept ?? {}) },
    });
    return { msg: messages.updateSuccessful };
  });
}

/** Deletes a term that nothing holds; its tuition prices and payment plans go with it. */
export async function removeYearTerm({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: Actor;
  id: string;
}): Promise<MessageResult> {
  if (!can(actor, 'studio:manage')) throw forbidden();
  const { companyId } = actor;
  return db.transaction(async (tx) => {
    await lockStudioYearTerms(tx, companyId);
    await assertTermDeletable(tx, companyId, id);
    await deleteYearTerm(tx, companyId, id);
    await audit(tx, {
      action: 'year_term.deleted',
      companyId,
      userId: actor.userId,
      targetType: 'year_term',
      targetId: id,
    });
    return { msg: messages.deleteSuccessful };
  });
}

/**
 * Makes a term the studio's current one; every session of the studio follows it. `expectedId`, when
 * given, is the term the owner saw as current when they confirmed (null: none): if another owner has
 * changed it since, the change is refused rather than undoing theirs unseen (decision 021).
 */
export async function makeCurrentYearTerm({
  db,
  actor,
  id,
  expectedId,
}: {
  db: Db;
  actor: Actor;
  id: string;
  expectedId?: string | null;
}): Promise<YearTerm> {
  if (!can(actor, 'yearTerm:set')) throw forbidden();
  return db.transaction(async (tx) => {
    await lockStudioYearTerms(tx, actor.companyId);
    if (!(await findYearTerm(tx, actor.companyId, id)))
      throw new AppError('not_found', messages.yearTermNotFound);
    const before = await findCurrentYearTerm(tx, actor.companyId);
    if (expectedId !== undefined && (before?.id ?? null) !== expectedId) {
      throw new AppError('conflict', yearTermMessages.currentChanged(before?.name ?? null));
    }
    const row = await setCurrentYearTerm(tx, actor.companyId, id);
    await audit(tx, {
      action: 'year_term.set_current',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'year_term',
      targetId: id,
      detail: { from: before?.id ?? null },
    });
    return presentYearTerm(row)!;
  });
}
