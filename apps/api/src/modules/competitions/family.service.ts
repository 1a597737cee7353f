import {
  type Actor,
  can,
  centsToDollars,
  type FamilyCompetitionEntry,
  type FamilyCompetitionEvent,
  type FamilyCompetitionFeeKept,
  type FamilyCompetitionsAnswer,
  type FamilyDancerCompetitions,
  messages,
} from '@pirouette/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { competitionRegistrations } from '../../db/schema/competition-registrations';
import {
  competitionCompanies,
  competitionEntries,
  competitionEvents,
  competitionLocations,
} from '../../db/schema/competitions';
import { students } from '../../db/schema/families';
import { privateLessons } from '../../db/schema/privates';
import { danceNumbers } from '../../db/schema/schedule';
import { AppError } from '../../http/errors';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { chargesUnderPrefix, standingCharges, studioToday } from '../ledger';
import { linesOfEvents, type OverviewLine, type PlaceRow, placesOfEvents } from './overview.queries';
import { keyOfLine, runningOrder } from './overview.service';
import { feeKey, isPaid } from './registration.queries';

/**
 * A family's competition entries (issue 19 point 5, decision 034): per dancer, the events they are
 * entered in — upcoming first — with each registration line's entry, what is danced, the fee as the
 * ledger holds it (charged while it stands, what is paid of it) and, once the owner has saved the
 * event's running order, the performance's place in it as the overview numbers it; and the fees kept on
 * the bill for registrations taken off after their event began. A fixed number of round trips whatever
 * the number of dancers, events and entries: the family, the studio's today, the lines, the kept fees,
 * their charges, the events' running orders, and the lines of the events whose order is set.
 */

export type FamilyCompetitionDeps = { db: Db; actor: Actor; clock: Clock };

const FEE_PREFIX = 'competition-fee:';

/** The parent's own family's entries: the session names the family. */
export function parentCompetitions(deps: FamilyCompetitionDeps): Promise<FamilyCompetitionsAnswer> {
  return familyCompetitions(deps, ownFamily(deps.actor));
}

/** The family's registration lines with their event, place, entry and what is danced. One query. */
function familyLines(db: Db, companyId: string, familyId: string) {
  const danced = sql<string>`coalesce(${danceNumbers.name}, ${privateLessons.name}, '')`;
  return db
    .select({
      id: competitionRegistrations.id,
      type: competitionRegistrations.type,
      entryId: competitionRegistrations.entryId,
      entry: competitionEntries.name,
      danceNumberId: competitionRegistrations.danceNumberId,
      privateId: competitionRegistrations.privateId,
      danced,
      studentId: students.id,
      firstName: students.firstName,
      lastName: students.lastName,
      eventId: competitionEvents.id,
      dateStart: competitionEvents.dateStart,
      dateEnd: competitionEvents.dateEnd,
      eventType: competitionEvents.type,
      company: competitionCompanies.name,
      locationName: competitionLocations.name,
      address1: competitionLocations.address1,
      address2: competitionLocations.address2,
      city: competitionLocations.city,
      state: competitionLocations.state,
      zipcode: competitionLocations.zipcode,
    })
    .from(competitionRegistrations)
    .innerJoin(competitionEntries, eq(competitionEntries.id, competitionRegistrations.entryId))
    .innerJoin(competitionEvents, eq(competitionEvents.id, competitionEntries.eventId))
    .innerJoin(competitionLocations, eq(competitionLocations.id, competitionEvents.locationId))
    .innerJoin(competitionCompanies, eq(competitionCompanies.id, competitionLocations.competitionCompanyId))
    .innerJoin(students, eq(students.id, competitionRegistrations.studentId))
    .leftJoin(danceNumbers, eq(danceNumbers.id, competitionRegistrations.danceNumberId))
    .leftJoin(privateLessons, eq(privateLessons.id, competitionRegistrations.privateId))
    .where(
      and(eq(competitionRegistrations.companyId, companyId), eq(competitionRegistrations.familyId, familyId)),
    )
    .orderBy(
      asc(students.firstName),
      asc(students.lastName),
      asc(students.id),
      asc(competitionEvents.dateStart),
      asc(competitionEvents.id),
      asc(competitionEntries.position),
      asc(danced),
      asc(competitionRegistrations.createdAt),
    );
}

/**
 * The family's competition fee charges whose registration line is gone (taken off on or after the
 * event's first day, the fee kept on the bill; decision 032), with what the ledger wrote of them. Whether
 * each still stands is `standingCharges`' to say. One query.
 */
function chargesWithoutLine(db: Db, companyId: string, familyId: string) {
  return chargesUnderPrefix(db, {
    companyId,
    familyId,
    category: 'competition',
    prefix: FEE_PREFIX,
    keep: (key) => sql`not exists (select 1 from ${competitionRegistrations} r
      where r.company_id = ${companyId} and r.id::text = substr(${key}, ${FEE_PREFIX.length + 1}))`,
  });
}

/**
 * The places of an event's performances as the overview numbers them (decision 033, its `runningOrder`):
 * `family.test.ts` holds them to the overview's own answer.
 */
function placesOf(lines: OverviewLine[], places: PlaceRow[]): Map<string, number> {
  return new Map(runningOrder(lines, places).order.map((p, i) => [p.key, i + 1]));
}

