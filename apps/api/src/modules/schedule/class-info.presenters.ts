import {
  type ClassGenre,
  type ClassRegistrationActivity,
  type DanceNumber,
  type DanceNumberActivityItem,
  LEVELS,
  type OtherRequirement,
  songLengthText,
} from '@pirouette/domain';
import type {
  ActivityRow,
  ClassGenreRow,
  DanceNumberRow,
  RegistrationRow,
  RequirementRow,
} from './class-info.queries';
import { personName } from './schedule.presenters';

const bit = (value: boolean) => (value ? 1 : 0);

export function presentDanceNumber(row: DanceNumberRow): DanceNumber {
  return {
    id: row.id,
    clsSch_ID: row.classId,
    name: row.name,
    genreID: row.genreId,
    genre: row.genreName,
    songName: row.songName,
    songArtist: row.songArtist,
    songLength: songLengthText(row.songLength),
    costume: bit(row.costume),
  };
}

export function presentActivity(row: ActivityRow): DanceNumberActivityItem {
  return {
    dncNumActID: row.id,
    dncNumID: row.danceNumberId,
    clsRegID: row.classRegistrationId,
    studentName: personName(row.firstName, row.lastName),
    dncNumActive: bit(row.active),
    dncNumCompetition: bit(row.competition),
    dncNumRecital: bit(row.recital),
    dncNumCostume: bit(row.costume),
  };
}

/** Each registration with its activity in the class's dance numbers, in the order of the numbers. */
export function presentRegistrationActivity(
  registrations: RegistrationRow[],
  activity: DanceNumberActivityItem[],
  numberOrder: string[],
): ClassRegistrationActivity[] {
  const position = new Map(numberOrder.map((id, i) => [id, i]));
  const byRegistration = new Map<string, DanceNumberActivityItem[]>();
  for (const item of activity) {
    const list = byRegistration.get(item.clsRegID) ?? [];
    list.push(item);
    byRegistration.set(item.clsRegID, list);
  }
  return registrations.map((r) => ({
    clsRegID: r.id,
    acctStudentID: r.studentId,
    studentName: personName(r.firstName, r.lastName),
    iStatus: r.iStatus,
    status: r.status,
    isDropped: r.isDropped,
    Date_i: r.dateI,
    Date_f: r.dateF,
    dncNum: (byRegistration.get(r.id) ?? []).sort(
      (a, b) => (position.get(a.dncNumID) ?? 0) - (position.get(b.dncNumID) ?? 0),
    ),
  }));
}

export function presentClassGenre(row: ClassGenreRow): ClassGenre {
  return { clsGenreID: row.id, genreID: row.genreId, name: row.name };
}

export function presentRequirement(row: RequirementRow): OtherRequirement {
  return {
    otherReqID: row.id,
    genreID: row.genreId,
    genreName: row.genreName,
    levelID: row.level,
    levelName: LEVELS[row.level - 1] ?? '',
    isRequired: row.isRequired,
  };
}
