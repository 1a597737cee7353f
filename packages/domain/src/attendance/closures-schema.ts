import { z } from 'zod';
import { dateOnlySchema } from '../dates';
import { compareDates, type DateOnly, daysInclusive, isDateOnly } from '../dates-core';
import { text } from '../fields';
import { idSchema } from '../ids';
import { roundTo } from '../money-core';
import { type ClosureSpan, closureOn } from './meetings';

/**
 * Studio closures (issue 36, decision 062): the owner closes one class, or every class, on some days
 * (a holiday, a recital week, a snow day) with a reason. The meetings it covers are cancelled, the
 * families of the dancers expected at them are told once, and the owner may give make-up credits for
 * them and credit the families' tuition.
 */

export const CLOSURE_LIMITS = {
  reason: 120,
  /** The longest closure, in days (a month: a longer break is the term's own dates). */
  spanDays: 31,
  /** The longest period of the meetings list, in days (two months: the month view and its edges). */
  meetingsDays: 62,
  /** The longest period of the closures list, in days. */
  listDays: 400,
} as const;

/** The area's sentences. */
export const CLOSURE_TEXT = {
  created: (meetings: number, families: number) =>
    `Closure saved: ${meetings} ${meetings === 1 ? 'meeting' : 'meetings'} cancelled, ${families} ${families === 1 ? 'family' : 'families'} told.`,
  removed: 'Closure removed: its classes are back on, and the families were told.',
  notFound: 'This closure could not be found.',
  classNotFound: 'This class could not be found.',
  datesOutOfOrder: 'The closure must end on or after the day it starts.',
  tooLong: `A closure may cover at most ${CLOSURE_LIMITS.spanDays} days. For a longer break, change the term's dates.`,
  periodOutOfOrder: 'The period must end on or after the day it starts.',
  periodTooLong: (days: number) => `Choose a period of at most ${days} days.`,
  noMeetings: 'No class meets on those days in the current term: there is nothing to close.',
  overlaps: (reason: string, from: string, to: string) =>
    `Those days overlap the closure "${reason}" (${from} to ${to}) for the same classes. Remove it first, or choose other days.`,
  alreadyRemoved: 'This closure was removed already.',
} as const;

const reason = text(CLOSURE_LIMITS.reason, 'The reason');

/** What is wrong with a closure's days, or null: in order, and at most a month long. */
export function closureSpanProblem(dateFrom: DateOnly, dateTo: DateOnly): string | null {
  if (compareDates(dateTo, dateFrom) < 0) return CLOSURE_TEXT.datesOutOfOrder;
  if (daysInclusive(dateFrom, dateTo) > CLOSURE_LIMITS.spanDays) return CLOSURE_TEXT.tooLong;
  return null;
}

/** What is wrong with a period asked for, or null. */
export function periodProblem(from: DateOnly, to: DateOnly, maxDays: number): string | null {
  if (compareDates(to, from) < 0) return CLOSURE_TEXT.periodOutOfOrder;
  if (daysInclusive(from, to) > maxDays) return CLOSURE_TEXT.periodTooLong(maxDays);
  return null;
}

const spanChecked = <T extends z.ZodType<{ dateFrom: DateOnly; dateTo: DateOnly }>>(schema: T) =>
  schema.superRefine((v, ctx) => {
    // A date already refused is not compared.
    if (!isDateOnly(v.dateFrom) || !isDateOnly(v.dateTo)) return;
    const problem = closureSpanProblem(v.dateFrom, v.dateTo);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['dateTo'] });
  });

/** POST mystudio/closures: one class (`clSchID`) or every class (null), the days, the reason, the choices. */
export const closureInput = spanChecked(
  z.object({
    clSchID: idSchema.nullable(),
    dateFrom: dateOnlySchema,
    dateTo: dateOnlySchema,
    reason,
    /** Absent: the studio's setting (`closureGivesMakeups`). */
    givesMakeups: z.boolean().optional(),
    creditsTuition: z.boolean().default(false),
  }),
);
export type ClosureInput = z.output<typeof closureInput>;

