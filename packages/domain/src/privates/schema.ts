import { z } from 'zod';
import { dateOnlySchema } from '../dates';
import { optionalLine, requiredName, requiredObject, requiredRecordId, requiredWhole } from '../fields';
import { idSaying, idSchema } from '../ids';
import { messages } from '../messages';
import { dollarsToCents, MAX_AMOUNT_CENTS } from '../money';
import { scheduleMessages, songLength } from '../schedule/schema';
import { DEFAULT_SONG_LENGTH } from '../schedule/time';

/** Private lessons (002 §3, §7): solos, duets, trios and groups, and the students registered in them. */

export const PRIVATE_TYPES = [
  { id: 1, name: 'Solo', plural: 'Solos' },
  { id: 2, name: 'Duet', plural: 'Duets' },
  { id: 3, name: 'Trio', plural: 'Trios' },
  { id: 4, name: 'Group', plural: 'Groups' },
] as const;

export const PRIVATE_LIMITS = { name: 80, song: 120, perAnswer: 1000, registrationsPerPrivate: 200 } as const;

/** "1 dancer", "2 dancers". */
export const dancersText = (n: number) => (n === 1 ? '1 dancer' : `${n} dancers`);

export const privateMessages = {
  notFound: 'This private lesson could not be found.',
  inCompetition:
    'Dancers of this private lesson are registered for a competition, so it stays. Take them off under Competition, Registration first.',
  registrationNotFound: 'This registration could not be found.',
  locationNotFound: 'The chosen location could not be found.',
  teacherNotFound: 'The chosen teacher could not be found.',
  priceNotFound: 'The chosen private price could not be found.',
  genreNotFound: 'The chosen genre could not be found.',
  studentNotFound: 'The chosen student could not be found.',
  alreadyRegistered: 'This student is already registered in this private lesson.',
  price: 'Please enter a price in dollars, such as $55.00.',
  dateOutsideTerm: (from: string, to: string) =>
    `The start date must fall within the year term (${from} to ${to}).`,
  genreRetired: 'The chosen genre is retired; restore it under Genres, or choose another genre.',
  tooMany: `A location can have at most ${PRIVATE_LIMITS.perAnswer} private lessons in a year term.`,
  registrationsFull: `A private lesson can have at most ${PRIVATE_LIMITS.registrationsPerPrivate} registrations.`,
  /**
   * The lesson's price names its number of dancers (decision 018), and every place is taken: the owner
   * may still register one more, knowingly (the screen asks first, then sends `override`).
   */
  placesFull: (priceName: string, nDancers: number) =>
    `This private lesson's price (${priceName}) is for ${dancersText(nDancers)}, and ${nDancers === 1 ? 'that place is' : `all ${nDancers} places are`} taken. Choose a price for more dancers, or confirm that you want to register one more.`,
  /** What the confirmation before going past the price's dancers says happens. */
  placesConfirm: (priceName: string, nDancers: number, taken: number) =>
    `The price (${priceName}) is for ${dancersText(nDancers)}, and ${taken} ${taken === 1 ? 'is' : 'are'} already registered. Registering this student makes ${taken + 1}: each dancer pays the price entered for them, and the lesson keeps its price and type. Register anyway?`,
  /** A failed activity update (002 §8 gives the screen 'no--good'; the server says why). */
  updateFailed: 'no--good',
} as const;

const type = requiredWhole(1, PRIVATE_TYPES.length, messages.insufficientData);
const songText = optionalLine(PRIVATE_LIMITS.song, 'Song').optional().default('');

/** A private lesson's fields (002 §3). Its year term is its price's. */
export const privateFields = requiredObject({
  name: requiredName('The private lesson name'),
  teacherID: requiredRecordId,
  priceID: requiredRecordId,
  genreID: requiredRecordId,
  locationID: requiredRecordId,
  songName: songText,
  songArtist: songText,
  songLength: songLength.prefault(DEFAULT_SONG_LENGTH),
  type,
});
export type PrivateFieldsInput = z.input<typeof privateFields>;
export type PrivateValues = z.output<typeof privateFields>;

/** POST mystudio/privates/ */
export const newPrivateInput = privateFields;
/** PUT mystudio/privates/: the private's id beside its fields. */
export const updatePrivateInput = privateFields.safeExtend({ id: requiredRecordId });
export type UpdatePrivateInput = z.input<typeof updatePrivateInput>;

