import { z } from 'zod';
import { yearTerm } from '../auth/schema';
import { limits } from '../constants';
import { addDays, compareDates, type DateOnly, dateParts, isDateOnly, makeDate } from '../dates';
import { longText, text } from '../fields';
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
} as const;

/** The last day a term starting on `dateStart` may end on: the day before the same date 24 months on. */
export function latestYearTermEnd(dateStart: DateOnly): DateOnly | null {
  const parts = dateParts(dateStart);
  if (!parts) return null;
  const monthIndex = parts.month - 1 + YEAR_TERM_MAX_MONTHS;
  const year = parts.year + Math.floor(monthIndex / 12);
  return addDays(makeDate(year, (monthIndex % 12) + 1, parts.day), -1);
}

/** A field the spec requires: missing or blank is 'insufficient data' (002 §5). */
const requiredString = () =>
  z.string({ error: messages.insufficientData }).trim().min(1, messages.insufficientData);

/** A required one-line name: 'insufficient data' when missing, then the shared text rules. */
export const requiredName = (label = 'The name') => requiredString().pipe(text(limits.name, label));

const termDate = requiredString().refine(isDateOnly, yearTermMessages.dateInvalid);

const termNotes = longText(limits.notes)
  .nullish()
  .transform((s) => s ?? '');

/** The fields of a year term as the owner enters them (002 §3), for `new` and `edit` alike. */
export const yearTermFields = z
  .object(
    { name: requiredName(), dateStart: termDate, dateEnd: termDate, notes: termNotes },
    { error: messages.insufficientData },
  )
  .superRefine((term, ctx) => {
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

/** An id the request must carry: missing is 'insufficient data', malformed is 'Invalid id.'. */
export const requiredRecordId = z
  .string({ error: messages.insufficientData })
  .min(1, messages.insufficientData)
  .pipe(idSchema);

/** POST api/mystudio/yearTerms/new */
export const newYearTermInput = yearTermFields;

/** PUT api/mystudio/yearTerms */
export const updateYearTermInput = z.object(
  { id: requiredRecordId, data: yearTermFields },
  { error: messages.insufficientData },
);
export type UpdateYearTermInput = z.input<typeof updateYearTermInput>;

export const yearTermInsertResult = z.object({ id: z.string(), msg: z.string() });
export type YearTermInsertResult = z.infer<typeof yearTermInsertResult>;

/** The answer of an update or a delete of studio configuration: the text to show. */
export const configMessageResult = z.object({ msg: z.string() });
export type ConfigMessageResult = z.infer<typeof configMessageResult>;

/** Optional `?yearTermID=`: absent means the studio's current term. */
export const yearTermQuery = z.object({ yearTermID: idSchema.optional() });
