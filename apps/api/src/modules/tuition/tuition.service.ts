import {
  type Actor,
  type ClassTuition,
  type ClassTuitionValues,
  type CreatedResult,
  can,
  classPriceLabel,
  type MessageResult,
  messages,
  type PrivateTuition,
  type PrivateTuitionValues,
  privatePriceLabel,
  tuitionPriceMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { requireYearTerm, resolveYearTerm } from '../../kernel/current-term';
import { audit } from '../../lib/audit';
import { presentClassTuition, presentPrivateTuition } from './tuition.presenters';
import {
  type ClassTuitionRow,
  countClassTuitionUses,
  countPrivateTuitionUses,
  deleteClassTuition,
  deletePrivateTuition,
  findClassTuition,
  findPrivateTuition,
  insertClassTuition,
  insertPrivateTuition,
  listClassTuitions,
  listPrivateTuitions,
  type PrivateTuitionRow,
  updateClassTuition,
  updatePrivateTuition,
} from './tuition.queries';

type Ctx = { db: Db; actor: Actor };

/** A price's fields as its table holds them: the term under its column's name. */
type Stored<Input> = Omit<Input, 'yearTermID'> & { yearTermId: string };

/**
 * What tells class prices from private-lesson prices: their table's queries, their presenter, and the
 * name their audit entries carry. Everything else (who may, which term, what is answered) is the same.
 */
type PriceKind<Input, Row, Price> = {
  name: 'class_tuition' | 'private_tuition';
  list: (db: Db, companyId: string, yearTermId: string) => PromiseLike<Row[]>;
  find: (db: Db, companyId: string, id: string, lock?: boolean) => Promise<Row | null>;
  insert: (db: Db, companyId: string, values: Stored<Input>) => Promise<{ id: string }>;
  update: (db: Db, companyId: string, id: string, values: Stored<Input>) => Promise<number>;
  remove: (db: Db, companyId: string, id: string) => Promise<number>;
  present: (row: Row) => Price;
  /** How many classes or private lessons name the price. */
  uses: (db: Db, companyId: string, id: string) => Promise<number>;
  /** Why a price in use is not deleted. */
  inUse: (row: Row, uses: number) => string;
};

function assertManager(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

const notFound = () => new AppError('not_found', tuitionPriceMessages.notFound);

/** The list, create, edit and delete services of one kind of price. */
function priceServices<Input extends { yearTermID: string }, Row, Price>(kind: PriceKind<Input, Row, Price>) {
  const logWrite = (tx: Db, actor: Actor, action: string, id: string) =>
    audit(tx, {
      action: `${kind.name}.${action}`,
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: kind.name,
      targetId: id,
    });

  return {
    async list({ db, actor, yearTermId }: Ctx & { yearTermId?: string }): Promise<Price[]> {
      if (!can(actor, 'studio:read')) throw forbidden();
      const term = await resolveYearTerm(db, actor.companyId, yearTermId);
      if (!term) return [];
      return (await kind.list(db, actor.companyId, term.id)).map(kind.present);
    },

    async create({ db, actor, input }: Ctx & { input: Input }): Promise<CreatedResult> {
      assertManager(actor);
      const { yearTermID, ...rest } = input;
      return db.transaction(async (tx) => {
        await requireYearTerm(tx, actor.companyId, yearTermID);
        const row = await kind.insert(tx, actor.companyId, { yearTermId: yearTermID, ...rest });
        await logWrite(tx, actor, 'created', row.id);
        return { id: row.id, msg: messages.insertSuccessful };
      });
    },

    async edit({ db, actor, id, data }: Ctx & { id: string; data: Input }): Promise<MessageResult> {
      assertManager(actor);
      const { yearTermID, ...rest } = data;
      return db.transaction(async (tx) => {
        if (!(await kind.find(tx, actor.companyId, id))) throw notFound();
        await requireYearTerm(tx, actor.companyId, yearTermID);
        await kind.update(tx, actor.companyId, id, { yearTermId: yearTermID, ...rest });
        await logWrite(tx, actor, 'updated', id);
        return { msg: messages.updateSuccessful };
      });
    },

    async remove({ db, actor, id }: Ctx & { id: string }): Promise<MessageResult> {
      assertManager(actor);
      return db.transaction(async (tx) => {
        // The price's row stays locked until the delete: a class or a private lesson naming it waits
        // for it, and one named just before is counted (the count is a later statement).
        const row = await kind.find(tx, actor.companyId, id, true);
        if (!row) throw notFound();
        const uses = await kind.uses(tx, actor.companyId, id);
        if (uses > 0) throw new AppError('unprocessable', kind.inUse(row, uses));
        if ((await kind.remove(tx, actor.companyId, id)) === 0) throw notFound();
        await logWrite(tx, actor, 'deleted', id);
        return { msg: messages.deleteSuccessful };
      });
    },
  };
}

const classPrices = priceServices<ClassTuitionValues, ClassTuitionRow, ClassTuition>({
  name: 'class_tuition',
  list: listClassTuitions,
  find: findClassTuition,
  insert: insertClassTuition,
  update: updateClassTuition,
  remove: deleteClassTuition,
  present: presentClassTuition,
  uses: countClassTuitionUses,
  inUse: (row, uses) => tuitionPriceMessages.classPriceInUse(classPriceLabel(row.duration, row.price), uses),
});

const privatePrices = priceServices<PrivateTuitionValues, PrivateTuitionRow, PrivateTuition>({
  name: 'private_tuition',
  list: listPrivateTuitions,
  find: findPrivateTuition,
  insert: insertPrivateTuition,
  update: updatePrivateTuition,
  remove: deletePrivateTuition,
  present: presentPrivateTuition,
  uses: countPrivateTuitionUses,
  inUse: (row, uses) => tuitionPriceMessages.privatePriceInUse(privatePriceLabel(row.name, row.price), uses),
});

export const getClassTuitions = classPrices.list;
export const createClassTuition = classPrices.create;
export const editClassTuition = classPrices.edit;
export const removeClassTuition = classPrices.remove;

export const getPrivateTuitions = privatePrices.list;
export const createPrivateTuition = privatePrices.create;
export const editPrivateTuition = privatePrices.edit;
export const removePrivateTuition = privatePrices.remove;
