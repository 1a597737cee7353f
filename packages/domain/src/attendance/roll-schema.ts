import { z } from 'zod';
import { dateOnlySchema } from '../dates';
import { email, longText, optionalLine, phone, text } from '../fields';
import { idSaying, idSchema } from '../ids';
import { MARK_STATUSES } from './meetings';

/**
 * The roll (issue 36, decision 063): a meeting's dancers and their marks, taken by the class's teacher on a
 * phone or by the owner. What a phone sends may arrive late, twice, or out of order: each tap carries its
 * own id (`clientId`) and the instant it was made (`at`), so the server writes each once and a later tap
 * always wins. No answer of the roll holds money.
 */

/** The roll's sentences: the same words on the phone and from the API. */
export const ROLL_TEXT = {
  saved: 'The roll is saved.',
  nothingNew: 'The roll was already up to date.',
  classNotFound: 'This class could not be found.',
  notMeeting: 'This class does not meet on that date.',
  cancelled: 'This meeting is cancelled: it takes no marks.',
  future: 'A meeting that has not happened yet cannot be marked.',
  teacherWindow:
    'A teacher can mark only today and the past 7 days. Ask the studio to correct an older roll.',
  notOnRoll:
    'Some marks were not kept: their dancer is neither in this class on that date nor a booked make-up guest.',
  unknownTrial: 'A trial guest in these marks is not on this roll.',
  tooMany: 'At most 200 marks can be sent at once.',
  trialAdded: 'The trial guest is added.',
  trialRemoved: 'The trial guest is removed.',
  trialContact: 'Give a phone number or an e-mail address to reach the trial guest.',
  trialNotFound: 'This trial guest is not on this roll.',
  correctedNote: 'The roll was corrected.',
} as const;

/** How many days back a teacher may still mark (today and the past 7 days). */
export const TEACHER_MARK_DAYS = 7;
/** The most marks one request may carry. */
export const MAX_MARKS = 200;

export const markStatusSchema = z.enum(MARK_STATUSES, {
  error: 'A mark is present, absent, late or excused.',
});

/** One tap on the phone: who, what, its own id, and when (an ISO instant with its offset). */
export const rollMark = z.object({
  stdID: idSchema,
  status: markStatusSchema,
  clientId: idSaying('A mark needs its own id (a uuid).'),
  at: z.iso.datetime({ offset: true, error: 'A mark needs the instant it was made (ISO 8601).' }),
});
export type RollMark = z.infer<typeof rollMark>;

export const rollMarksInput = z.object({
  marks: z.array(rollMark).max(MAX_MARKS, ROLL_TEXT.tooMany),
  trials: z
    .array(z.object({ id: idSchema, status: markStatusSchema }))
    .max(MAX_MARKS, ROLL_TEXT.tooMany)
    .optional(),
});
export type RollMarksInput = z.infer<typeof rollMarksInput>;

/**
 * What landed: the taps written, those that changed nothing (sent before, or older than the stored one), and
 * those refused (their dancer is not on this roll: sending them again will not help, so the phone drops them;
 * `msg` then says why).
 */
export const rollSaveResult = z.object({
  msg: z.string(),
  saved: z.array(z.string()),
  ignored: z.array(z.string()),
  refused: z.array(z.string()),
});
export type RollSaveResult = z.infer<typeof rollSaveResult>;

export const meetingParams = z.object({ clSchID: idSchema, date: dateOnlySchema });
export const trialParams = z.object({ clSchID: idSchema, date: dateOnlySchema, id: idSchema });
/**
 * A day's meetings asked (decision 088): the day (today by default) and, for the owner, the location whose
 * meetings to list (the first by name by default; another studio's or an unknown one is ignored as if not
 * asked). A teacher's day lists their own classes wherever they are, whatever is asked.
 */
export const dayQuery = z.object({ date: dateOnlySchema.optional(), locID: idSchema.optional() });

/** A closure that cancels a meeting, as the roll shows it. */
const closureView = z.object({ reason: z.string() }).nullable();

/** One meeting of the day, with how far its roll has come. */
export const dayMeeting = z.object({
  clSchID: z.string(),
  name: z.string(),
  date: z.string(),
  timeStart: z.string(),
  timeEnd: z.string(),
  room: z.string(),
  teacher: z.string(),
  expected: z.number().int(),
  marked: z.number().int(),
  guests: z.number().int(),
  closure: closureView,
});
export type DayMeeting = z.infer<typeof dayMeeting>;

export const dayMeetings = z.object({
  date: z.string(),
  /** Today in the studio's time zone, so the phone's date switcher knows where "today" is. */
  today: z.string(),
  /** Whose meetings the owner's day lists (decision 088); null for a teacher's day, of every location. */
  locID: z.string().nullable(),
  /** The studio's locations by name, to switch between (the owner's day); none for a teacher's. */
  loc: z.array(z.object({ id: z.string(), name: z.string() })),
  meetings: z.array(dayMeeting),
});
export type DayMeetings = z.infer<typeof dayMeetings>;

/** A dancer of the roll: an enrolled one, or a make-up guest (`fromClass`, the class they missed). */
export const rollDancer = z.object({
  stdID: z.string(),
  firstName: z.string(),
  /** The whole last name for the owner, its initial for a teacher. */
  lastName: z.string(),
  age: z.number().nullable(),
  allergies: z.string(),
  note: z.string(),
  mark: markStatusSchema.nullable(),
  /** The instant of the stored tap, so the phone can tell its own later taps from it. */
  markedAt: z.string().nullable(),
});
export type RollDancer = z.infer<typeof rollDancer>;

export const rollGuest = rollDancer.extend({ bookingId: z.string(), fromClass: z.string() });
export type RollGuest = z.infer<typeof rollGuest>;

export const rollTrial = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  email: z.string(),
  note: z.string(),
  status: markStatusSchema.nullable(),
});
export type RollTrial = z.infer<typeof rollTrial>;

export const rollOfMeeting = z.object({
  class: z.object({
    clSchID: z.string(),
    name: z.string(),
    date: z.string(),
    timeStart: z.string(),
    timeEnd: z.string(),
    room: z.string(),
    teacher: z.string(),
  }),
  closure: closureView,
  /** Whether this session may mark this meeting now (not cancelled, not in the future, in a teacher's days). */
  canMark: z.boolean(),
  /** Why not, in a sentence ('' when it can). */
  whyNot: z.string(),
  today: z.string(),
  dancers: z.array(rollDancer),
  makeups: z.array(rollGuest),
  trials: z.array(rollTrial),
});
export type RollOfMeeting = z.infer<typeof rollOfMeeting>;

/** A trial guest the owner adds to a meeting: a first name and a way to reach a grown-up. */
export const trialInput = z
  .object({
    firstName: text(60, 'First name'),
    lastName: optionalLine(60, 'Last name').default(''),
    phone: z.union([z.literal(''), phone]).default(''),
    email: z.union([z.literal(''), email]).default(''),
    note: longText(500).default(''),
  })
  .refine((t) => t.phone !== '' || t.email !== '', { message: ROLL_TEXT.trialContact });
export type TrialInput = z.input<typeof trialInput>;
