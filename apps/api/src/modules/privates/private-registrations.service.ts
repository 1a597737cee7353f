import {
  type Actor,
  activityFlagsOf,
  can,
  compareDates,
  formatDateOnly,
  type MessageResult,
  messages,
  PRIVATE_LIMITS,
  type PrivateRegistrationCreated,
  privateMessages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/unique-violation';
import { AppError, forbidden } from '../../http/errors';
import { audit } from '../../lib/audit';
import {
  findRegistrationOf,
  findStudentRef,
  insertRegistration,
  lockPrivateWithTerm,
  updateActivityFlags,
  updateRegistrationStatus,
} from './private-registrations.queries';
import { countRegistrationsOf } from './privates.queries';

type Ctx = { db: Db; actor: Actor };

function mustManage(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

export type PrivateRegistrationData = {
  studentID: string;
  privID: string;
  /** Cents. */
  price: number;
  dateStart: string;
  /** The owner confirmed registering past the price's number of dancers. */
  override?: boolean;
};

/**
 * POST mystudio/privates/reg/student: a student of the studio in one of its private lessons, from a day
 * of the lesson's year term to the term's end, with an activity row (all flags on), in one transaction.
 */
export async function registerStudent({
  db,
  actor,
  data,
}: Ctx & { data: PrivateRegistrationData }): Promise<PrivateRegistrationCreated> {
  mustManage(actor);
  const { companyId } = actor;
  try {
    return await db.transaction(async (tx) => {
      // The lesson's row is locked: registrations of one lesson are written one after the other.
      const lesson = await lockPrivateWithTerm(tx, companyId, data.privID);
      if (!lesson) throw new AppError('not_found', privateMessages.notFound);
      if (!(await findStudentRef(tx, companyId, data.studentID))) {
        throw new AppError('not_found', privateMessages.studentNotFound);
      }
      if (
        compareDates(data.dateStart, lesson.dateStart) < 0 ||
        compareDates(data.dateStart, lesson.dateEnd) > 0
      ) {
        throw new AppError(
          'unprocessable',
          privateMessages.dateOutsideTerm(formatDateOnly(lesson.dateStart), formatDateOnly(lesson.dateEnd)),
        );
      }
      if (await findRegistrationOf(tx, companyId, lesson.id, data.studentID)) {
        throw new AppError('conflict', privateMessages.alreadyRegistered);
      }
      // Every registration, active or not, takes one of the places the price names: a dancer set
      // inactive is paused, not gone (decision 018). Counted under the lesson's lock.
      const taken = await countRegistrationsOf(tx, companyId, lesson.id);
      if (taken >= PRIVATE_LIMITS.registrationsPerPrivate) {
        throw new AppError('unprocessable', privateMessages.registrationsFull);
      }
      const pastPlaces = taken >= lesson.nDancers;
      if (pastPlaces && !data.override) {
        throw new AppError(
          'conflict',
          privateMessages.placesFull(lesson.priceName, lesson.nDancers),
          'places_full',
        );
      }
      const ids = await insertRegistration(tx, companyId, {
        privateId: lesson.id,
        studentId: data.studentID,
        price: data.price,
        dateStart: data.dateStart,
        dateEnd: lesson.dateEnd,
      });
      await audit(tx, {
        action: 'private_registration.create',
        companyId,
        userId: actor.userId,
        targetType: 'private_registration',
        targetId: ids.privRegID,
        detail: {
          privateId: lesson.id,
          studentId: data.studentID,
          ...(pastPlaces ? { pastPlaces: { nDancers: lesson.nDancers, registered: taken + 1 } } : {}),
        },
      });
      return { rData: { ...ids, dateEnd: lesson.dateEnd }, msg: messages.insertSuccessful };
    });
  } catch (error) {
    // Two requests that both passed the check above meet the unique index: the same 409.
    if (isUniqueViolation(error)) throw new AppError('conflict', privateMessages.alreadyRegistered);
    throw error;
  }
}

/**
 * PUT mystudio/privates/reg/{regID} (002 §4): step 1 sets the four activity flags and the registration
 * status (1 registered, 0 not) to `status`; steps 2, 3 and 4 set the competition, recital or costume flag.
 */
export async function updateRegistrationActivity({
  db,
  actor,
  registrationId,
  step,
  status,
}: Ctx & { registrationId: string; step: 1 | 2 | 3 | 4; status: boolean }): Promise<MessageResult> {
  mustManage(actor);
  const { companyId } = actor;
  const flags = activityFlagsOf(step, status);
  return db.transaction(async (tx) => {
    if (!(await updateActivityFlags(tx, companyId, registrationId, flags))) {
      throw new AppError('not_found', privateMessages.registrationNotFound);
    }
    if (step === 1) await updateRegistrationStatus(tx, companyId, registrationId, status ? 1 : 0);
    await audit(tx, {
      action: 'private_registration.activity',
      companyId,
      userId: actor.userId,
      targetType: 'private_registration',
      targetId: registrationId,
      detail: { step, status },
    });
    return { msg: messages.updateSuccessful };
  });
}
