import { addDays, compareDates, type DateOnly, dayNumber, fromDayNumber, weekdayOf } from '../dates';
import { allDay, type ICalEvent, wallTimeToUtc } from './event';

/**
 * The family's calendar (issue 19 point 5, decision 035): each class meeting of its dancers, week by
 * week over the class's year term, and each competition event a dancer of theirs is registered for.
 * One event per meeting of a class however many of the family's dancers are in it (they are named
 * together), and one per competition event.
 */

/** A dancer of the family in a class, between the first and last day of their registration. */
export type FeedClassDancer = { name: string; from: DateOnly; until: DateOnly };

/** A weekly class of a year term, with the family's dancers in it. */
export type FeedClass = {
  id: string;
  name: string;
  /** 0 Monday … 6 Sunday. */
  day: number;
  /** The studio's wall time, `HH:MM` or `HH:MM:SS`. */
  timeStart: string;
  timeEnd: string;
  termStart: DateOnly;
  termEnd: DateOnly;
  /** The location and room, as a line: "Main Studio, Studio A, 12 Bloomfield Ave, Montclair, NJ 07042". */
  place: string;
  teacher: string;
  dancers: readonly FeedClassDancer[];
  /** The studio's closures of the class (decision 062): a meeting in one is cancelled, for its reason. */
  closures?: readonly { dateFrom: DateOnly; dateTo: DateOnly; reason: string }[];
};

/** A competition event with what each of the family's dancers is entered in. */
export type FeedCompetition = {
  id: string;
  /** "Starpower Regional". */
  name: string;
  dateStart: DateOnly;
  dateEnd: DateOnly;
  /** The venue and its address, as a line. */
  place: string;
  /** Each dancer's entries: "Small Group: Fever". */
  dancers: readonly { name: string; entries: readonly string[] }[];
};

export type FamilyCalendarInput = {
  timeZone: string;
  classes: readonly FeedClass[];
  competitions: readonly FeedCompetition[];
  /** The host part of every UID: the events stay the same events from one fetch to the next. */
  uidDomain: string;
};

/** "Maya", "Maya & Leo", "Maya, Leo & Anika". */
export function namesTogether(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} & ${names.at(-1)}`;
}

/** The dates of a weekday (0 Monday) from `from` to `to`, both included. */
export function weeklyDates(day: number, from: DateOnly, to: DateOnly): DateOnly[] {
  if (compareDates(to, from) < 0) return [];
  const first = addDays(from, (day - weekdayOf(from) + 7) % 7);
  const dates: DateOnly[] = [];
  for (let n = dayNumber(first); n <= dayNumber(to); n += 7) dates.push(fromDayNumber(n));
  return dates;
}

/** Each meeting of a class with at least one of the family's dancers registered that day. */
function classMeetings(c: FeedClass, input: FamilyCalendarInput): ICalEvent[] {
  const events: ICalEvent[] = [];
  for (const date of weeklyDates(c.day, c.termStart, c.termEnd)) {
    const dancers = c.dancers.filter(
      (d) => compareDates(d.from, date) <= 0 && compareDates(date, d.until) <= 0,
    );
    if (dancers.length === 0) continue;
    const names = dancers.map((d) => d.name);
    const cancelled = c.closures?.find(
      (k) => compareDates(k.dateFrom, date) <= 0 && compareDates(date, k.dateTo) <= 0,
    )?.reason;
    events.push({
      uid: `class-${c.id}-${date}@${input.uidDomain}`,
      when: {
        kind: 'timed',
        start: wallTimeToUtc(date, c.timeStart, input.timeZone),
        end: wallTimeToUtc(date, c.timeEnd, input.timeZone),
      },
      summary: `${cancelled === undefined ? '' : 'Cancelled: '}${namesTogether(names)} — ${c.name}`,
      location: c.place,
      description: [
        ...(cancelled === undefined ? [] : [`Cancelled: the studio is closed (${cancelled}).`]),
        `${c.name} with ${c.teacher}`,
        names.length > 1 ? `Dancers: ${namesTogether(names)}` : `Dancer: ${names[0]}`,
      ].join('\n'),
      ...(cancelled === undefined ? {} : { cancelled: true }),
    });
  }
  return events;
}

function competitionEvent(e: FeedCompetition, input: FamilyCalendarInput): ICalEvent {
  return {
    uid: `competition-${e.id}@${input.uidDomain}`,
    when: allDay(e.dateStart, e.dateEnd),
    summary: `${namesTogether(e.dancers.map((d) => d.name))} — ${e.name}`,
    location: e.place,
    description: [
      e.name,
      ...e.dancers.map((d) => `${d.name}: ${d.entries.join('; ')}`),
      'Times are set by the competition: the studio shares the schedule when it is out.',
    ].join('\n'),
  };
}

/** Sort key of an event: its start, whole days first on their day. */
const startKey = (e: ICalEvent) =>
  e.when.kind === 'timed' ? e.when.start.getTime() : Date.parse(`${e.when.start}T00:00:00Z`) - 1;

/** The family's events, in the order they happen. */
export function familyCalendarEvents(input: FamilyCalendarInput): ICalEvent[] {
  return [
    ...input.classes.flatMap((c) => classMeetings(c, input)),
    ...input.competitions.map((e) => competitionEvent(e, input)),
  ].sort((a, b) => startKey(a) - startKey(b) || a.uid.localeCompare(b.uid));
}
