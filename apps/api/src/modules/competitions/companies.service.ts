import {
  COMPETITION_TEXT,
  type CompetitionCompanyItem,
  type CompetitionLocationAnswer,
  type competitionCompanyInput,
  type competitionLocationInput,
  messages,
} from '@pirouette/domain';
import type { z } from 'zod';
import { notFound, unprocessable } from '../../http/errors';
import { presentCompany, presentEvent, presentLocation } from './competitions.presenters';
import {
  countCompanyEvents,
  countLocationEvents,
  deleteCompany,
  deleteLocation,
  findCompany,
  findLocation,
  insertCompany,
  insertLocation,
  listCompanies,
  listEvents,
  listLocations,
  lockCompanyLocations,
  updateCompany,
  updateLocation,
} from './competitions.queries';
import { type CompetitionDeps, requireOwner } from './shared';

/** Competition companies and their locations (issue 19, decision 031; 002 §7 "Competitions"). */

type CompanyBody = z.output<typeof competitionCompanyInput>;
type LocationBody = z.output<typeof competitionLocationInput>;

export async function companies({ db, actor }: CompetitionDeps): Promise<CompetitionCompanyItem[]> {
  requireOwner(actor);
  const rows = await listCompanies(db, actor.companyId);
  return rows.map((r) => presentCompany(r.company, r));
}

export async function addCompany({ db, actor }: CompetitionDeps, body: CompanyBody) {
  requireOwner(actor);
  const id = await insertCompany(db, actor.companyId, body);
  return { id, msg: messages.insertSuccessful };
}

export async function editCompany({ db, actor }: CompetitionDeps, id: string, body: CompanyBody) {
  requireOwner(actor);
  if (!(await updateCompany(db, actor.companyId, id, body))) throw notFound(COMPETITION_TEXT.companyNotFound);
  return { msg: messages.updateSuccessful };
}

/**
 * Deletes a company with its locations, unless an event is held at one of them: an event is a plan the
 * owner made, never deleted by the way. The company and its locations are locked before the count, so
 * an event added meanwhile is either counted or finds its location gone.
 */
export async function removeCompany({ db, actor }: CompetitionDeps, id: string) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const company = await findCompany(tx, actor.companyId, id, 'update');
    if (!company) throw notFound(COMPETITION_TEXT.companyNotFound);
    await lockCompanyLocations(tx, actor.companyId, id);
    const events = await countCompanyEvents(tx, actor.companyId, id);
    if (events > 0) throw unprocessable(COMPETITION_TEXT.companyHasEvents(company.name, events));
    await deleteCompany(tx, actor.companyId, id);
    return { msg: messages.deleteSuccessful };
  });
}

/** `GET …/location/{companyId}`: the company's locations and the events held at them. */
export async function locationsOf(
  { db, actor }: CompetitionDeps,
  compCoId: string,
): Promise<CompetitionLocationAnswer> {
  requireOwner(actor);
  if (!(await findCompany(db, actor.companyId, compCoId))) throw notFound(COMPETITION_TEXT.companyNotFound);
  const [locations, events] = await Promise.all([
    listLocations(db, actor.companyId, compCoId),
    listEvents(db, actor.companyId, compCoId),
  ]);
  return {
    loc: locations.map((r) => presentLocation(r.location, r.events)),
    event: events.map(presentEvent),
  };
}

/** A location of a company; the company is held (`FOR SHARE`) so that its delete waits and sees it. */
export async function addLocation({ db, actor }: CompetitionDeps, compCoId: string, body: LocationBody) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    if (!(await findCompany(tx, actor.companyId, compCoId, 'share')))
      throw notFound(COMPETITION_TEXT.companyNotFound);
    const id = await insertLocation(tx, actor.companyId, compCoId, body);
    return { id, msg: messages.insertSuccessful };
  });
}

export async function editLocation({ db, actor }: CompetitionDeps, id: string, body: LocationBody) {
  requireOwner(actor);
  if (!(await updateLocation(db, actor.companyId, id, body)))
    throw notFound(COMPETITION_TEXT.locationNotFound);
  return { msg: messages.updateSuccessful };
}

/** Deletes a location that holds no event; one that does says how many, and stays. */
export async function removeLocation({ db, actor }: CompetitionDeps, id: string) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const location = await findLocation(tx, actor.companyId, id, 'update');
    if (!location) throw notFound(COMPETITION_TEXT.locationNotFound);
    const events = await countLocationEvents(tx, actor.companyId, id);
    if (events > 0) {
      throw unprocessable(COMPETITION_TEXT.locationHasEvents(location.name || location.address1, events));
    }
    await deleteLocation(tx, actor.companyId, id);
    return { msg: messages.deleteSuccessful };
  });
}
