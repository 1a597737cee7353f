import {
  cancelledShare,
  centsText,
  type DateOnly,
  endOfMonth,
  formatDateOnly,
  meetingDates,
  startOfMonth,
  weekdayName,
  weekdayOf,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import { classRosters, expectedOn, type RosterEntry } from '../../kernel/class-rosters';
import { classIdsMeetingBetween, type RegistrationPrice, registrationPrices } from './closures.queries';
import { classMeetings, type Meeting, type MeetingFrame } from './meetings.queries';

/**
 * What a closure does (decision 062), read before it is saved (the preview, the save itself) or after
 * (its removal): the meetings of its classes in its days, and the dancers each of them expected
 * (`expectedOn`, the kernel's one rule), gathered by family.
 */

export type ClosureScope = { classId: string | null; dateFrom: DateOnly; dateTo: DateOnly };

/** A dancer expected at a cancelled meeting. */
export type MissedBy = { meeting: Meeting; entry: RosterEntry };

export type ClosureEffects = {
  frames: MeetingFrame[];
  /** Every meeting of the classes in the days, cancelled by another closure or not. */
  meetings: Meeting[];
  /** Each dancer expected at each meeting not cancelled already. */
  missed: MissedBy[];
  /** The families of those dancers, in id order (the order their books are locked in). */
  families: string[];
};

/** Reads what a closure of these days would cancel (four statements whatever the studio's size). */
export async function closureEffects(
  db: Db,
  companyId: string,
  scope: ClosureScope,
): Promise<ClosureEffects> {
  const { dateFrom, dateTo } = scope;
  const classIds = scope.classId
    ? [scope.classId]
    : await classIdsMeetingBetween(db, companyId, dateFrom, dateTo);
  const [{ frames, meetings }, rosters] = await sideBySide(db, [
    () => classMeetings(db, companyId, classIds, dateFrom, dateTo),
    () => classRosters(db, companyId, classIds, dateFrom, dateTo),
  ]);
  return { frames, meetings, ...missedAt(meetings, rosters) };
}

/** The dancers expected at the meetings no closure cancels yet (pure). */
export function missedAt(meetings: readonly Meeting[], rosters: readonly RosterEntry[]) {
  const byClass = new Map<string, RosterEntry[]>();
  for (const e of rosters) byClass.set(e.classId, [...(byClass.get(e.classId) ?? []), e]);
  const missed: MissedBy[] = [];
  for (const meeting of meetings) {
    if (meeting.closure) continue;
    for (const entry of byClass.get(meeting.classId) ?? []) {
      if (expectedOn(entry, meeting.date)) missed.push({ meeting, entry });
    }
  }
  const families = [...new Set(missed.map((m) => m.entry.familyId))].sort();
  return { missed, families };
}

/** "Thursday, Nov 26, 2026". */
export const dayInWords = (date: DateOnly) => `${weekdayName(weekdayOf(date))}, ${formatDateOnly(date)}`;

/** "11/26/2026", as the family's statement names a day. */
const usDate = (date: DateOnly) => {
  const [y, m, d] = date.split('-');
  return `${m}/${d}/${y}`;
};

/** "Studio closed 11/26/2026: Thanksgiving", "Ballet 1 closed 12/1/2026–12/3/2026: Snow day". */
export function closureTitle(scope: ClosureScope, reason: string, className: string | null): string {
  const days =
    scope.dateFrom === scope.dateTo
      ? usDate(scope.dateFrom)
      : `${usDate(scope.dateFrom)}–${usDate(scope.dateTo)}`;
  return `${className ?? 'Studio'} closed ${days}: ${reason}`;
}

/** One family's cancelled meetings, as its mail lists them: "Thursday, Nov 26, 2026: Ballet 1 (Maya)". */
export function familyMeetingLines(
  missed: readonly MissedBy[],
  frames: readonly MeetingFrame[],
  familyId: string,
): string[] {
  const names = new Map(frames.map((f) => [f.classId, f.name]));
  const byMeeting = new Map<string, { date: DateOnly; className: string; dancers: string[] }>();
  for (const m of missed) {
    if (m.entry.familyId !== familyId) continue;
    const key = `${m.meeting.date}:${m.meeting.classId}`;
    const line = byMeeting.get(key) ?? {
      date: m.meeting.date,
      className: names.get(m.meeting.classId) ?? 'A class',
      dancers: [],
    };
    line.dancers.push(m.entry.firstName.trim());
    byMeeting.set(key, line);
  }
  return [...byMeeting.values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.className.localeCompare(b.className))
    .map((l) => `${dayInWords(l.date)}: ${l.className} (${l.dancers.join(', ')})`);
}

/** One family's tuition credit: its total (cents) and a line per dancer, class and month. */
export type TuitionCredit = { total: number; lines: { label: string; amount: number }[] };

/**
 * The tuition credit of each family for the meetings cancelled (decision 062): for each dancer, class
 * and month, the registration's monthly price (`prF`) shared among the class's meetings of that month,
 * times the meetings cancelled (`cancelledShare`). One statement (the prices).
 */
export async function tuitionCredits(
  db: Db,
  companyId: string,
  effects: ClosureEffects,
): Promise<Map<string, TuitionCredit>> {
  const { missed, frames } = effects;
  const registrations = await registrationPrices(
    db,
    companyId,
    [...new Set(missed.map((m) => m.meeting.classId))],
    [...new Set(missed.map((m) => m.entry.studentId))],
  );
  const frameOf = new Map(frames.map((f) => [f.classId, f]));
  const regsOf = new Map<string, RegistrationPrice[]>();
  for (const r of registrations) {
    const k = `${r.classId}:${r.studentId}`;
    regsOf.set(k, [...(regsOf.get(k) ?? []), r]);
  }
  // Each dancer's cancelled meetings, by the registration the meeting expected and its month.
  const groups = new Map<
    string,
    {
      familyId: string;
      entry: RosterEntry;
      frame: MeetingFrame;
      month: DateOnly;
      price: number;
      dates: Set<DateOnly>;
    }
  >();
  for (const m of missed) {
    const frame = frameOf.get(m.meeting.classId);
    const reg = regsOf
      .get(`${m.meeting.classId}:${m.entry.studentId}`)
      ?.find((r) => expectedOn(r, m.meeting.date));
    if (!frame || !reg) continue;
    const month = startOfMonth(m.meeting.date);
    const key = `${reg.id}:${month}`;
    const g = groups.get(key) ?? {
      familyId: m.entry.familyId,
      entry: m.entry,
      frame,
      month,
      price: reg.prF,
      dates: new Set<DateOnly>(),
    };
    g.dates.add(m.meeting.date);
    groups.set(key, g);
  }
  const credits = new Map<string, TuitionCredit>();
  for (const g of groups.values()) {
    const { price } = g;
    const n = g.dates.size;
    const term = { dateStart: g.frame.termStart, dateEnd: g.frame.termEnd };
    const inMonth = meetingDates(g.frame.day, term, g.month, endOfMonth(g.month)).length;
    const amount = cancelledShare(price, n, inMonth);
    if (amount <= 0) continue;
    const c = credits.get(g.familyId) ?? { total: 0, lines: [] };
    c.total += amount;
    const monthName = formatDateOnly(g.month).replace(/ \d+,/, '');
    c.lines.push({
      label: `${g.entry.firstName.trim()}, ${g.frame.name}: ${n} of ${inMonth} ${inMonth === 1 ? 'class' : 'classes'} in ${monthName} cancelled (${centsText(price)} a month)`,
      amount: -amount,
    });
    credits.set(g.familyId, c);
  }
  return credits;
}
