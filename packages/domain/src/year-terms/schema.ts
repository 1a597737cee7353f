import { z } from 'zod';
import { yearTerm } from '../auth/schema';
import { limits } from '../constants';
import { addDays, compareDates, type DateOnly, dateParts, isDateOnly, makeDate } from '../dates';
import { longText, requiredName, requiredObject, requiredRecordId, requiredString } from '../fields';
import { holders } from '../format';
import { idSchema } from '../ids';
import { messages } from '../messages';

export const yearTermList = z.array(yearTerm);

/** A term may span at most this many months (a season, or two with a summer session in between). */
export const YEAR_TERM_MAX_MONTHS = 24;

/** Texts of the year-term calls the spec leaves unsaid. */
export const yearTermMessages = {
  dateInvalid: 'Please enter dates that exist, as YYYY-MM-DD.',
  endNotAfterStart: 'The end date must be after the start date.',
  tooLong: `A year term can be at most ${YEAR_TERM_MAX_MONTHS} months long.`,
  nameTaken: 'A year term with this name already exists. Please choose another name.',
  deleteCurrent:
    "This is the studio's current year term. Make another term current first, then delete this one.",
  /** The owner confirmed a change from a term that is no longer the current one (decision 021). */
  currentChanged: (current: string | null) =>
    current
      ? `The current year term was changed to ${current} in the meantime. Please look again before changing it.`
      : 'The current year term was changed in the meantime. Please look again before changing it.',
  /** New dates would rebuild the plans families pay by (decision 026). */
  datesHeldByPlans: (term: string, families: number) =>
    `${families === 1 ? 'A family pays' : `${families} families pay`} for ${term} by its payment plans, so its dates can no longer change. Change the name or notes, or make a new year term.`,
  /** A term the schedule holds: its classes and private lessons. */
  inUse: (term: string, classes: number, privates: number) => {
    const h = holders([
      [classes, 'class', 'classes'],
      [privates, 'private lesson', 'private lessons'],
    ]);
    return `${term} has ${h.text}. Move or delete ${h.pronoun} before deleting the year term.`;
  },
} as const;

/** The last day a term starting on `dateStart` may end on: the day before the same date 24 months on. */
export function latestYearTermEnd(dateStart: DateOnly): DateOnly | null {
  const parts = dateParts(dateStart);
  if (!parts) return null;
  const monthIndex = parts.month - 1 + YEAR_TERM_MAX_MONTHS;
  const year = parts.year + Math.floor(monthIndex / 12);
  return addDays(makeDate(year, (monthIndex % 12) + 1, parts.day), -1);
}

const termDate = requiredString().refine(isDateOnly, yearTermMessages.dateInvalid);

const termNotes = longText(limits.notes)
  .nullish()
  .transform((s) => s ?? '');

/** The fields of a year term as the owner enters them (002 §3), for `new` and `edit` alike. */
export const yearTermFields = requiredObject({
  name: requiredName(),
  dateStart: termDate,
  dateEnd: termDate,
  notes: termNotes,
}).superRefine((term, ctx) => {
  // Zod runs this even after a field's own refinement failed; a date that does not exist was said.
  if (!isDateOnly(term.dateStart) || !isDateOnly(term.dateEnd)) return;
  if (compareDates(term.dateEnd, term.dateStart) <= 0) {
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: yearTermMessages.endNotAfterStart });
    return;
  }
  const latest = latestYearTermEnd(term.dateStart);
  if (latest && compareDates(term.dateEnd, latest) > 0) {
    ctx.addIssue({ code: 'custom', path: ['dateEnd'], message: yearTermMessages.tooLong });
  }
});
export type YearTermFieldsInput = z.input<typeof yearTermFields>;
export type YearTermFields = z.output<typeof yearTermFields>;

/** POST api/mystudio/yearTerms/new */
export const newYearTermInput = yearTermFields;

/** PUT api/mystudio/yearTerms */
export const updateYearTermInput = requiredObject({ id: requiredRecordId, data: yearTermFields });
export type UpdateYearTermInput = z.input<typeof updateYearTermInput>;

/**
 * PUT api/mystudio/yearTerms/set/{id}, optional body: the term the owner saw as current when they
 * confirmed (null: none). When given and no longer true, the change is refused (409) instead of
 * silently undoing someone else's choice. The spec's call has no body, so it stays optional.
 */
export const setCurrentYearTermInput = z
  .object({ expectedID: idSchema.nullable() }, { error: messages.insufficientData })
  .strict();
export type SetCurrentYearTermInput = z.infer<typeof setCurrentYearTermInput>;

/** GET api/mystudio/yearTerms/counts: what each term holds, for the owner deciding which is current. */
export const yearTermCounts = z.array(
  z.object({
    id: z.string(),
    /** Classes and private lessons scheduled in the term. */
    nCls: z.number().int(),
    nPriv: z.number().int(),
    /** Families with a registration that counts in the term: the list's Active tab if it were current. */
    nActive: z.number().int(),
  }),
);
export type YearTermCounts = z.infer<typeof yearTermCounts>;

/** Optional `?yearTermID=`: absent means the studio's current term. */
export const yearTermQuery = z.object({ yearTermID: idSchema.optional() });
