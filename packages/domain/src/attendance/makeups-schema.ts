import { z } from 'zod';
import { dateOnlySchema } from '../dates';
import { longText } from '../fields';
import { idSchema } from '../ids';
import { attendanceSettings } from './settings';

/**
 * The make-ups' requests and answers (issue 36 point 4, decision 064): a family's credits with the
 * meetings each open one can be booked into, a booking, the owner's credits given and removed by hand,
 * and the studio's attendance settings. Ids are the records' uuids.
 */

/** A meeting a make-up can be booked into, or is booked into. */
export const makeupMeeting = z.object({
  clSchID: z.string(),
  className: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  /** 0 Monday … 6 Sunday (002 §3). */
  day: z.number().int(),
  /** HH:MM, the studio's clock. */
  timeStart: z.string(),
  timeEnd: z.string(),
  room: z.string(),
});
export type MakeupMeeting = z.infer<typeof makeupMeeting>;

export const makeupOption = makeupMeeting.extend({ placesLeft: z.number().int() });
export type MakeupOption = z.infer<typeof makeupOption>;

export const makeupBooking = makeupMeeting.extend({
  /** The booking's id (DELETE api/parents/makeups/:id). */
  id: z.string(),
  /** The parent may still cancel it (before the cut-off). */
  cancellable: z.boolean(),
  /** The last instant it may be cancelled (ISO). */
  cancelUntil: z.string(),
});
export type MakeupBooking = z.infer<typeof makeupBooking>;

export const CREDIT_STATE_NAMES = {
  open: 'Open',
  booked: 'Booked',
  used: 'Used',
  expired: 'Expired',
  removed: 'Removed',
} as const;
export type MakeupCreditState = keyof typeof CREDIT_STATE_NAMES;

export const makeupCredit = z.object({
  id: z.string(),
  studentID: z.string(),
  studentName: z.string(),
  source: z.enum(['absence', 'closure', 'owner']),
  /** The missed meeting (null for a credit given by hand). */
  missed: z.object({ clSchID: z.string(), className: z.string(), date: z.string() }).nullable(),
  /** The last day a make-up may be taken on. */
  expiresOn: z.string(),
  state: z.enum(['open', 'booked', 'used', 'expired', 'removed']),
  note: z.string(),
  booking: makeupBooking.nullable(),
  /** For an open credit: the next meetings it can be booked into (at most 20); else empty. */
  options: z.array(makeupOption),
});
export type MakeupCredit = z.infer<typeof makeupCredit>;

export const makeupsAnswer = z.object({
  /** Open and booked first, then the others settled lately; each by its expiry. */
  credits: z.array(makeupCredit),
  /** Hours before a class after which a booking can no longer be cancelled. */
  cancelHours: z.number().int(),
});
export type MakeupsAnswer = z.infer<typeof makeupsAnswer>;

export const bookMakeupInput = z.object({
  creditID: idSchema,
  clSchID: idSchema,
  date: dateOnlySchema,
});
export type BookMakeupInput = z.input<typeof bookMakeupInput>;

/** The owner's credit given by hand. */
export const grantMakeupInput = z.object({
  studentID: idSchema,
  expiresOn: dateOnlySchema,
  note: longText(500).default(''),
});
export type GrantMakeupInput = z.input<typeof grantMakeupInput>;

export const removeMakeupQuery = z.object({ note: longText(500).optional() });

export const attendanceSettingsAnswer = attendanceSettings;
export const attendanceSettingsInput = z.object({
  makeupWindowDays: z.number().int().min(1).max(365),
  makeupCancelHours: z.number().int().min(0).max(168),
  closureGivesMakeups: z.boolean(),
});
export type AttendanceSettingsInput = z.infer<typeof attendanceSettingsInput>;
