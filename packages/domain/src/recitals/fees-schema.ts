import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../money-core';

/**
 * The recital fee (issue 38 item 3, decision 073): its settings on the recital, who pays it and its state
 * for each dancer (or family), and what a posting run did. Money in cents.
 */

export const RECITAL_FEE_PER = ['dancer', 'family'] as const;
export type RecitalFeePer = (typeof RECITAL_FEE_PER)[number];

/** A dancer's (or a family's) fee: to post, posted, to take off (left before the date), taken off, kept (left after it). */
export const FEE_STATES = ['to_post', 'posted', 'to_remove', 'removed', 'kept'] as const;
export type FeeState = (typeof FEE_STATES)[number];

export const FEE_STATE_LABELS: Record<FeeState, string> = {
  to_post: 'To post',
  posted: 'Posted',
  to_remove: 'To take off',
  removed: 'Taken off',
  kept: 'Kept (left after the date)',
};

/** Rows of the fee list on one page. */
export const RECITAL_FEE_PAGE_SIZE = 50;

export const RECITAL_FEE_TEXT = {
  recitalNotFound: 'This recital could not be found.',
  badAmount: 'Enter the fee as an amount from $0.00 to $100,000.00.',
  badDate: 'Choose a day as YYYY-MM-DD, for example 2027-05-01.',
  badPage: 'Choose a page number from 1.',
  saved: 'Recital fee settings saved.',
  lockedWhilePosted:
    'Fees are already on families’ bills: the amount and whether it is per dancer or per family stay as they are. The last day to take the fee off can still change.',
  nothingToPost: 'Every fee is already on the families’ bills: nothing to post.',
  noFee: 'Set a fee amount above $0.00 before posting.',
  posted: (posted: number, removed: number) => {
    const parts = [
      posted > 0 ? `${posted} fee${posted === 1 ? '' : 's'} posted` : '',
      removed > 0 ? `${removed} fee${removed === 1 ? '' : 's'} taken off` : '',
    ].filter(Boolean);
    return `${parts.join(', ')}.`;
  },
  itemOf: (recital: string, who: string) => `Recital fee — ${recital}, ${who}`,
  familyWho: (lastName: string) => `${lastName} family`,
  /** The charge's working, as the family's bill shows it under the item. */
  lineOf: (recital: string, dancer: string | null) =>
    dancer
      ? `${dancer} dances in ${recital}: the recital fee, one per dancer`
      : `Your dancers dance in ${recital}: the recital fee, one per family`,
  removedReason: (who: string, recital: string) => `${who} left ${recital} before the fee’s last day`,
} as const;

const day = z.iso.date({ error: RECITAL_FEE_TEXT.badDate });

/** The owner's fee settings. */
export const recitalFeeSettingsInput = z.object({
  amount: z
    .number({ error: RECITAL_FEE_TEXT.badAmount })
    .int(RECITAL_FEE_TEXT.badAmount)
    .min(0, RECITAL_FEE_TEXT.badAmount)
    .max(MAX_AMOUNT_CENTS, RECITAL_FEE_TEXT.badAmount),
  per: z.enum(RECITAL_FEE_PER, { error: 'Choose per dancer or per family.' }),
  /** Leaving the recital on or before this day takes the fee off; null: the fee stays once posted. */
  refundableUntil: day.nullable(),
});
export type RecitalFeeSettingsInput = z.output<typeof recitalFeeSettingsInput>;

const pageNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, RECITAL_FEE_TEXT.badPage)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1, RECITAL_FEE_TEXT.badPage).max(100_000, RECITAL_FEE_TEXT.badPage));

export const recitalFeePageQuery = z.object({ page: pageNumber.optional().default(1) });

/** One dancer (per dancer) or family (per family) and their fee's state. */
export const recitalFeeRow = z.object({
  familyId: z.string(),
  family: z.string(),
  /** Null when the fee is per family. */
  studentId: z.string().nullable(),
  dancer: z.string().nullable(),
  state: z.enum(FEE_STATES),
  /** Cents: what is (or would be) on the bill. */
  amount: z.number(),
  postedAt: z.string().nullable(),
  removedAt: z.string().nullable(),
});
export type RecitalFeeRow = z.infer<typeof recitalFeeRow>;

const count = z.object({ count: z.number(), amount: z.number() });

/** The owner's fee page: the settings, what a run would do, and the rows of one page. */
export const recitalFeeOverview = z.object({
  recital: z.object({ id: z.string(), name: z.string(), firstDay: z.string(), lastDay: z.string() }),
  settings: z.object({
    amount: z.number(),
    per: z.enum(RECITAL_FEE_PER),
    refundableUntil: z.string().nullable(),
    /** Amount and per may change only while no fee is on a bill. */
    locked: z.boolean(),
  }),
  today: z.string(),
  /** The year terms whose dance numbers count (those overlapping the recital's days). */
  terms: z.array(z.string()),
  totals: z.object({
    performing: z.number(),
    toPost: count,
    posted: count,
    toRemove: count,
    removed: count,
    kept: count,
  }),
  items: z.array(recitalFeeRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type RecitalFeeOverview = z.infer<typeof recitalFeeOverview>;

export const recitalFeeRunResult = z.object({ msg: z.string(), posted: z.number(), removed: z.number() });
export type RecitalFeeRunResult = z.infer<typeof recitalFeeRunResult>;
