import {
  centsToDollars,
  type PrivateLesson,
  type PrivateRegistration,
  personName,
  songLengthText,
} from '@pirouette/domain';
import type { RegistrationView } from './private-registrations.queries';
import type { PrivateLessonView } from './privates.queries';

const bit = (value: boolean) => (value ? 1 : 0);

export function presentPrivateLesson(row: PrivateLessonView): PrivateLesson {
  const { lesson } = row;
  return {
    id: lesson.id,
    name: lesson.name,
    yearTermID: lesson.yearTermId,
    teacherID: lesson.teacherId,
    teacher: personName(row.teacherFirstName, row.teacherLastName),
    priceID: lesson.priceId,
    priceName: row.priceName,
    price: centsToDollars(row.price),
    genreID: lesson.genreId,
    nGenre: row.genreName,
    locationID: lesson.locationId,
    songName: lesson.songName,
    songArtist: lesson.songArtist,
    songLength: songLengthText(lesson.songLength),
    type: lesson.type,
    nReg: row.nReg,
    nDancers: row.nDancers,
  };
}

/** A registration as the info dialog lists it: `status` is the activity's "active" flag. */
export function presentPrivateRegistration(row: RegistrationView): PrivateRegistration {
  const { registration, activity } = row;
  return {
    privRegID: registration.id,
    privRegActID: activity.id,
    studentID: registration.studentId,
    studentName: personName(row.firstName, row.lastName),
    price: centsToDollars(registration.price),
    regStatus: registration.regStatus,
    regDateStart: registration.dateStart,
    regDateEnd: registration.dateEnd,
    status: bit(activity.active),
    competition: bit(activity.competition),
    recital: bit(activity.recital),
    costume: bit(activity.costume),
  };
}
