import {
  centsToDollars,
  type ScheduleAnswer,
  type ScheduleClass,
  type ScheduleRoom,
} from '@pirouette/domain';
import type { ClassListRow, ScheduleRoomRow } from './schedule.queries';

/** "First Last", as the schedule names teachers and students. */
export const personName = (first: string, last: string) => `${first} ${last}`.trim();

export function presentScheduleClass(row: ClassListRow): ScheduleClass {
  const cost = centsToDollars(row.price);
  return {
    id: row.id,
    name: row.name,
    day: row.day,
    timeStart: row.timeStart,
    timeEnd: row.timeEnd,
    yearTermID: row.yearTermId,
    roomID: row.roomId,
    locationID: row.locationId,
    priceID: row.priceId,
    teacherID: row.teacherId,
    teacher: personName(row.teacherFirstName, row.teacherLastName),
    age_min: row.ageMin,
    age_max: row.ageMax,
    level: row.level,
    nMin: row.nMin,
    nMax: row.nMax,
    cost,
    tuit_base: cost,
    isOpen: row.isOpen,
    isFull: row.nReg >= row.nMax,
    nReg: row.nReg,
    isReg: row.nReg > 0,
    minGenreRequired: row.minGenreRequired,
  };
}

export function presentScheduleRoom(row: ScheduleRoomRow): ScheduleRoom {
  return { id: row.id, locationID: row.locationId, name: row.name, description: row.description };
}

export function presentSchedule(parts: {
  yearTermId: string | null;
  classRows: ClassListRow[];
  roomRows: ScheduleRoomRow[];
  locationRows: { id: string; name: string }[];
  selected: { locationId: string | null; roomId: string | null };
}): ScheduleAnswer {
  return {
    yrTrmID: parts.yearTermId,
    cls: parts.classRows.map(presentScheduleClass),
    rm: parts.roomRows.map(presentScheduleRoom),
    loc: parts.locationRows.map((l) => ({ id: l.id, name: l.name })),
    selIDs: { locID: parts.selected.locationId, rmID: parts.selected.roomId },
  };
}
