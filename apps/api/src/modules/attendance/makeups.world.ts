import {
  ageFitsWithin,
  type DateOnly,
  MAKEUP_OPTIONS_MAX,
  type MakeupOption,
  type MakeupRefusal,
  type MakeupTarget,
  type MissedClass,
  makeupRefusal,
  meetingDates,
  placesLeft,
  relatesTo,
  wallTimeIn,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import { classRosters, expectedOn, type RosterEntry } from '../../kernel/class-rosters';
import {
  bookedCounts,
  type ClassFacts,
  classFacts,
  familyBookedMeetings,
  meetingKey,
} from './makeups.queries';
import { classMeetings, type Meeting } from './meetings.queries';

/**
 * What the make-up rules need to know about the meetings a family could book (decision 064), read in a
 * fixed number of statements: the classes (the missed ones and the candidates), their meetings with
 * closures, their rosters, the make-ups booked into each meeting and the family's own bookings. The
 * parent's list reads it over the window; a booking reads it for one meeting under the class's lock.
 */
export type MakeupWorld = {
  facts: Map<string, ClassFacts>;
  meetings: Meeting[];
  rosters: Map<string, RosterEntry[]>;
  counts: Map<string, number>;
  familyBooked: Set<string>;
  zone: string;
};

export async function readWorld(
  db: Db,
  a: {
    companyId: string;
    familyId: string;
    missedIds: readonly string[];
    /** One class (a booking), or every class whose term touches the window (the list). */
    onlyClass?: string;
    /** Only the classes named (`missedIds`): a list with nothing to offer reads no other class. */
    onlyNamed?: boolean;
    /**
     * The list's open credits (the class each missed, the dancer's birth date): of the studio's classes,
     * only those one of them may be booked into by the class alone (related, the dancer's age within its
     * range on some day of the window) have their meetings, rosters and make-ups read.
     */
    offerFor?: readonly { missedId: string | null; dob: string | null }[];
    from: DateOnly;
    to: DateOnly;
    zone: string;
  },
): Promise<MakeupWorld> {
  const ids = [...new Set([...a.missedIds, ...(a.onlyClass ? [a.onlyClass] : [])])];
  const some = a.onlyClass || a.onlyNamed;
  const all = await classFacts(db, a.companyId, some ? { ids } : { ids, from: a.from, to: a.to });
  const facts = new Map(all.map((f) => [f.id, f]));
  const offered = (f: ClassFacts) =>
    a.offerFor === undefined ||
    a.offerFor.some(
      (c) => relatesTo(missedOf(facts, c.missedId), f) && ageFitsWithin(c.dob, f, a.from, a.to),
    );
  const candidates = all
    .filter((f) =>
      a.onlyClass
        ? f.id === a.onlyClass
        : a.onlyNamed || (f.termStart <= a.to && f.termEnd >= a.from && offered(f)),
    )
    .map((f) => f.id);
  const [{ meetings }, roster, counts, familyBooked] = await sideBySide(db, [
    () => classMeetings(db, a.companyId, candidates, a.from, a.to),
    () => classRosters(db, a.companyId, candidates, a.from, a.to),
    () => bookedCounts(db, a.companyId, candidates, a.from, a.to),
    () => familyBookedMeetings(db, a.companyId, a.familyId, a.from),
  ]);
  const rosters = new Map<string, RosterEntry[]>();
  for (const e of roster) rosters.set(e.classId, [...(rosters.get(e.classId) ?? []), e]);
  return { facts, meetings, rosters, counts, familyBooked, zone: a.zone };
}

/** A credit as the rules read it. */
export type CreditView = {
  studentId: string;
  dob: string | null;
  state: string;
  expiresOn: DateOnly;
  classId: string | null;
};

const hm = (time: string) => time.slice(0, 5);

function missedOf(facts: MakeupWorld['facts'], classId: string | null): MissedClass | null {
  if (!classId) return null;
  const f = facts.get(classId);
  // A missed class since deleted relates by nothing but its id.
  return { classId, level: f?.level ?? 0, genreIds: f?.genreIds ?? [] };
}

/** The rules' view of one meeting of a class: its places, its start, whether the dancer takes it. */
function targetOf(world: MakeupWorld, f: ClassFacts, date: DateOnly, cancelled: boolean, meets: boolean) {
  const roster = world.rosters.get(f.id) ?? [];
  const expectedHere = roster.filter((e) => expectedOn(e, date));
  const target: MakeupTarget = {
    classId: f.id,
    level: f.level,
    genreIds: f.genreIds,
    ageMin: f.ageMin,
    ageMax: f.ageMax,
    nMax: f.nMax,
    date,
    startsAt: wallTimeIn(date, f.timeStart, world.zone),
    meets,
    cancelled,
    expected: expectedHere.length,
    booked: world.counts.get(meetingKey(f.id, date)) ?? 0,
    offered: f.offered,
  };
  return { target, expectedIds: new Set(expectedHere.map((e) => e.studentId)) };
}

/** Why the credit may not be booked into the class's meeting on `date`, or null (a booking's check). */
export function refusalFor(
  world: MakeupWorld,
  credit: CreditView,
  classId: string,
  date: DateOnly,
  now: Date,
): MakeupRefusal | null {
  const f = world.facts.get(classId)!;
  const meets = meetingDates(f.day, { dateStart: f.termStart, dateEnd: f.termEnd }, date, date).length === 1;
  const meeting = world.meetings.find((m) => m.classId === classId && m.date === date);
  const { target, expectedIds } = targetOf(world, f, date, meeting?.closure != null, meets);
  return makeupRefusal({
    credit: {
      state: credit.state,
      expiresOn: credit.expiresOn,
      missed: missedOf(world.facts, credit.classId),
    },
    dancer: { dob: credit.dob },
    target,
    enrolledThere: expectedIds.has(credit.studentId),
    bookedThere: world.familyBooked.has(`${credit.studentId}:${meetingKey(classId, date)}`),
    now,
  });
}

/** The next meetings an open credit can be booked into, at most 20, by date and time. */
export function optionsFor(world: MakeupWorld, credit: CreditView, now: Date): MakeupOption[] {
  const out: MakeupOption[] = [];
  const sorted = [...world.meetings].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (world.facts.get(a.classId)?.timeStart ?? '').localeCompare(
        world.facts.get(b.classId)?.timeStart ?? '',
      ),
  );
  const missed = missedOf(world.facts, credit.classId);
  for (const m of sorted) {
    if (out.length >= MAKEUP_OPTIONS_MAX || m.date > credit.expiresOn) break;
    const f = world.facts.get(m.classId);
    if (!f) continue;
    const { target, expectedIds } = targetOf(world, f, m.date, m.closure !== null, true);
    const refusal = makeupRefusal({
      credit: { state: credit.state, expiresOn: credit.expiresOn, missed },
      dancer: { dob: credit.dob },
      target,
      enrolledThere: expectedIds.has(credit.studentId),
      bookedThere: world.familyBooked.has(`${credit.studentId}:${meetingKey(m.classId, m.date)}`),
      now,
    });
    if (refusal !== null) continue;
    out.push({
      clSchID: f.id,
      className: f.name,
      date: m.date,
      day: f.day,
      timeStart: hm(f.timeStart),
      timeEnd: hm(f.timeEnd),
      room: f.room,
      placesLeft: placesLeft(target),
    });
  }
  return out;
}

/** A class's meeting as the answers show it. */
export function meetingOf(world: MakeupWorld, classId: string, date: DateOnly) {
  const f = world.facts.get(classId);
  return {
    clSchID: classId,
    className: f?.name ?? '',
    date,
    day: f?.day ?? 0,
    timeStart: f ? hm(f.timeStart) : '',
    timeEnd: f ? hm(f.timeEnd) : '',
    room: f?.room ?? '',
    startsAt: f ? wallTimeIn(date, f.timeStart, world.zone) : new Date(`${date}T00:00:00Z`),
  };
}
