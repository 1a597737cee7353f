import { z } from 'zod';
import { LEVELS } from '../constants';
import {
  optionalLine,
  requiredName,
  requiredNumber,
  requiredObject,
  requiredRecordId,
  requiredWhole,
} from '../fields';
import { idSaying, idSchema } from '../ids';
import { messages } from '../messages';
import { DEFAULT_SONG_LENGTH, normalizeTime, songSeconds } from './time';

/**
 * The weekly class schedule (002 §3, §5, §7): classes, their dance numbers and each registered
 * student's activity in them, the genres a class teaches and its other requirements.
 */

export const SCHEDULE_LIMITS = {
  className: 80,
  danceNumberName: 80,
  song: 120,
  /** Dance numbers sent with one new class. */
  danceNumbersPerClass: 30,
  age: 99,
  students: 500,
  /** Classes one answer lists (a room's week; a whole term for the schedule builder). */
  classesPerAnswer: 2000,
} as const;

/** Texts of this area: the spec's where it gives them (002 §5, §8), ours where it does not. */
export const scheduleMessages = {
  invalidEntries: 'invalid entries',
  requirementExists: 'Selected requirement is already assigned to this class.',
  requirementUpdateExists: 'The updated requirement is already assigned to this class.',
  genreDeleted: 'Genre successfully deleted.',
  invalidRequest: "Op's, something went wrong please try again.",
  noRoomSelected: 'Ops. it looks like something went wrong. please try again.',
  loadFailed: 'Something went wrong, please try again later',
  // Ours.
  classNotFound: 'This class could not be found.',
  danceNumberNotFound: 'This dance number could not be found.',
  activityNotFound: 'This activity could not be found.',
  requirementNotFound: 'This requirement could not be found.',
  classGenreNotFound: 'This genre is not assigned to this class.',
  genreExists: 'This genre is already assigned to this class.',
  genreNotFound: 'The chosen genre could not be found.',
  genreRetired: 'The chosen genre is retired; restore it under Genres to use it again.',
  roomNotFound: 'The chosen room could not be found.',
  teacherNotFound: 'The chosen teacher could not be found.',
  priceNotFound: 'The chosen class price could not be found in this year term.',
  timeOrder: 'The class must end after it starts.',
  ages: 'The youngest age must not be above the oldest.',
  sizes: 'The minimum number of students must not be above the maximum.',
  time: 'Please enter a time of day (HH:MM).',
  songLength: 'Please enter a song length as minutes:seconds (2:00).',
  registrationsChanged:
    "This class's registrations have changed since the page was loaded. Please reload and try again.",
  classBilled:
    'Families have been billed for this class, so it stays on their tuition history. Close it to new registrations instead.',
  numberHasCostumes:
    'This dance number has costumes on dancers, ordered, or on a family’s bill, so it stays. Take its costumes off under Costumes first; an ordered costume keeps its number.',
  numberInCompetition:
    'Dancers of this dance number are registered for a competition, so it stays. Take them off under Competition, Registration first.',
  classInCompetition:
    'Dancers of this class’s dance numbers are registered for a competition, so the class stays. Take them off under Competition, Registration first.',
  classHasCostumes:
    'A dance number of this class has costumes on dancers, ordered, or on a family’s bill, so the class stays. Take its costumes off under Costumes first.',
  termHasRegistrations:
    'Students are registered in this class, so it stays in its year term. Create the class in the other year term instead.',
  roomTaken: (room: string, other: string, day: string, from: string, to: string) =>
    `${room} already has ${other} on ${day} from ${from} to ${to}. A room holds one class at a time.`,
  teacherBusy: (teacher: string, other: string, day: string, from: string, to: string) =>
    `Note: ${teacher} also teaches ${other} on ${day} from ${from} to ${to}.`,
} as const;

const timeOfDay = z
  .string({ error: messages.insufficientData })
  .trim()
  .min(1, messages.insufficientData)
  .transform((value, ctx) => {
    const time = normalizeTime(value);
    if (!time) {
      ctx.addIssue({ code: 'custom', message: scheduleMessages.time });
      return z.NEVER;
    }
    return time;
  });

/** `m:ss`, stored as seconds; absent is 2:00. */
export const songLength = z.string({ error: scheduleMessages.songLength }).transform((value, ctx) => {
  const seconds = songSeconds(value);
  if (seconds === null) {
    ctx.addIssue({ code: 'custom', message: scheduleMessages.songLength });
    return z.NEVER;
  }
  return seconds;
});

/** 0/1 (or "0"/"1") or false/true, as the screens send flags; a boolean after parsing. */
export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
    error: messages.insufficientData,
  })
  .transform((v) => v === true || v === 1 || v === '1');

