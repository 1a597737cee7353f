import { z } from 'zod';
import { hasAtMostTwoDecimals, MAX_AMOUNT_CENTS } from './money-core';

// Its plain helpers and texts are in money-core.ts, which needs no zod: the web's first screens import
// them without it (issue 20). Every name stays importable from here.
export * from './money-core';

/** An amount of money in cents: a whole, non-negative number, at most MAX_AMOUNT_CENTS. */
export const centsSchema = z
  .number()
  .int('Amounts are whole cents')
  .nonnegative('Amounts cannot be negative')
  .max(MAX_AMOUNT_CENTS, 'Amount too large');

/** A rounding unit in cents: 1 rounds to the cent, 100 to whole dollars, 500 to five dollars. */
export const roundingUnitSchema = z.number().int('A rounding unit is a whole number of cents').min(1);

/** A dollar amount at the API edge (at most two decimals), parsed to cents. */
export const dollarsSchema = z
  .number()
  .refine(hasAtMostTwoDecimals, 'At most two decimals')
  .transform((amount) => Math.round(amount * 100) + 0);
