import {
  badEntries,
  COMPETITION_TEXT,
  type CompetitionEntryItem,
  type CompetitionEventItem,
  type competitionEntryEdit,
  type competitionEntryInput,
  type competitionEventEntriesInput,
  type competitionEventInput,
  ENTRY_BATCH_ERROR,
  messages,
} from '@pirouette/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { badRequest, notFound, unprocessable } from '../../http/errors';
import { presentEntry, presentEvent } from './competitions.presenters';
import {
  countRegistrations,
  deleteEntry,
  deleteEvent,
  type EntryValues,
  findEntry,
  findEvent,
  findLocation,
  insertEntries,
  insertEvent,
  listEntries,
  listEvents,
  lockEventEntries,
  registeredGroups,
  updateEntry,
  updateEvent,
} from './competitions.queries';
import { type CompetitionDeps, requireOwner } from './shared';

/** Competition events and their entries (issue 19, decision 031; 002 §5, §7 "Competitions"). */

type EventBody = z.output<typeof competitionEventInput>;
type EntryBody = z.output<typeof competitionEntryEdit>;

const entryValues = (e: EntryBody): EntryValues => ({
  name: e.name,
  priceStudio: e.priceStudio,
  priceCustomer: e.priceCustomer,
  dancersMin: e.nDancersMin,
  dancersMax: e.nDancersMax,
  isPerformance: e.isPerformance,
  notes: e.notes,
});

/**
 * The batch rules once more below the route (002 §5): the schema refuses a bad entry before anything
 * runs, and this keeps any other caller of the services to the same rule.
 */
function checkEntries(entries: readonly EntryBody[]) {
  const bad = badEntries(
    entries.map((e) => ({
      name: e.name,
      priceStudio: e.priceStudio,
      priceCustomer: e.priceCustomer,
      nDancersMin: e.nDancersMin,
      nDancersMax: e.nDancersMax,
    })),
  );
  if (bad.length > 0) throw badRequest(ENTRY_BATCH_ERROR);
}

/** A location of the studio, held (`FOR SHARE`) until the event is saved: its delete waits and sees it. */
async function holdLocation(tx: Db, companyId: string, locationId: string) {
  if (!(await findLocation(tx, companyId, locationId, 'share')))
    throw notFound(COMPETITION_TEXT.locationNotFound);
}

const eventValues = (body: EventBody) => ({
  locationId: body.compCoLocID,
  dateStart: body.dateStart,
  dateEnd: body.dateEnd,
  type: body.type,
});

export async function events({ db, actor }: CompetitionDeps): Promise<CompetitionEventItem[]> {
  requireOwner(actor);
  return (await listEvents(db, actor.companyId)).map(presentEvent);
}

export async function addEvent({ db, actor }: CompetitionDeps, body: EventBody) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    await holdLocation(tx, actor.companyId, body.compCoLocID);
    const id = await insertEvent(tx, actor.companyId, eventValues(body));
    return { id, msg: messages.insertSuccessful };
  });
}

/** `POST …/event/entry`: the event and its entries in one transaction, all or nothing. */
export async function addEventWithEntries(
  { db, actor }: CompetitionDeps,
  body: z.output<typeof competitionEventEntriesInput>,
) {
  requireOwner(actor);
  checkEntries(body.entry);
  return db.transaction(async (tx) => {
    await holdLocation(tx, actor.companyId, body.event.compCoLocID);
    const id = await insertEvent(tx, actor.companyId, eventValues(body.event));
    const entries = await insertEntries(tx, actor.companyId, id, body.entry.map(entryValues));
    return { id, entries, msg: messages.insertSuccessful };
  });
}

export async function editEvent({ db, actor }: CompetitionDeps, id: string, body: EventBody) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    await holdLocation(tx, actor.companyId, body.compCoLocID);
    if (!(await updateEvent(tx, actor.companyId, id, eventValues(body))))
      throw notFound(COMPETITION_TEXT.eventNotFound);
    return { msg: messages.updateSuccessful };
  });
}

/**
 * Deletes an event with its entries: they are the event's own, made with it in one dialog. While a
 * dancer is registered on one of them (decision 032), the event stays and says so: the registrations
 * carry the families' fees.
 */
export async function removeEvent({ db, actor }: CompetitionDeps, id: string) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    if (!(await findEvent(tx, actor.companyId, id, 'update'))) throw notFound(COMPETITION_TEXT.eventNotFound);
    await lockEventEntries(tx, actor.companyId, id);
    const registered = await countRegistrations(tx, actor.companyId, { eventId: id });
    if (registered > 0) throw unprocessable(COMPETITION_TEXT.eventHasRegistrations(registered));
    await deleteEvent(tx, actor.companyId, id);
    return { msg: messages.deleteSuccessful };
  });
}

export async function entriesOf(
  { db, actor }: CompetitionDeps,
  eventId: string,
): Promise<CompetitionEntryItem[]> {
  requireOwner(actor);
  if (!(await findEvent(db, actor.companyId, eventId))) throw notFound(COMPETITION_TEXT.eventNotFound);
  return (await listEntries(db, actor.companyId, eventId)).map(presentEntry);
}

/** An entry added to an event, after its others; the event is held so that its delete waits. */
export async function addEntry({ db, actor }: CompetitionDeps, body: z.output<typeof competitionEntryInput>) {
  requireOwner(actor);
  checkEntries([body]);
  return db.transaction(async (tx) => {
    if (!(await findEvent(tx, actor.companyId, body.compCoEventID, 'share')))
      throw notFound(COMPETITION_TEXT.eventNotFound);
    const [id] = await insertEntries(tx, actor.companyId, body.compCoEventID, [entryValues(body)]);
    return { id: id!, msg: messages.insertSuccessful };
  });
}

export async function editEntry({ db, actor }: CompetitionDeps, id: string, body: EntryBody) {
  requireOwner(actor);
  checkEntries([body]);
  return db.transaction(async (tx) => {
    // Held as a registration holds it (decision 032): dancers registered meanwhile are counted here.
    const entry = await findEntry(tx, actor.companyId, id, 'update');
    if (!entry) throw notFound(COMPETITION_TEXT.entryNotFound);
    const groups = await registeredGroups(tx, actor.companyId, id);
    const largest = groups.at(-1);
    if (largest && largest.n > body.nDancersMax)
      throw unprocessable(COMPETITION_TEXT.entryMaxBelowRegistered(body.name, largest.name, largest.n));
    const smallest = groups[0];
    if (smallest && smallest.n < body.nDancersMin)
      throw unprocessable(COMPETITION_TEXT.entryMinAboveRegistered(body.name, smallest.name, smallest.n));
    await updateEntry(tx, actor.companyId, id, entryValues(body));
    return { msg: messages.updateSuccessful };
  });
}

/** Deletes an entry no dancer is registered on; one with registrations says how many, and stays. */
export async function removeEntry({ db, actor }: CompetitionDeps, id: string) {
  requireOwner(actor);
  return db.transaction(async (tx) => {
    const entry = await findEntry(tx, actor.companyId, id, 'update');
    if (!entry) throw notFound(COMPETITION_TEXT.entryNotFound);
    const registered = await countRegistrations(tx, actor.companyId, { entryId: id });
    if (registered > 0) throw unprocessable(COMPETITION_TEXT.entryHasRegistrations(entry.name, registered));
    await deleteEntry(tx, actor.companyId, id);
    return { msg: messages.deleteSuccessful };
  });
}