const whole = requiredWhole;

const day = whole(0, 6, messages.insufficientData);
const level = whole(1, LEVELS.length, messages.insufficientData);
const age = whole(0, SCHEDULE_LIMITS.age, scheduleMessages.ages);
const size = whole(0, SCHEDULE_LIMITS.students, scheduleMessages.sizes);
const songText = optionalLine(SCHEDULE_LIMITS.song, 'Song').optional().default('');

/** A dance number's own fields (002 §3); name and genre are required (002 §5). */
export const danceNumberFields = requiredObject({
  name: requiredName('The dance number name'),
  genreID: requiredRecordId,
  songName: songText,
  songArtist: songText,
  songLength: songLength.prefault(DEFAULT_SONG_LENGTH),
  costume: flag.optional().default(true),
});
export type DanceNumberFieldsInput = z.input<typeof danceNumberFields>;
export type DanceNumberValues = z.output<typeof danceNumberFields>;

/** A class's own fields (002 §3, §5): the eight the spec requires, and the rest with its defaults. */
export const classFields = requiredObject({
  name: requiredName('The class name'),
  day,
  timeStart: timeOfDay,
  timeEnd: timeOfDay,
  yearTermID: requiredRecordId,
  teacherID: requiredRecordId,
  roomID: requiredRecordId,
  priceID: requiredRecordId,
  age_min: age.optional().default(0),
  age_max: age.optional().default(10),
  level: level.optional().default(1),
  nMin: size.optional().default(0),
  nMax: size.optional().default(20),
  isOpen: flag.optional().default(true),
})
  .refine((c) => c.timeEnd > c.timeStart, { message: scheduleMessages.timeOrder, path: ['timeEnd'] })
  .refine((c) => c.age_min <= c.age_max, { message: scheduleMessages.ages, path: ['age_max'] })
  .refine((c) => c.nMin <= c.nMax, { message: scheduleMessages.sizes, path: ['nMax'] });
export type ClassFieldsInput = z.input<typeof classFields>;
export type ClassValues = z.output<typeof classFields>;

/** POST mystudio/schedule/class: `{class, dncNum}`; each dance number needs a name and a genre. */
export const newClassInput = requiredObject({
  class: classFields,
  dncNum: z
    .array(danceNumberFields, { error: messages.insufficientData })
    .max(
      SCHEDULE_LIMITS.danceNumbersPerClass,
      `At most ${SCHEDULE_LIMITS.danceNumbersPerClass} dance numbers`,
    )
    .optional()
    .default([]),
});
export type NewClassInput = z.input<typeof newClassInput>;

/** PUT mystudio/schedule/class/{id}: the class's fields, whole. */
export const updateClassInput = classFields;
export type UpdateClassInput = z.input<typeof updateClassInput>;

/** The answer to a new or edited class: a warning when its teacher is booked elsewhere at that time. */
export const classSaved = z.object({ id: z.string(), msg: z.string(), warning: z.string().optional() });
export type ClassSaved = z.infer<typeof classSaved>;

/** GET mystudio/schedule/?yrTrmID=…&locID=…&rmID=… (the location and room are the ones to select). */
export const scheduleQuery = z.object({
  yrTrmID: idSchema.optional(),
  locID: idSchema.optional(),
  rmID: idSchema.optional(),
});
/** POST mystudio/schedule/: a year term, or nothing for the current one. */
export const scheduleBody = z.object({ yrTrmID: idSchema.nullish() }).nullish();

export const classRoomParams = z.object({ id: idSchema, roomID: idSchema });
// A class list without a proper term or room is the screen's "nothing selected" (002 §5).
const selectedId = idSaying(scheduleMessages.noRoomSelected);
export const roomParams = z.object({ roomID: selectedId });
export const termRoomParams = z.object({ yearTermID: selectedId, roomID: selectedId });

/** A class as the schedule shows it (002 §3 "Class"). Money in dollars. */
export const scheduleClass = z.object({
  id: z.string(),
  name: z.string(),
  day: z.number().int(),
  timeStart: z.string(),
  timeEnd: z.string(),
  yearTermID: z.string(),
  roomID: z.string(),
  locationID: z.string(),
  priceID: z.string(),
  teacherID: z.string(),
  teacher: z.string(),
  age_min: z.number().int(),
  age_max: z.number().int(),
  level: z.number().int(),
  nMin: z.number().int(),
  nMax: z.number().int(),
  /** The class price's monthly amount, in dollars. */
  cost: z.number(),
  tuit_base: z.number(),
  isOpen: z.boolean(),
  isFull: z.boolean(),
  /** Students registered and not dropped. */
  nReg: z.number().int(),
  isReg: z.boolean(),
  minGenreRequired: z.number().int(),
});
export type ScheduleClass = z.infer<typeof scheduleClass>;
export const scheduleClassList = z.array(scheduleClass);