/** GET mystudio/closures/preview: what a closure would cancel, before it is saved. */
export const closurePreviewQuery = spanChecked(
  z.object({ clSchID: idSchema.optional(), dateFrom: dateOnlySchema, dateTo: dateOnlySchema }),
);

export const closurePreview = z.object({
  nMeetings: z.number().int(),
  nFamilies: z.number().int(),
  nDancers: z.number().int(),
  /** Why it could not be saved as it is (no meeting, an overlap), or null. */
  problem: z.string().nullable(),
  /** What the studio's setting proposes for make-up credits (`closureGivesMakeups`). */
  makeupsByDefault: z.boolean(),
});
export type ClosurePreview = z.infer<typeof closurePreview>;

export const closureCreated = z.object({
  id: z.string(),
  msg: z.string(),
  nMeetings: z.number().int(),
  nFamilies: z.number().int(),
});

/** GET mystudio/closures?from&to (and GET mystudio/meetings?from&to). */
export const closurePeriodQuery = z.object({ from: dateOnlySchema, to: dateOnlySchema });

export const closureItem = z.object({
  id: z.string(),
  /** The class, or null for every class. */
  clSchID: z.string().nullable(),
  className: z.string().nullable(),
  dateFrom: z.string(),
  dateTo: z.string(),
  reason: z.string(),
  givesMakeups: z.boolean(),
  creditsTuition: z.boolean(),
  /** The meetings it cancels. */
  nMeetings: z.number().int(),
  /** The families it told. */
  nFamilies: z.number().int(),
  createdAt: z.string(),
  createdBy: z.string(),
});
export type ClosureItem = z.infer<typeof closureItem>;
export const closureList = z.object({ items: z.array(closureItem) });
export type ClosureList = z.infer<typeof closureList>;

export const meetingsQuery = closurePeriodQuery.extend({ clSchID: idSchema.optional() });

export const meetingItem = z.object({
  clSchID: z.string(),
  className: z.string(),
  date: z.string(),
  timeStart: z.string(),
  timeEnd: z.string(),
  closureID: z.string().nullable(),
  reason: z.string().nullable(),
});
export type MeetingItem = z.infer<typeof meetingItem>;
export const meetingList = z.object({ items: z.array(meetingItem) });
export type MeetingList = z.infer<typeof meetingList>;

/** The meetings a closure cancels among some (pure): those of its class (or any) within its days. */
export function meetingsCancelledBy<M extends { classId: string; date: DateOnly }>(
  closure: ClosureSpan,
  meetings: readonly M[],
): M[] {
  return meetings.filter((m) => closureOn([closure], m.classId, m.date) !== null);
}

/** Whether two closures cover a same class on a same day: for one class, or every class. */
export function closuresOverlap(
  a: Pick<ClosureSpan, 'classId' | 'dateFrom' | 'dateTo'>,
  b: Pick<ClosureSpan, 'classId' | 'dateFrom' | 'dateTo'>,
): boolean {
  const sameClasses = a.classId === null || b.classId === null || a.classId === b.classId;
  return sameClasses && compareDates(a.dateFrom, b.dateTo) <= 0 && compareDates(b.dateFrom, a.dateTo) <= 0;
}

/**
 * A tuition credit for cancelled meetings of one class in one month (decision 062): the month's price
 * for the dancer's class (`prF`, cents) shared among the class's meetings that month, times the
 * meetings cancelled, rounded to the cent. Never more than the month's price.
 */
export function cancelledShare(monthlyPrice: number, cancelled: number, meetingsInMonth: number): number {
  if (monthlyPrice <= 0 || cancelled <= 0 || meetingsInMonth <= 0) return 0;
  return Math.min(monthlyPrice, roundTo((monthlyPrice * cancelled) / meetingsInMonth, 1));
}
