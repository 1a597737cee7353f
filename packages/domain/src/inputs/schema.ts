import { z } from 'zod';
import { idSchema } from '../ids';
import { centsText } from '../money';

/**
 * GET mystudio/inputs/{classform|dncNumForm|privateForm|student|yearTerms}: the option lists a form
 * needs, each `{id, name}`. Rooms are labelled by their description when they have one (002 §3).
 */

export const inputOption = z.object({ id: z.string(), name: z.string() });
export type InputOption = z.infer<typeof inputOption>;
const options = z.array(inputOption);

/** A class price as the option lists (and the messages about it) name it: "60 min · $65.00". */
export const classPriceLabel = (duration: number, cents: number) => `${duration} min · ${centsText(cents)}`;
/** A private price as the option lists name it: "Solo · $70.00". */
export const privatePriceLabel = (name: string, cents: number) => `${name} · ${centsText(cents)}`;
/** A teacher or a student as the option lists name them: "First Last". */
export const personName = (firstName: string, lastName: string) => `${firstName} ${lastName}`.trim();

/** Levels are the fixed ids 1–7. */
export const levelOption = z.object({ id: z.number().int(), name: z.string() });

export const roomOption = inputOption.extend({ locationID: z.string(), location: z.string() });
export type RoomOption = z.infer<typeof roomOption>;

/** A price option: `name` reads "60 min · $65.00"; `price` in dollars. */
/** `duration`: a class price's length in minutes (absent for private prices). */
export const priceOption = inputOption.extend({ price: z.number(), duration: z.number().int().optional() });
export type PriceOption = z.infer<typeof priceOption>;

/** ?yearTermID=… chooses the term whose prices are offered (the current term by default). */
export const inputsTermQuery = z.object({ yearTermID: idSchema.optional() });

export const classFormInputs = z.object({
  yearTermID: z.string().nullable(),
  teachers: options,
  rooms: z.array(roomOption),
  prices: z.array(priceOption),
  genres: options,
  levels: z.array(levelOption),
  yearTerms: options,
});
export type ClassFormInputs = z.infer<typeof classFormInputs>;

export const danceNumberFormInputs = z.object({ genres: options });
export type DanceNumberFormInputs = z.infer<typeof danceNumberFormInputs>;

export const privateFormInputs = z.object({
  yearTermID: z.string().nullable(),
  teachers: options,
  prices: z.array(priceOption),
  genres: options,
  locations: options,
  types: z.array(levelOption),
});
export type PrivateFormInputs = z.infer<typeof privateFormInputs>;

/**
 * GET mystudio/inputs/student?q=…: the studio's students whose name contains `q` (any case), by last
 * name then first, at most STUDENT_OPTIONS_LIMIT; each named "First Last".
 */
export const STUDENT_OPTIONS_LIMIT = 50;
export const studentOptionsQuery = z.object({ q: z.string().trim().max(80).optional().default('') });
export const studentOption = inputOption.extend({ dob: z.string() });
export type StudentOption = z.infer<typeof studentOption>;
export const studentOptions = z.array(studentOption);

export const yearTermOption = inputOption.extend({
  dateStart: z.string(),
  dateEnd: z.string(),
  isCurrent: z.boolean(),
});
export type YearTermOption = z.infer<typeof yearTermOption>;
export const yearTermOptions = z.array(yearTermOption);

/**
 * GET mystudio/inputs/competition/entries (002 §7, "answer not shown"; decision 043): the studio's
 * competition entries to choose from, by their event's first day then the entry's place, each named
 * with its event (`cmpEntID` the entry's id, as the registered list's entry_List names it).
 */
export const COMPETITION_ENTRY_OPTIONS_LIMIT = 500;
export const competitionEntryOption = inputOption.extend({
  cmpEntID: z.string(),
  compCoEventID: z.string(),
  event: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  /** Dollars: what each dancer's family is charged. */
  priceCustomer: z.number(),
});
export type CompetitionEntryOption = z.infer<typeof competitionEntryOption>;
export const competitionEntryOptions = z.array(competitionEntryOption);