export const scheduleLocation = z.object({ id: z.string(), name: z.string() });
export const scheduleRoom = z.object({
  id: z.string(),
  locationID: z.string(),
  name: z.string(),
  description: z.string(),
});
export type ScheduleRoom = z.infer<typeof scheduleRoom>;

/** GET and POST mystudio/schedule/. */
export const scheduleAnswer = z.object({
  yrTrmID: z.string().nullable(),
  cls: scheduleClassList,
  rm: z.array(scheduleRoom),
  loc: z.array(scheduleLocation),
  selIDs: z.object({ locID: z.string().nullable(), rmID: z.string().nullable() }),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswer>;

/** A dance number (002 §3). `songLength` as m:ss; `costume` 0/1. */
export const danceNumber = z.object({
  id: z.string(),
  clsSch_ID: z.string(),
  name: z.string(),
  genreID: z.string(),
  genre: z.string(),
  songName: z.string(),
  songArtist: z.string(),
  songLength: z.string(),
  costume: z.number().int(),
});
export type DanceNumber = z.infer<typeof danceNumber>;

/** One registered student's activity in one dance number (002 §3); each flag 0/1. */
export const danceNumberActivityItem = z.object({
  dncNumActID: z.string(),
  dncNumID: z.string(),
  clsRegID: z.string(),
  studentName: z.string(),
  dncNumActive: z.number().int(),
  dncNumCompetition: z.number().int(),
  dncNumRecital: z.number().int(),
  dncNumCostume: z.number().int(),
});
export type DanceNumberActivityItem = z.infer<typeof danceNumberActivityItem>;

/** A class registration with its dance-number activity (the "class registration activity entries"). */
export const classRegistrationActivity = z.object({
  clsRegID: z.string(),
  acctStudentID: z.string(),
  studentName: z.string(),
  iStatus: z.number().int(),
  /** Approval: 0 pending, 1 approved, -1 rejected. */
  status: z.number().int(),
  isDropped: z.boolean(),
  Date_i: z.string(),
  Date_f: z.string(),
  dncNum: z.array(danceNumberActivityItem),
});
export type ClassRegistrationActivity = z.infer<typeof classRegistrationActivity>;

export const classGenre = z.object({ clsGenreID: z.string(), genreID: z.string(), name: z.string() });
export type ClassGenre = z.infer<typeof classGenre>;

export const otherRequirement = z.object({
  otherReqID: z.string(),
  genreID: z.string(),
  genreName: z.string(),
  levelID: z.number().int(),
  levelName: z.string(),
  isRequired: z.boolean(),
});
export type OtherRequirement = z.infer<typeof otherRequirement>;

/** GET mystudio/schedule/class/info/{id}; `minGenre` is the range minGenreRequired is clamped into. */
export const classInfo = z.object({
  dncNum: z.array(danceNumber),
  dncNumAct: z.array(danceNumberActivityItem),
  clsRegAct: z.array(classRegistrationActivity),
  clsGenres: z.array(classGenre),
  otherReq: z.array(otherRequirement),
  minGenreRequired: z.number().int(),
  minGenre: z.object({ min: z.number().int(), max: z.number().int() }),
});
export type ClassInfo = z.infer<typeof classInfo>;

/** PUT mystudio/schedule/class/{id}/minGenreRequired; the answer carries the value kept. */
export const minGenreInput = requiredObject({
  minGenreRequired: requiredNumber()
    .int(messages.invalidInput)
    .min(0, messages.invalidInput)
    .max(100, messages.invalidInput),
});
export const minGenreResult = z.object({ msg: z.string(), minGenreRequired: z.number().int() });

/** POST mystudio/schedule/class/{id}/genre */
export const classGenreInput = requiredObject({ genreID: requiredRecordId });
export const classGenreParams = z.object({ id: idSchema, clsGenreID: idSchema });

// A requirement's ids are checked before anything else: bad ones are 'invalid entries' (002 §5).
const entryId = z
  .string({ error: scheduleMessages.invalidEntries })
  .pipe(
    z
      .string()
      .regex(
        /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
        scheduleMessages.invalidEntries,
      ),
  );
const levelId = z
  .union([z.number(), z.string().regex(/^\d+$/).transform(Number)], {
    error: scheduleMessages.invalidEntries,
  })
  .pipe(
    z
      .number()
      .int()
      .min(1, scheduleMessages.invalidEntries)
      .max(LEVELS.length, scheduleMessages.invalidEntries),
  );

/** POST mystudio/schedule/class/{id}/otherRequirement. A level is one of the seven fixed level ids, 1–7. */
export const requirementInput = z.object(
  {
    genreID: entryId.transform((s) => s.toLowerCase()),
    levelID: levelId,
    isRequired: flag.optional().default(true),
  },
  { error: scheduleMessages.invalidEntries },
);
export type RequirementInput = z.input<typeof requirementInput>;
/** PUT mystudio/schedule/class/{id}/otherRequirement */
export const requirementUpdateInput = requirementInput.extend({
  otherReqID: entryId.transform((s) => s.toLowerCase()),
});
export type RequirementUpdateInput = z.input<typeof requirementUpdateInput>;
export const requirementParams = z.object({ id: idSchema, otherReqID: idSchema });
export const requirementCreated = z.object({
  otherReqID: z.string(),
  msg: z.string(),
  minGenreRequired: z.number().int(),
});

/** POST mystudio/schedule/class/danceNumber */
export const newDanceNumberInput = danceNumberFields.extend({ clSchID: requiredRecordId });
export type NewDanceNumberInput = z.input<typeof newDanceNumberInput>;
export const danceNumberCreated = z.object({
  id: z.string(),
  dncNumAct: z.array(danceNumberActivityItem),
  msg: z.string(),
});
/** GET mystudio/schedule/danceNumbers (ours): a year term's dance numbers (default: the current term). */
export const termDanceNumbersQuery = z.object({ yrTrmID: idSchema.optional() });
export const termDanceNumber = z.object({
  id: z.string(),
  name: z.string(),
  genre: z.string(),
  /** 1 when the number has costumes (the dance number's own flag). */
  costume: z.number().int(),
  clSchID: z.string(),
  className: z.string(),
  /** 0 Sunday … 6 Saturday, and HH:MM: when the class meets. */
  day: z.number().int(),
  timeStart: z.string(),
  /** The dancers active in the number (their registration active, not dropped). */
  dancers: z.number().int(),
  /** The costume styles the number wears (issue 18). */
  costumeStyles: z.number().int(),
});
export const termDanceNumbers = z.object({
  /** The term read; null when the studio has no current term (then no numbers). */
  yearTermID: z.string().nullable(),
  numbers: z.array(termDanceNumber),
});
export type TermDanceNumber = z.infer<typeof termDanceNumber>;
export type TermDanceNumbers = z.infer<typeof termDanceNumbers>;
/** PUT mystudio/schedule/class/danceNumber/{clSchID}/{dncNumID} */
export const updateDanceNumberInput = danceNumberFields;
export const danceNumberParams = z.object({ clSchID: idSchema, dncNumID: idSchema });
/** DELETE …/danceNumber/{clSchID}/{dncNumID}/{count}: the class's registration count the owner saw, at least 1. */
export const danceNumberDeleteParams = danceNumberParams.extend({
  count: z.coerce
    .number({ error: messages.invalidInput })
    .int(messages.invalidInput)
    .min(1, messages.invalidInput)
    .max(100_000, messages.invalidInput),
});

/**
 * PUT mystudio/schedule/class/danceNumberActivity/{dncNumActID} and mystudio/privates/reg/{regID}
 * (002 §4): step 1 sets all four flags (and, for a private, the registration status), step 2 the
 * competition flag, step 3 the recital flag, step 4 the costume flag.
 */
export const activityStepInput = requiredObject({
  step: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
    error: messages.insufficientData,
  }),
  status: flag,
});
export type ActivityStepInput = z.input<typeof activityStepInput>;
export const activityParams = z.object({ dncNumActID: idSchema });

/** What each step sets (002 §4). */
export type ActivityFlag = 'active' | 'competition' | 'recital' | 'costume';
export type ActivityStep = 1 | 2 | 3 | 4;
export type ActivityFlags = Partial<Record<ActivityFlag, boolean>>;

export const ACTIVITY_STEP_FLAGS = {
  1: ['active', 'competition', 'recital', 'costume'],
  2: ['competition'],
  3: ['recital'],
  4: ['costume'],
} as const satisfies Record<ActivityStep, readonly ActivityFlag[]>;

/** The flags one activity update sets, each to `status` (002 §4). */
export function activityFlagsOf(step: ActivityStep, status: boolean): ActivityFlags {
  return Object.fromEntries(ACTIVITY_STEP_FLAGS[step].map((flag) => [flag, status]));
}
