import {
  type ClassValues,
  type DanceNumberValues,
  formatTimeOfDay,
  scheduleMessages,
  timesOverlap,
  WEEKDAYS,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { requireYearTerm } from '../../kernel/current-term';
import {
  type ClassWrite,
  classesOfDay,
  type DanceNumberWrite,
  findGenres,
  findTeacherName,
  findTermPrice,
  lockRoom,
} from './classes.queries';
import { personName } from './schedule.presenters';

/**
 * The checks a new or edited class passes inside its transaction: what it names is the studio's, its
 * room is free at that time, and whether its teacher is busy elsewhere.
 */

export const classNotFound = () => new AppError('not_found', scheduleMessages.classNotFound);

export function toClassWrite(values: ClassValues): ClassWrite {
  return {
    yearTermId: values.yearTermID,
    roomId: values.roomID,
    teacherId: values.teacherID,
    priceId: values.priceID,
    name: values.name,
    day: values.day,
    timeStart: values.timeStart,
    timeEnd: values.timeEnd,
    ageMin: values.age_min,
    ageMax: values.age_max,
    level: values.level,
    nMin: values.nMin,
    nMax: values.nMax,
    isOpen: values.isOpen,
  };
}

export function toDanceNumberWrite(values: DanceNumberValues): DanceNumberWrite {
  return {
    name: values.name,
    genreId: values.genreID,
    songName: values.songName,
    songArtist: values.songArtist,
    songLength: values.songLength,
    costume: values.costume,
  };
}

/**
 * The year term, room, teacher and price of a class are the studio's, and the price is of the class's
 * term. The room's row stays locked until the transaction ends (see lockRoom).
 */
export async function checkClassReferences(db: Db, companyId: string, values: ClassValues) {
  await requireYearTerm(db, companyId, values.yearTermID);
  const room = await lockRoom(db, companyId, values.roomID);
  if (!room) throw new AppError('not_found', scheduleMessages.roomNotFound);
  const teacher = await findTeacherName(db, companyId, values.teacherID);
  if (!teacher) throw new AppError('not_found', scheduleMessages.teacherNotFound);
  if (!(await findTermPrice(db, companyId, values.priceID, values.yearTermID))) {
    throw new AppError('not_found', scheduleMessages.priceNotFound);
  }
  return { roomName: room.name, teacherName: personName(teacher.firstName, teacher.lastName) };
}

/**
 * The genres are the studio's and still offered. `keep` is a genre already in use where it is asked
 * for again (an edit that leaves it unchanged): retired since, it stays allowed there.
 */
export async function checkGenres(db: Db, companyId: string, ids: string[], keep?: string) {
  const wanted = [...new Set(ids)];
  const rows = await findGenres(db, companyId, wanted);
  if (rows.length !== wanted.length) throw new AppError('not_found', scheduleMessages.genreNotFound);
  if (rows.some((g) => g.retiredAt && g.id !== keep)) {
    throw new AppError('unprocessable', scheduleMessages.genreRetired);
  }
}

type Slot = { yearTermID: string; day: number; timeStart: string; timeEnd: string };

const when = (day: number, other: { timeStart: string; timeEnd: string }) =>
  [WEEKDAYS[day]!, formatTimeOfDay(other.timeStart), formatTimeOfDay(other.timeEnd)] as const;

/** A room holds one class at a time: another class there that overlaps is a 409 naming it. */
export async function assertRoomFree(
  db: Db,
  companyId: string,
  slot: Slot & { roomID: string },
  roomName: string,
  exceptId?: string,
) {
  const others = await classesOfDay(db, companyId, {
    yearTermId: slot.yearTermID,
    day: slot.day,
    roomId: slot.roomID,
    exceptId,
  });
  const clash = others.find((other) => timesOverlap(other, slot));
  if (clash) {
    throw new AppError(
      'conflict',
      scheduleMessages.roomTaken(roomName, clash.name, ...when(slot.day, clash)),
    );
  }
}

/** A teacher may be booked twice (a substitute covers); the owner is told, and the class is saved. */
export async function teacherWarning(
  db: Db,
  companyId: string,
  slot: Slot & { teacherID: string },
  teacherName: string,
  exceptId: string,
): Promise<string | undefined> {
  const others = await classesOfDay(db, companyId, {
    yearTermId: slot.yearTermID,
    day: slot.day,
    teacherId: slot.teacherID,
    exceptId,
  });
  const clash = others.find((other) => timesOverlap(other, slot));
  return clash ? scheduleMessages.teacherBusy(teacherName, clash.name, ...when(slot.day, clash)) : undefined;
}
