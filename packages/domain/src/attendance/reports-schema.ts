import { z } from 'zod';
import { MARK_STATUSES } from './meetings';

/**
 * The attendance reports' requests and answers (issue 36 item 5, decision 065): per class and per dancer
 * over a period, the make-ups of a period, the dancers absent the last three times in a row, and a
 * family's attendance for the owner and for the parent.
 */

export const ATTENDANCE_REPORT_TEXT = {
  badDate: 'Choose a day as YYYY-MM-DD, for example 2026-11-30.',
  backwards: 'The period must start on or before the day it ends.',
  tooLong: 'Choose a period of at most one year: look at a longer one in parts.',
  badPage: 'Choose a page number from 1.',
} as const;

/** The longest period a report covers, in days (a year, a leap one included). */
export const ATTENDANCE_REPORT_MAX_DAYS = 366;
/** Classes or dancers on one page of a report. */
export const ATTENDANCE_REPORT_PAGE_SIZE = 50;
/** The meetings a family's attendance shows per dancer and class. */
export const FAMILY_LAST_MEETINGS = 10;
/** How far back the early-warning list looks for a dancer's last three meetings, in days. */
export const STREAK_LOOKBACK_DAYS = 120;

const day = z.iso.date({ error: ATTENDANCE_REPORT_TEXT.badDate });

export const attendancePeriodQuery = z.object({ from: day, to: day });

const pageNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, ATTENDANCE_REPORT_TEXT.badPage)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1, ATTENDANCE_REPORT_TEXT.badPage).max(100_000, ATTENDANCE_REPORT_TEXT.badPage));

export const attendancePageQuery = attendancePeriodQuery.extend({ page: pageNumber.optional().default(1) });
export type AttendancePageQuery = z.output<typeof attendancePageQuery>;

/** A family's attendance: the period is optional (the current term, or the last 90 days without one). */
export const familyAttendanceQuery = z.object({ from: day.optional(), to: day.optional() });

const markStatus = z.enum(MARK_STATUSES);

/** The figures of a class or a dancer over the period (decision 065). */
export const attendanceFigures = z.object({
  /** Meetings held: not cancelled by a closure, not after today. */
  held: z.number(),
  /** Dancer-meetings the roster expected. */
  expected: z.number(),
  present: z.number(),
  late: z.number(),
  absent: z.number(),
  excused: z.number(),
  notMarked: z.number(),
  /** (present + late) / marked, a whole percent; null when nothing is marked. */
  rate: z.number().nullable(),
});

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    from: z.string(),
    to: z.string(),
    /** The studio's today: meetings after it are not held yet. */
    today: z.string(),
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });

export const classAttendanceRow = attendanceFigures.extend({
  clSchID: z.string(),
  name: z.string(),
  /** 0 Monday … 6 Sunday. */
  day: z.number(),
  timeStart: z.string(),
  teacher: z.string(),
});
export type ClassAttendanceRow = z.infer<typeof classAttendanceRow>;
export const classAttendanceReport = pageOf(classAttendanceRow);
export type ClassAttendanceReport = z.infer<typeof classAttendanceReport>;

export const dancerAttendanceRow = attendanceFigures.extend({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  familyId: z.string(),
  /** The classes they were registered in over the period. */
  classes: z.array(z.string()),
});
export type DancerAttendanceRow = z.infer<typeof dancerAttendanceRow>;
export const dancerAttendanceReport = pageOf(dancerAttendanceRow);
export type DancerAttendanceReport = z.infer<typeof dancerAttendanceReport>;

export const makeupFiguresSchema = z.object({
  givenAbsence: z.number(),
  givenClosure: z.number(),
  givenOwner: z.number(),
  booked: z.number(),
  used: z.number(),
  expired: z.number(),
  removed: z.number(),
});
export const makeupReport = z.object({
  from: z.string(),
  to: z.string(),
  /** Every class's figures added up, whatever the page. */
  total: makeupFiguresSchema,
  /**
   * A page of 50, by class name (credits given by hand, with no class, last): by the class of the missed
   * meeting (booked: the class booked into); null for credits given by hand.
   */
  classes: z.array(makeupFiguresSchema.extend({ clSchID: z.string().nullable(), name: z.string() })),
  /** The rows on every page (the classes, and the credits given by hand as one). */
  count: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type MakeupReport = z.infer<typeof makeupReport>;

export const absenceStreakRow = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  familyId: z.string(),
  familyName: z.string(),
  /** The family's phone, to call them (10 digits, or empty). */
  phone: z.string(),
  clSchID: z.string(),
  className: z.string(),
  /** The three missed meetings, newest first, and their marks. */
  dates: z.array(z.string()),
  statuses: z.array(markStatus),
});
export type AbsenceStreakRow = z.infer<typeof absenceStreakRow>;
export const absenceStreakReport = z.object({ today: z.string(), items: z.array(absenceStreakRow) });
export type AbsenceStreakReport = z.infer<typeof absenceStreakReport>;

export const familyAttendance = z.object({
  from: z.string(),
  to: z.string(),
  dancers: z.array(
    z.object({
      studentId: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      classes: z.array(
        attendanceFigures.extend({
          clSchID: z.string(),
          name: z.string(),
          /** The last meetings held, oldest first, with the mark (null: not marked). */
          last: z.array(z.object({ date: z.string(), status: markStatus.nullable() })),
        }),
      ),
    }),
  ),
});
export type FamilyAttendance = z.infer<typeof familyAttendance>;
