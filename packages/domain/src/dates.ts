import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './constants';
import { isDateOnly, isTimeZone, type Weekday } from './dates-core';

// Its plain helpers and texts are in dates-core.ts, which needs no zod: the web's first screens import
// them without it (issue 20). Every name stays importable from here.
export * from './dates-core';

/** A date-only field: `YYYY-MM-DD`, and the date must exist. */
export const dateOnlySchema = z.string().refine(isDateOnly, 'Not a date (YYYY-MM-DD) that exists');

/** A weekday field, 0–6, Monday first. Input is any number, so callers need not narrow it first. */
export const weekdaySchema = z
  .number()
  .int('A weekday is 0 (Monday) to 6 (Sunday)')
  .min(0, 'A weekday is 0 (Monday) to 6 (Sunday)')
  .max(6, 'A weekday is 0 (Monday) to 6 (Sunday)')
  .transform((n) => n as Weekday);

export const timeZoneSchema = z.string().refine(isTimeZone, 'Unknown time zone').default(DEFAULT_TIME_ZONE);
