import {
  type Actor,
  type ClassFormInputs,
  type CompetitionEntryOption,
  can,
  centsToDollars,
  classPriceLabel,
  type DanceNumberFormInputs,
  formatDateOnly,
  type InputOption,
  LEVEL_OPTIONS,
  PRIVATE_TYPES,
  type PrivateFormInputs,
  personName,
  privatePriceLabel,
  type StudentOption,
  type YearTermOption,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import { resolveYearTerm } from '../../kernel/current-term';
import { listGenres } from '../genres';
import { listLocations } from '../locations';
import { listTeachers } from '../teachers';
import { listClassTuitions, listPrivateTuitions } from '../tuition';
import { listYearTerms } from '../year-terms';
import { listCompetitionEntries, listRoomsWithLocation, searchStudents } from './form-inputs.queries';

type Ctx = { db: Db; actor: Actor };

function mustRead(actor: Actor) {
  if (!can(actor, 'studio:read')) throw forbidden();
}

const teacherOptions = async (db: Db, companyId: string): Promise<InputOption[]> =>
  (await listTeachers(db, companyId)).map((t) => ({ id: t.id, name: personName(t.firstName, t.lastName) }));

/** Genres still offered: a retired one is kept by what names it, never offered again. */
const genreOptions = async (db: Db, companyId: string): Promise<InputOption[]> =>
  (await listGenres(db, companyId, { withRetired: false })).map((g) => ({ id: g.id, name: g.name }));

const termOptions = async (db: Db, companyId: string): Promise<InputOption[]> =>
  (await listYearTerms(db, companyId)).map((t) => ({ id: t.id, name: t.name }));

/** GET mystudio/inputs/classform?yearTermID=…: what the class dialog offers; prices of that term. */
export async function getClassFormInputs({
  db,
  actor,
  yearTermId,
}: Ctx & { yearTermId?: string }): Promise<ClassFormInputs> {
  mustRead(actor);
  const { companyId } = actor;
  const term = await resolveYearTerm(db, companyId, yearTermId);
  const [teachers, roomRows, priceRows, genres, yearTerms] = await Promise.all([
    teacherOptions(db, companyId),
    listRoomsWithLocation(db, companyId),
    term ? listClassTuitions(db, companyId, term.id) : Promise.resolve([]),
    genreOptions(db, companyId),
    termOptions(db, companyId),
  ]);
  return {
    yearTermID: term?.id ?? null,
    teachers,
    rooms: roomRows.map((r) => ({
      id: r.id,
      name: r.description.trim() !== '' ? r.description : r.name,
      locationID: r.locationID,
      location: r.location,
    })),
    prices: priceRows.map((p) => ({
      id: p.id,
      name: classPriceLabel(p.duration, p.price),
      price: centsToDollars(p.price),
      duration: p.duration,
    })),
    genres,
    levels: LEVEL_OPTIONS.map((l) => ({ id: l.id, name: l.name })),
    yearTerms,
  };
}

/** GET mystudio/inputs/dncNumForm */
export async function getDanceNumberFormInputs({ db, actor }: Ctx): Promise<DanceNumberFormInputs> {
  mustRead(actor);
  return { genres: await genreOptions(db, actor.companyId) };
}

/** GET mystudio/inputs/privateForm?yearTermID=…: what the private-lesson dialog offers. */
export async function getPrivateFormInputs({
  db,
  actor,
  yearTermId,
}: Ctx & { yearTermId?: string }): Promise<PrivateFormInputs> {
  mustRead(actor);
  const { companyId } = actor;
  const term = await resolveYearTerm(db, companyId, yearTermId);
  const [teachers, priceRows, genres, locationRows] = await Promise.all([
    teacherOptions(db, companyId),
    term ? listPrivateTuitions(db, companyId, term.id) : Promise.resolve([]),
    genreOptions(db, companyId),
    listLocations(db, companyId),
  ]);
  return {
    yearTermID: term?.id ?? null,
    teachers,
    prices: priceRows.map((p) => ({
      id: p.id,
      name: privatePriceLabel(p.name, p.price),
      price: centsToDollars(p.price),
    })),
    genres,
    locations: locationRows.map((l) => ({ id: l.id, name: l.name })),
    types: PRIVATE_TYPES.map((t) => ({ id: t.id, name: t.name })),
  };
}

/** GET mystudio/inputs/student?q=…: students named "First Last", by last name then first name. */
export async function getStudentOptions({ db, actor, q }: Ctx & { q: string }): Promise<StudentOption[]> {
  mustRead(actor);
  return (await searchStudents(db, actor.companyId, q)).map((s) => ({
    id: s.id,
    name: personName(s.firstName, s.lastName),
    dob: s.dob,
  }));
}

/** GET mystudio/inputs/yearTerms: the studio's terms by start date, the current one marked. */
export async function getYearTermOptions({ db, actor }: Ctx): Promise<YearTermOption[]> {
  mustRead(actor);
  return (await listYearTerms(db, actor.companyId)).map((t) => ({
    id: t.id,
    name: t.name,
    dateStart: t.dateStart,
    dateEnd: t.dateEnd,
    isCurrent: t.isCurrent,
  }));
}

/** GET mystudio/inputs/competition/entries: the studio's entries, each named with its event. */
export async function getCompetitionEntryOptions({ db, actor }: Ctx): Promise<CompetitionEntryOption[]> {
  mustRead(actor);
  return (await listCompetitionEntries(db, actor.companyId)).map((e) => ({
    id: e.id,
    cmpEntID: e.id,
    name: e.name,
    compCoEventID: e.eventId,
    event: [e.company, e.location, formatDateOnly(e.dateStart)].filter(Boolean).join(' · '),
    dateStart: e.dateStart,
    dateEnd: e.dateEnd,
    priceCustomer: centsToDollars(e.priceCustomer),
  }));
}
