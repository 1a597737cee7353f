import { z } from 'zod';
import { compareDates, dateOnlySchema } from '../dates';
import { idSchema } from '../ids';
import { BANK_RETURN_GROUPS, RATE_STATUSES, RETURN_RATE_KINDS, type ReturnRateKind } from './returns';

/**
 * The owner's bank returns page (issue 37 item 2, decision 068): the studio's return rates over a period
 * against Nacha's thresholds, and the returns themselves with what followed each.
 */

/** The period the page shows when none is asked: the last 60 days, as Nacha measures. */
export const RETURN_RATES_DEFAULT_DAYS = 60;
/** The longest period asked at once. */
export const RETURN_RATES_MAX_DAYS = 366;

export const bankReturnsMessages = {
  period: 'The period must start on or before its end, and span at most a year.',
};

export const bankReturnsQuery = z
  .object({
    from: dateOnlySchema.optional(),
    to: dateOnlySchema.optional(),
    page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
    pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      (compareDates(q.from, q.to) <= 0 && compareDates(q.to, q.from) < RETURN_RATES_MAX_DAYS),
    { message: bankReturnsMessages.period, path: ['to'] },
  );

/** How each rate is named on the page. */
export const returnRateLabels: Record<ReturnRateKind, string> = {
  unauthorized: 'Unauthorized returns',
  administrative: 'Administrative returns',
  overall: 'All returns',
};

export const returnRate = z.object({
  kind: z.enum(RETURN_RATE_KINDS),
  count: z.number().int(),
  debits: z.number().int(),
  /** count ÷ debits in basis points (0.01 %), null without debits. */
  rateBps: z.number().int().nullable(),
  thresholdBps: z.number().int(),
  warnBps: z.number().int(),
  status: z.enum(RATE_STATUSES),
});

/** What followed a return. */
export const RETURN_FOLLOW_UPS = ['scheduled', 'represented', 'not_presented', 'new_method'] as const;
export type ReturnFollowUpKind = (typeof RETURN_FOLLOW_UPS)[number];

export const bankReturnItem = z.object({
  id: idSchema,
  coAcctMemID: idSchema,
  family: z.string(),
  returnedOn: dateOnlySchema,
  amount: z.number().int(),
  code: z.string(),
  group: z.enum(BANK_RETURN_GROUPS),
  /** The code in plain words. */
  reason: z.string(),
  /** Which presentment of the debit came back (1 the first debit). */
  presentment: z.number().int(),
  followUp: z.enum(RETURN_FOLLOW_UPS),
  /** What followed, in a sentence. */
  followUpText: z.string(),
});
export type BankReturnItem = z.infer<typeof bankReturnItem>;

export const bankReturnsPage = z.object({
  from: dateOnlySchema,
  to: dateOnlySchema,
  debits: z.number().int(),
  rates: z.array(returnRate),
  items: z.array(bankReturnItem),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type BankReturnsPage = z.infer<typeof bankReturnsPage>;
