import type { z } from 'zod';
import { messages } from './messages';

/**
 * Money inside the domain is an integer number of cents (domain-rules.md, Units). Dollars exist only at
 * the API edge and on screens, so the conversions below are the only place a dollar amount is read.
 */

/**
 * Refusal of the inputs of a money rule. It carries the spec's text for invalid tuition inputs (001 §8),
 * so a route can answer with `message` as is; `issues` say what was wrong, for logs and tests only.
 * `code` is the API's error code for a 400.
 */
export class TuitionInputError extends Error {
  readonly code = 'bad_request' as const;
  constructor(readonly issues: readonly string[] = []) {
    super(messages.tuitionInputInvalid);
    this.name = 'TuitionInputError';
  }
}

/** Parses with a schema, turning any zod failure into a TuitionInputError: never a silent wrong number. */
export function parseMoneyInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new TuitionInputError(
    result.error.issues.map((issue) => `${issue.path.map(String).join('.') || '(input)'}: ${issue.message}`),
  );
}

/**
 * The largest single amount an input may carry: $100,000. No class or fee comes near it, and it keeps
 * `price × cap` in the cap's integer arithmetic far below 2^53, where every cent is exact.
 */
export const MAX_AMOUNT_CENTS = 10_000_000;

// Products such as 45 × (1 − 0.3) are exact halves in decimal but land a hair off in binary floating point;
// a quotient this close to a half is taken to be that half, so "halves up" means what it says on paper.
const HALF_SNAP = 1e-9;

/** The nearest multiple of `unit`, halves up, never below 0. `roundTo(x, 1)` rounds to the cent. */
export function roundTo(x: number, unit: number): number {
  if (!Number.isFinite(x) || !Number.isFinite(unit) || unit <= 0) {
    throw new TuitionInputError([`roundTo: cannot round ${x} to a unit of ${unit}`]);
  }
  const q = x / unit;
  const half = Math.round(q * 2) / 2;
  const snapped = Math.abs(q - half) <= HALF_SNAP * Math.max(1, Math.abs(q)) ? half : q;
  return Math.max(0, Math.floor(snapped + 0.5) * unit);
}

/** The sum of amounts in cents. */
export function sumCents(amounts: readonly number[]): number {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
}

/** Cents as a dollar number for the API edge: 10500 → 105, 4999 → 49.99. */
export function centsToDollars(amount: number): number {
  if (!Number.isInteger(amount))
    throw new TuitionInputError([`centsToDollars: ${amount} is not whole cents`]);
  return amount / 100;
}

// Binary fractions make 19.99 × 100 = 1998.9999999999998; anything further off had a third decimal.
export function hasAtMostTwoDecimals(amount: number): boolean {
  const value = amount * 100;
  return Number.isFinite(value) && Math.abs(Math.round(value) - value) <= 1e-6 * Math.max(1, Math.abs(value));
}

/** A dollar amount from the API edge as cents: 49.99 → 4999. More than two decimals are refused. */
export function dollarsToCents(amount: number): number {
  if (!hasAtMostTwoDecimals(amount)) {
    throw new TuitionInputError([`dollarsToCents: ${amount} is not an amount with at most two decimals`]);
  }
  // `+ 0` turns the negative zero of Math.round(-0.001) into 0, so it prints and compares as 0.
  return Math.round(amount * 100) + 0;
}

/** Cents shown as dollars with two decimals, e.g. 10500 → "105.00", -350 → "-3.50". */
export function formatDollars(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(Math.round(amount));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as people read money, on screens and in mail: 1234.5 → "$1,234.50". */
export const dollarsText = (dollars: number) => USD.format(dollars);

/** Cents as people read money: 123456 → "$1,234.56". */
export const centsText = (cents: number) => dollarsText(cents / 100);