type Dancer = FamilyDancerCompetitions & { byEvent: Map<string, FamilyCompetitionEvent> };

function groupBy<T>(rows: T[], key: (r: T) => string) {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(key(r), [...(out.get(key(r)) ?? []), r]);
  return out;
}

/** `GET /api/mystudio/account/{id}/competitions`: any family of the owner's studio (another studio's is a 404). */
export async function familyCompetitions(
  deps: FamilyCompetitionDeps,
  familyId: string,
): Promise<FamilyCompetitionsAnswer> {
  const { db, actor, clock } = deps;
  if (!can(actor, 'studio:manage') && ownFamily(actor) !== familyId) {
    throw new AppError('not_found', messages.accountNotFound);
  }
  const companyId = actor.companyId;
  await findFamily(db, companyId, familyId);

  const [today, rows, gone] = await Promise.all([
    studioToday(db, companyId, clock),
    familyLines(db, companyId, familyId),
    chargesWithoutLine(db, companyId, familyId),
  ]);
  const eventIds = [...new Set(rows.map((r) => r.eventId))];
  const [charges, places] = await Promise.all([
    standingCharges(db, companyId, [...rows.map((r) => feeKey(r.id)), ...gone.map((g) => g.key)], familyId),
    eventIds.length > 0 ? placesOfEvents(db, companyId, eventIds) : Promise.resolve([]),
  ]);
  // The places are set for the events whose running order the owner saved; numbering them takes all
  // the event's performances, every family's.
  const ordered = [...new Set(places.map((p) => p.eventId))];
  const eventLines = ordered.length > 0 ? await linesOfEvents(db, companyId, ordered, false) : [];
  const linesBy = groupBy(eventLines, (l) => l.eventId);
  const placesBy = groupBy(places, (p) => p.eventId);
  const placeOf = new Map(ordered.map((id) => [id, placesOf(linesBy.get(id) ?? [], placesBy.get(id) ?? [])]));

  const cents = { fees: 0, paid: 0 };
  const count = (fee: { total: number; paid: number } | undefined) => {
    const total = fee?.total ?? 0;
    const paid = Math.min(fee?.paid ?? 0, total);
    cents.fees += total;
    cents.paid += paid;
    return {
      fee: centsToDollars(total),
      feePaid: centsToDollars(paid),
      isPaid: isPaid({ charged: total, paid }),
    };
  };

  const dancers = new Map<string, Dancer>();
  const upcoming = new Set<string>();
  for (const r of rows) {
    const dancer: Dancer = dancers.get(r.studentId) ?? {
      studentID: r.studentId,
      studentName: `${r.firstName} ${r.lastName}`.trim(),
      events: [],
      byEvent: new Map(),
    };
    dancers.set(r.studentId, dancer);
    let event = dancer.byEvent.get(r.eventId);
    if (!event) {
      const order = placeOf.get(r.eventId);
      event = {
        eventID: r.eventId,
        name: `${r.company} ${r.eventType}`.trim(),
        type: r.eventType,
        company: r.company,
        dateStart: r.dateStart,
        dateEnd: r.dateEnd,
        upcoming: r.dateEnd >= today,
        location: {
          name: r.locationName,
          address1: r.address1,
          address2: r.address2,
          city: r.city,
          state: r.state,
          zipcode: r.zipcode,
        },
        runningOrder: order !== undefined,
        entries: [],
      };
      if (event.upcoming) upcoming.add(r.eventId);
      dancer.byEvent.set(r.eventId, event);
      dancer.events.push(event);
    }
    const entry: FamilyCompetitionEntry = {
      id: r.id,
      entryID: r.entryId,
      entry: r.entry,
      type: r.type as FamilyCompetitionEntry['type'],
      dncNumID: r.danceNumberId,
      privateID: r.privateId,
      danced: r.danced,
      ...count(charges.get(feeKey(r.id))),
      place: placeOf.get(r.eventId)?.get(keyOfLine(r)) ?? null,
    };
    event.entries.push(entry);
  }

  const feesKept: FamilyCompetitionFeeKept[] = [];
  for (const g of gone) {
    const charge = charges.get(g.key);
    // Taken off the bill: nothing of it is left to show.
    if (!charge) continue;
    feesKept.push({
      id: g.key.slice(FEE_PREFIX.length),
      item: g.item,
      detail: g.lines[0]?.label ?? g.item,
      chargedOn: g.chargedOn,
      ...count(charge),
    });
  }

  // The upcoming events by first day (the lines come so), then the past ones, the latest first.
  const soonest = (a: FamilyCompetitionEvent, b: FamilyCompetitionEvent) =>
    a.upcoming !== b.upcoming
      ? a.upcoming
        ? -1
        : 1
      : a.upcoming
        ? 0
        : b.dateStart.localeCompare(a.dateStart) || b.dateEnd.localeCompare(a.dateEnd);

  return {
    coAcctMemID: familyId,
    today,
    dancers: [...dancers.values()].map(({ byEvent: _, ...d }) => ({ ...d, events: d.events.sort(soonest) })),
    feesKept,
    totals: {
      entries: rows.length,
      events: eventIds.length,
      upcomingEvents: upcoming.size,
      fees: centsToDollars(cents.fees),
      paid: centsToDollars(cents.paid),
      open: centsToDollars(cents.fees - cents.paid),
    },
  };
}
