import {
  type AttendanceFigures,
  CSV_BOM,
  type CsvCell,
  csvText,
  type DateOnly,
  WEEKDAYS,
} from '@pirouette/domain';
import type { FileAnswer } from '../../http/file-route';
import { classReport, dancerReport, makeupReportOf, type ReportsCtx, streakReport } from './reports.service';

/**
 * The attendance reports as CSV files (decision 065), in the books' way (decision 052): RFC 4180, CRLF,
 * a byte-order mark for spreadsheets, and a text a spreadsheet would run as a formula defused (csvField).
 * Every row of the period, no pages.
 */

type Period = { from: DateOnly; to: DateOnly };

const FIGURE_HEADER = [
  'Meetings held',
  'Expected',
  'Present',
  'Late',
  'Absent',
  'Excused',
  'Not marked',
  'Rate %',
];
const figureCells = (f: AttendanceFigures): CsvCell[] => [
  String(f.held),
  String(f.expected),
  String(f.present),
  String(f.late),
  String(f.absent),
  String(f.excused),
  String(f.notMarked),
  f.rate === null ? null : String(f.rate),
];

const file = (filename: string, lines: CsvCell[][]): FileAnswer => ({
  filename,
  text: CSV_BOM + csvText(lines),
});

export async function classesCsv(ctx: ReportsCtx, q: Period): Promise<FileAnswer> {
  const r = await classReport(ctx, { ...q, page: null });
  return file(`${r.studio}-attendance-classes-${q.from}-to-${q.to}`, [
    ['Class', 'Day', 'Starts', 'Teacher', ...FIGURE_HEADER],
    ...r.items.map((c) => [c.name, WEEKDAYS[c.day] ?? '', c.timeStart, c.teacher, ...figureCells(c)]),
  ]);
}

export async function dancersCsv(ctx: ReportsCtx, q: Period): Promise<FileAnswer> {
  const r = await dancerReport(ctx, { ...q, page: null });
  return file(`${r.studio}-attendance-dancers-${q.from}-to-${q.to}`, [
    ['Last name', 'First name', 'Classes', ...FIGURE_HEADER],
    ...r.items.map((d) => [d.lastName, d.firstName, d.classes.join('; '), ...figureCells(d)]),
  ]);
}

export async function makeupsCsv(ctx: ReportsCtx, q: Period): Promise<FileAnswer> {
  const r = await makeupReportOf(ctx, q);
  const header = ['Class', 'Given for an absence', 'Given for a closure', 'Given by hand'];
  return file(`${r.studio}-makeups-${q.from}-to-${q.to}`, [
    [...header, 'Booked', 'Used', 'Expired', 'Removed'],
    ...[...r.classes, { ...r.total, name: 'Total' }].map((c) => [
      c.name,
      ...[c.givenAbsence, c.givenClosure, c.givenOwner, c.booked, c.used, c.expired, c.removed].map(String),
    ]),
  ]);
}

export async function streaksCsv(ctx: ReportsCtx): Promise<FileAnswer> {
  const r = await streakReport(ctx);
  return file(`${r.studio}-absent-3-in-a-row-${r.today}`, [
    ['Last name', 'First name', 'Class', 'Family', 'Phone', 'Missed meetings'],
    ...r.items.map((s) => [
      s.lastName,
      s.firstName,
      s.className,
      s.familyName,
      s.phone,
      s.dates.map((d, i) => `${d} ${s.statuses[i]}`).join('; '),
    ]),
  ]);
}
