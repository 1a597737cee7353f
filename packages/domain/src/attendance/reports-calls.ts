import { z } from 'zod';
import { defineCall } from '../contract';
import { idParams } from '../ids';
import {
  absenceStreakReport,
  attendancePageQuery,
  attendancePeriodQuery,
  classAttendanceReport,
  dancerAttendanceReport,
  familyAttendance,
  familyAttendanceQuery,
  makeupReport,
} from './reports-schema';

const tags = ['attendance reports'];
const REPORT = '/api/mystudio/attendance/report';
const csvFile = z.string();
const CSV =
  'Not JSON: the file itself, `Content-Type: text/csv; charset=utf-8`, `Content-Disposition: attachment` with the studio and the dates in its name; every row of the period (no pages). A refusal is the usual `[false, message]` JSON.';

/** What the studio learns from its rolls (issue 36 item 5, decision 065): the owner's reports. */
export const attendanceReportCalls = {
  classes: defineCall({
    method: 'GET',
    path: `${REPORT}/classes`,
    query: attendancePageQuery,
    answer: classAttendanceReport,
    access: 'owner',
    summary:
      'Attendance per class over a period (at most a year): meetings held, expected, present, late, absent, excused, not marked, the rate; 50 classes a page',
    tags,
  }),
  classesCsv: defineCall({
    method: 'GET',
    path: `${REPORT}/classes.csv`,
    query: attendancePeriodQuery,
    answer: csvFile,
    access: 'owner',
    summary: 'Attendance per class over a period, as CSV',
    description: CSV,
    tags,
  }),
  dancers: defineCall({
    method: 'GET',
    path: `${REPORT}/dancers`,
    query: attendancePageQuery,
    answer: dancerAttendanceReport,
    access: 'owner',
    summary: 'Attendance per dancer over a period (at most a year), across their classes; 50 dancers a page',
    tags,
  }),
  dancersCsv: defineCall({
    method: 'GET',
    path: `${REPORT}/dancers.csv`,
    query: attendancePeriodQuery,
    answer: csvFile,
    access: 'owner',
    summary: 'Attendance per dancer over a period, as CSV',
    description: CSV,
    tags,
  }),
  makeups: defineCall({
    method: 'GET',
    path: `${REPORT}/makeups`,
    query: attendancePageQuery,
    answer: makeupReport,
    access: 'owner',
    summary:
      'Make-ups over a period: credits given (by source), booked, used, expired and removed, by class (50 a page) and in all',
    tags,
  }),
  makeupsCsv: defineCall({
    method: 'GET',
    path: `${REPORT}/makeups.csv`,
    query: attendancePeriodQuery,
    answer: csvFile,
    access: 'owner',
    summary: 'Make-ups over a period by class, as CSV',
    description: CSV,
    tags,
  }),
  streaks: defineCall({
    method: 'GET',
    path: `${REPORT}/streaks`,
    answer: absenceStreakReport,
    access: 'owner',
    summary:
      "The early warning: dancers whose last three marked meetings of a class, as of today, were absent or excused, with the family's phone",
    tags,
  }),
  streaksCsv: defineCall({
    method: 'GET',
    path: `${REPORT}/streaks.csv`,
    answer: csvFile,
    access: 'owner',
    summary: 'The dancers absent the last three times in a row, as CSV',
    description: CSV,
    tags,
  }),
};

/** A family's attendance: the owner's view of one family, and the parent's of their own. */
export const familyAttendanceCalls = {
  account: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/attendance',
    params: idParams,
    query: familyAttendanceQuery,
    answer: familyAttendance,
    access: 'owner',
    summary:
      "A family's attendance over a period (the current term by default): per dancer and class, the figures, the rate and the last 10 meetings with their marks",
    tags,
  }),
  parent: defineCall({
    method: 'GET',
    path: '/api/parents/attendance',
    query: familyAttendanceQuery,
    answer: familyAttendance,
    access: 'parent',
    summary:
      "The parent's own family's attendance (the current term by default): per dancer and class, the rate and the last 10 meetings",
    tags,
  }),
};
