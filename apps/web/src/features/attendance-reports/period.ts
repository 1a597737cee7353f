import {
  addDays,
  attendanceReportCalls,
  compareDates,
  type DateOnly,
  daysInclusive,
  endOfMonth,
  isDateOnly,
  startOfMonth,
} from '@pirouette/domain';

/**
 * The attendance reports' period and tabs (decision 065), pure: the presets the owner picks from, the
 * dates each gives, what is wrong with a custom period, and the file each tab downloads.
 */

export const PERIOD_PRESETS = ['thisMonth', 'lastMonth', 'thisTerm', 'custom'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export const PRESET_LABELS: Record<PeriodPreset, string> = {
  thisMonth: 'This month',
  lastMonth: 'Last month',
  thisTerm: 'This term',
  custom: 'Custom',
};

export type Period = { from: DateOnly; to: DateOnly };
export type Term = { dateStart: DateOnly; dateEnd: DateOnly } | null;

/** The dates a preset covers on `today`; "this term" without a current term is this month. */
export function presetPeriod(preset: Exclude<PeriodPreset, 'custom'>, today: DateOnly, term: Term): Period {
  if (preset === 'lastMonth') {
    const end = addDays(startOfMonth(today), -1);
    return { from: startOfMonth(end), to: end };
  }
  if (preset === 'thisTerm' && term) {
    // A term longer than the reports' year is read from a year before its end.
    const from =
      daysInclusive(term.dateStart, term.dateEnd) > 366 ? addDays(term.dateEnd, -365) : term.dateStart;
    return { from, to: term.dateEnd };
  }
  return { from: startOfMonth(today), to: endOfMonth(today) };
}

/** What is wrong with a custom period, in the server's words, or null. */
export function periodProblem(p: { from: string; to: string }): string | null {
  if (!isDateOnly(p.from) || !isDateOnly(p.to)) return 'Choose a day as YYYY-MM-DD, for example 2026-11-30.';
  if (compareDates(p.from, p.to) > 0) return 'The period must start on or before the day it ends.';
  if (daysInclusive(p.from, p.to) > 366)
    return 'Choose a period of at most one year: look at a longer one in parts.';
  return null;
}

export const REPORT_TABS = ['streaks', 'classes', 'dancers', 'makeups'] as const;
export type ReportTab = (typeof REPORT_TABS)[number];

export const TAB_LABELS: Record<ReportTab, string> = {
  streaks: 'Absent 3 in a row',
  classes: 'Classes',
  dancers: 'Dancers',
  makeups: 'Make-ups',
};

/** The tab a `?tab=` names, or the early-warning list. */
export const tabOf = (value: string | null): ReportTab =>
  REPORT_TABS.includes(value as ReportTab) ? (value as ReportTab) : 'streaks';

/** The CSV call of each tab; the early-warning list is as of today, whatever the period. */
export const CSV_CALLS = {
  streaks: attendanceReportCalls.streaksCsv,
  classes: attendanceReportCalls.classesCsv,
  dancers: attendanceReportCalls.dancersCsv,
  makeups: attendanceReportCalls.makeupsCsv,
} as const;

/** A rate for people: "85 %", or a dash when nothing was marked. */
export const rateText = (rate: number | null) => (rate === null ? '—' : `${rate}%`);
