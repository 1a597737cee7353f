import { quickChanges } from '../competitions/rules';

/**
 * A show's running order (issue 38 item 2, decision 072): when each number starts, reckoned from the
 * curtain (each song's length, a gap between two numbers, the intermission after its place), and the
 * quick changes closer than the studio's gap (`quickChanges` of the competitions, the same rule).
 */

/** "HH:MM" to minutes after midnight; null when it is not a time of day. */
export function hhmmMinutes(hhmm: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Seconds after midnight to "HH:MM" (rounded down to the minute; past midnight wraps). */
export function clockOf(seconds: number): string {
  const minutes = Math.floor(seconds / 60) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export type Timing = {
  /** Seconds after the curtain at which each number starts, in running order. */
  starts: number[];
  /** Seconds from the curtain to the last number's end. */
  seconds: number;
};

/**
 * Each number's start, in seconds after the curtain: a number starts after the previous one's song and
 * the gap; the intermission (minutes) comes after the number at place `intermissionAfter` (0 first), when
 * a number follows it.
 */
export function showTiming(
  lengths: readonly number[],
  gapSeconds: number,
  intermissionAfter: number | null,
  intermissionMinutes: number,
): Timing {
  const starts: number[] = [];
  let at = 0;
  lengths.forEach((length, i) => {
    if (i > 0) {
      at += gapSeconds;
      if (intermissionAfter !== null && intermissionAfter === i - 1) at += intermissionMinutes * 60;
    }
    starts.push(at);
    at += Math.max(0, length);
  });
  return { starts, seconds: at };
}

/**
 * A show's length from how many numbers it has and their songs' seconds added up (each at least 0): what
 * `showTiming` reckons, without each number's length. The recital board sums its shows in the database
 * and reads one row per show (decision 116); the two agree for every running order (a property test).
 */
export function showLength(
  count: number,
  songSeconds: number,
  gapSeconds: number,
  intermissionAfter: number | null,
  intermissionMinutes: number,
): number {
  if (count === 0) return 0;
  const intermission =
    intermissionAfter !== null && intermissionAfter >= 0 && intermissionAfter <= count - 2
      ? intermissionMinutes * 60
      : 0;
  return songSeconds + gapSeconds * (count - 1) + intermission;
}

/** A number of a running order as the quick-change check reads it. */
export type OrderedNumber = { id: string; name: string; dancers: readonly { id: string; name: string }[] };

/** A dancer's two numbers closer than the gap; places from 1. */
export type ShowQuickChange = {
  dancerId: string;
  dancer: string;
  first: string;
  firstName: string;
  firstPlace: number;
  second: string;
  secondName: string;
  secondPlace: number;
  apart: number;
};

/** The quick changes of a running order at the studio's gap, with the names to say them. */
export function showQuickChanges(
  order: readonly OrderedNumber[],
  gap: number,
  /** The intermission comes after this place (0 first): a change across it has the interval's time. */
  intermissionAfter: number | null = null,
): ShowQuickChange[] {
  const place = new Map(order.map((n, i) => [n.id, i]));
  const across = (first: string, second: string) =>
    intermissionAfter !== null &&
    place.get(first)! <= intermissionAfter &&
    place.get(second)! > intermissionAfter;
  const names = new Map<string, string>();
  for (const n of order) for (const d of n.dancers) names.set(d.id, d.name);
  return quickChanges(
    order.map((n) => ({ id: n.id, dancers: n.dancers.map((d) => d.id) })),
    gap,
  )
    .filter((c) => !across(c.first, c.second))
    .map((c) => ({
      dancerId: c.dancer,
      dancer: names.get(c.dancer) ?? '',
      first: c.first,
      firstName: order[place.get(c.first)!]!.name,
      firstPlace: place.get(c.first)! + 1,
      second: c.second,
      secondName: order[place.get(c.second)!]!.name,
      secondPlace: place.get(c.second)! + 1,
      apart: c.apart,
    }));
}

/** "Ava Adams: Fever (#3) then Swing (#5), 2 apart — needs 3". */
export const quickChangeSentence = (c: ShowQuickChange, gap: number) =>
  `${c.dancer}: ${c.firstName} (#${c.firstPlace}) then ${c.secondName} (#${c.secondPlace}), ${c.apart} apart — needs ${gap}`;

/** A length in seconds as "1 h 05 min", "42 min" or "0 min". */
export function lengthText(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}