/** GET mystudio/privates/?yrTrmID=…&locID=… */
export const privatesQuery = z.object({ yrTrmID: idSchema.optional(), locID: idSchema.optional() });
/** GET mystudio/privates/list/{locID}?yrTrmID=… (the current term by default). */
export const privateListQuery = z.object({ yrTrmID: idSchema.optional() });
export const locationParams = z.object({ locID: idSchema });
/** A registration's activity update with a malformed id: the spec's text for a bad registration id (002 §5). */
export const privateRegParams = z.object({ regID: idSaying(scheduleMessages.invalidRequest) });

/** A private lesson as the lists show it. `price` in dollars; `nGenre` the genre's name. */
export const privateLesson = z.object({
  id: z.string(),
  name: z.string(),
  yearTermID: z.string(),
  teacherID: z.string(),
  teacher: z.string(),
  priceID: z.string(),
  priceName: z.string(),
  price: z.number(),
  genreID: z.string(),
  nGenre: z.string(),
  locationID: z.string(),
  songName: z.string(),
  songArtist: z.string(),
  songLength: z.string(),
  type: z.number().int(),
  /** Students registered (registration status 1). */
  nReg: z.number().int(),
  /** The places the lesson's price names (its number of dancers): every registration takes one. */
  nDancers: z.number().int(),
});
export type PrivateLesson = z.infer<typeof privateLesson>;
export const privateLessonList = z.array(privateLesson);

const option = z.object({ id: z.string(), name: z.string() });

/** GET mystudio/privates/ */
export const privatesAnswer = z.object({
  yrTrmID: z.string().nullable(),
  tchr: z.array(option),
  priv: privateLessonList,
  loc: z.array(option),
  selIDs: z.object({ locID: z.string().nullable() }),
});
export type PrivatesAnswer = z.infer<typeof privatesAnswer>;

/** A student's registration in a private lesson (002 §3); flags 0/1, price in dollars. */
export const privateRegistration = z.object({
  privRegID: z.string(),
  privRegActID: z.string(),
  studentID: z.string(),
  studentName: z.string(),
  price: z.number(),
  regStatus: z.number().int(),
  regDateStart: z.string(),
  regDateEnd: z.string(),
  status: z.number().int(),
  competition: z.number().int(),
  recital: z.number().int(),
  costume: z.number().int(),
});
export type PrivateRegistration = z.infer<typeof privateRegistration>;

/** GET mystudio/privates/{id} */
export const privateDetail = z.object({ info: privateLesson, regList: z.array(privateRegistration) });
export type PrivateDetail = z.infer<typeof privateDetail>;

/**
 * A price as the add-registration dialog sends it: the text after its '$' (002 §5), or a number;
 * dollars with at most two decimals, to cents.
 */
export const registrationPrice = z
  .union([z.number(), z.string().trim()], { error: messages.insufficientData })
  .transform((value, ctx) => {
    const text =
      typeof value === 'number' ? String(value) : (value.split('$').pop() ?? '').replace(/,/g, '').trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: messages.insufficientData });
      return z.NEVER;
    }
    const dollars = /^\d+(\.\d{1,2})?$/.test(text) ? Number(text) : Number.NaN;
    if (!Number.isFinite(dollars) || dollars * 100 > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', message: privateMessages.price });
      return z.NEVER;
    }
    return dollarsToCents(dollars);
  });

/** POST mystudio/privates/reg/student */
export const privateRegistrationInput = requiredObject({
  studentID: requiredRecordId,
  privID: requiredRecordId,
  price: registrationPrice,
  dateStart: z.string({ error: messages.insufficientData }).pipe(dateOnlySchema),
  /** The owner confirmed registering past the price's number of dancers (placesConfirm). */
  override: z.boolean({ error: messages.invalidInput }).optional().default(false),
});
export type PrivateRegistrationInput = z.input<typeof privateRegistrationInput>;
export const privateRegistrationCreated = z.object({
  rData: z.object({ privRegID: z.string(), privRegActID: z.string(), dateEnd: z.string() }),
  msg: z.string(),
});
export type PrivateRegistrationCreated = z.infer<typeof privateRegistrationCreated>;
