import {
  ageFits,
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
import { batch } from '../../db/batch';
import type { Db } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import {
  classRosterSpansRead,
  classRosterTalliesRead,
  expectedOn,
  type RosterSpan,
  rosterTallies,
} from '../../kernel/class-rosters';
import {
  bookedCountsRead,
  type ClassFacts,
  classFacts,
  countsByMeeting,
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
  rosters: Map<string, RosterSpan[]>;
  /**
   * Entries expected at every meeting read, counted, by class; `rosters` then holds only the others (and
   * the credits' dancers' own). Absent: `rosters` is whole.
   */
  steady?: Map<string, number>;
  counts: Map<string, number>;
  familyBooked: Set<string>;
  zone: string;
};

/** The rosters of some classes, by class. */
function byClass(entries: readonly RosterSpan[]): Map<string, RosterSpan[]> {
  const rosters = new Map<string, RosterSpan[]>();
  for (const e of entries) {
    const roster = rosters.get(e.classId);
    if (roster) roster.push(e);
    else rosters.set(e.classId, [e]);
  }
  return rosters;
}

/** Who some classes expect and the make-ups booked into them in [from, to]: one statement. */
async function placesRead(
  db: Db,
  companyId: string,
  classIds: readonly string[],
  from: DateOnly,
  to: DateOnly,
) {
  if (classIds.length === 0)
    return { rosters: new Map<string, RosterSpan[]>(), counts: new Map<string, number>() };
  const read = await batch(db, {
    roster: classRosterSpansRead(db, companyId, classIds, from, to),
    counts: bookedCountsRead(db, companyId, classIds, from, to),
  });
  return { rosters: byClass(read.roster), counts: countsByMeeting(read.counts) };
}

/**
 * `placesRead` for a list: each class's entries expected throughout [from, to] counted by the database,
 * the others and `dancers`' own read as spans (`classRosterTalliesRead`). One statement.
 */
async function talliedPlacesRead(
  db: Db,
  companyId: string,
  q: { classIds: readonly string[]; dancers: readonly string[]; from: DateOnly; to: DateOnly },
) {
  const read = await batch(db, {
    tallies: classRosterTalliesRead(db, companyId, q),
    counts: bookedCountsRead(db, companyId, q.classIds, q.from, q.to),
  });
  const { steady, spans } = rosterTallies(read.tallies);
  return { steady, rosters: byClass(spans), counts: countsByMeeting(read.counts) };
}

/**
 * The world of one class's meetings in [from, to] (a booking, a cancellation: under the class's lock), with
 * the facts of the classes `missedIds` names.
 */
export async function readWorld(
  db: Db,
  a: {
    companyId: string;
    familyId: string;
    missedIds: readonly string[];
    onlyClass: string;
    from: DateOnly;
    to: DateOnly;
    zone: string;
  },
): Promise<MakeupWorld> {
  const ids = [...new Set([...a.missedIds, a.onlyClass])];
  const facts = new Map((await classFacts(db, a.companyId, { ids })).map((f) => [f.id, f]));
  const only = facts.has(a.onlyClass) ? [a.onlyClass] : [];
  const [{ meetings }, places, familyBooked] = await sideBySide(db, [
    () => classMeetings(db, a.companyId, only, a.from, a.to),
    () => placesRead(db, a.companyId, only, a.from, a.to),
    () => familyBookedMeetings(db, a.companyId, a.familyId, a.from),
  ]);
  return { facts, meetings, ...places, familyBooked, zone: a.zone };
}

/**
 * The meetings the list reads rosters and make-ups for at a time, earliest first: a family's six open
 * credits' twenty options each, if every meeting took one of them.
 */
const LIST_CHUNK = 120;

/**
 * Each open credit's options from `from` to `to` (at most MAKEUP_OPTIONS_MAX each, by date and time), and
 * the facts of the classes `missedIds` names (the missed and the booked). Of the studio's classes, only
 * those a credit may be booked into by the class alone (related to the class it missed, the dancer's age
 * within its range on some day of the window) are candidates; their meetings are read once, then their
 * rosters (each class's entries expected throughout the chunk's days counted by the database, decision
 * 143) and make-ups a chunk of meetings at a time in date order, until every credit shows all it may
 * or no meeting is left: a bigger studio has more meetings a day and fills the list sooner, so the
 * rosters read stop about where a smaller one's do (the candidates' facts and meetings are still read
 * whole: decision 140). A loop over chunks of a bounded list, at most a few rounds.
 */
export async function readOptions(
  db: Db,
  a: {
    companyId: string;
    familyId: string;
    missedIds: readonly string[];
    credits: readonly CreditView[];
    from: DateOnly;
    to: DateOnly;
    zone: string;
    now: Date;
  },
  chunkSize = LIST_CHUNK,
): Promise<{ facts: MakeupWorld['facts']; options: MakeupOption[][] }> {
  const window = a.credits.length > 0 ? { from: a.from, to: a.to } : {};
  const all = await classFacts(db, a.companyId, { ids: a.missedIds, ...window });
  const facts = new Map(all.map((f) => [f.id, f]));
  const options: MakeupOption[][] = a.credits.map(() => []);
  if (a.credits.length === 0) return { facts, options };
  const offered = (f: ClassFacts) =>
    f.termStart <= a.to &&
    f.termEnd >= a.from &&
    a.credits.some((c) => relatesTo(missedOf(facts, c.classId), f) && ageFitsWithin(c.dob, f, a.from, a.to));
  const candidates = all.filter(offered).map((f) => f.id);
  const [{ meetings }, familyBooked] = await sideBySide(db, [
    () => classMeetings(db, a.companyId, candidates, a.from, a.to),
    () => familyBookedMeetings(db, a.companyId, a.familyId, a.from),
  ]);
  const sorted = [...meetings].sort(byDateAndTime(facts));
  const dancers = [...new Set(a.credits.map((c) => c.studentId))];
  // A credit still wants options while it shows fewer than it may and has not expired by `day`.
  const wanting = (day: DateOnly) =>
    a.credits.some((c, k) => options[k]!.length < MAKEUP_OPTIONS_MAX && c.expiresOn >= day);
  for (let i = 0; i < sorted.length && wanting(sorted[i]!.date); i += chunkSize) {
    const chunk = sorted.slice(i, i + chunkSize);
    const ids = [...new Set(chunk.map((m) => m.classId))];
    const [first, last] = [chunk[0]!.date, chunk.at(-1)!.date];
    const places = await talliedPlacesRead(db, a.companyId, {
      classIds: ids,
      dancers,
      from: first,
      to: last,
    });
    const world = { facts, meetings: chunk, ...places, familyBooked, zone: a.zone };
    a.credits.forEach((credit, k) => {
      const room = MAKEUP_OPTIONS_MAX - options[k]!.length;
      if (room > 0) options[k]!.push(...optionsFor(world, credit, a.now).slice(0, room));
    });
  }
  return { facts, options };
}

/** Meetings by date, then by their class's start time (the order the options are shown in). */
const byDateAndTime = (facts: MakeupWorld['facts']) => (a: Meeting, b: Meeting) =>
  a.date.localeCompare(b.date) ||
  (facts.get(a.classId)?.timeStart ?? '').localeCompare(facts.get(b.classId)?.timeStart ?? '');

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

/** The instants meetings start, by day and time, once per world: many classes start at the same time. */
const startsOf = new WeakMap<MakeupWorld, Map<string, Date>>();

const startOf = (world: MakeupWorld, date: DateOnly, time: string): Date =>
  once(startsOf, world, `${date} ${time}`, () => wallTimeIn(date, time, world.zone));

/** What `make` gives for `key`, made once per world (a chunk's meetings, whatever the credits asking). */
function once<V>(
  memos: WeakMap<MakeupWorld, Map<string, V>>,
  world: MakeupWorld,
  key: string,
  make: () => V,
): V {
  let memo = memos.get(world);
  if (!memo) {
    memo = new Map();
    memos.set(world, memo);
  }
  let found = memo.get(key);
  if (found === undefined) {
    found = make();
    memo.set(key, found);
  }
  return found;
}

/** The rules' view of one meeting of a class: its places, its start, whether the dancer takes it. */
function targetOf(world: MakeupWorld, f: ClassFacts, date: DateOnly, cancelled: boolean, meets: boolean) {
  const roster = world.rosters.get(f.id) ?? [];
  const expectedHere = roster.filter((e) => expectedOn(e, date));
  const steady = world.steady?.get(f.id) ?? 0;
  const target: MakeupTarget = {
    classId: f.id,
    level: f.level,
    genreIds: f.genreIds,
    ageMin: f.ageMin,
    ageMax: f.ageMax,
    nMax: f.nMax,
    date,
    startsAt: startOf(world, date, f.timeStart),
    meets,
    cancelled,
    expected: steady + expectedHere.length,
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

/**
 * Each meeting's view for the rules, made once per world whatever the number of credits asking (its
 * start in the studio's zone and its expected dancers are most of a list's work).
 */
const targetsOf = new WeakMap<MakeupWorld, Map<string, ReturnType<typeof targetOf>>>();

const meetingTarget = (world: MakeupWorld, f: ClassFacts, m: Meeting) =>
  once(targetsOf, world, meetingKey(m.classId, m.date), () =>
    targetOf(world, f, m.date, m.closure !== null, true),
  );

/** The next meetings an open credit can be booked into, at most 20, by date and time. */
export function optionsFor(world: MakeupWorld, credit: CreditView, now: Date): MakeupOption[] {
  const out: MakeupOption[] = [];
  const sorted = [...world.meetings].sort(byDateAndTime(world.facts));
  const missed = missedOf(world.facts, credit.classId);
  for (const m of sorted) {
    if (out.length >= MAKEUP_OPTIONS_MAX || m.date > credit.expiresOn) break;
    const f = world.facts.get(m.classId);
    // A class the credit cannot relate to, or the dancer's age does not fit that day, is refused
    // whatever its meeting holds (makeupRefusal's not_related and age): no view of the meeting is made.
    if (!f || !relatesTo(missed, f) || !ageFits(credit.dob, f, m.date)) continue;
    const { target, expectedIds } = meetingTarget(world, f, m);
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
export function meetingOf(world: Pick<MakeupWorld, 'facts' | 'zone'>, classId: string, date: DateOnly) {
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
