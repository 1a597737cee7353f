import { z } from 'zod';
import { idSchema } from '../ids';

/**
 * The limits of card attempts (issue 31 item 3, decision 038): card testing, one family or one studio
 * trying card after card, is stopped before the processor is called. Counted over windows that slide by
 * the hour (by five minutes for the studio's), so "5 in 24 hours" holds at any moment.
 */
export type CardLimitRule = { limit: number; windowSeconds: number; bucketSeconds: number };

export const CARD_LIMITS = {
  /** Declined card payments a family (checkout), in 24 hours. */
  declines: { limit: 5, windowSeconds: 24 * 3600, bucketSeconds: 3600 },
  /** Cards a family adds (saved, or typed at checkout to be saved), in 24 hours. */
  cards: { limit: 5, windowSeconds: 24 * 3600, bucketSeconds: 3600 },
  /**
   * Declined checkouts of the whole studio in an hour: a brake on testing spread over many families
   * (a family signs up alone through the studio's public link). A studio's own parents decline a few
   * a day; thirty in an hour is an attack, and the brake lets go within the hour.
   */
  studio: { limit: 30, windowSeconds: 3600, bucketSeconds: 300 },
} as const satisfies Record<string, CardLimitRule>;

export type CardLimitKind = keyof typeof CARD_LIMITS;
export type CardLimits = Record<CardLimitKind, CardLimitRule>;
export const cardLimitKinds = ['declines', 'cards', 'studio'] as const satisfies readonly CardLimitKind[];

/** What the parent reads past a limit (429): nothing was sent to the processor. */
export const cardLimitMessages: Record<CardLimitKind, string> = {
  declines:
    'Your card was declined too many times today: for your security, card payments for your family are paused for 24 hours. Nothing was charged. Please contact the studio if you need to pay sooner.',
  cards:
    'Your family has added five cards in the last 24 hours, the most we accept: please try again tomorrow, or contact the studio.',
  studio:
    'Card payments at this studio are paused for a little while: too many cards were declined in the last hour. Nothing was charged. Please try again later.',
};

/** Which limit, as the owner's dashboard names it. */
export const cardLimitLabels: Record<CardLimitKind, string> = {
  declines: `${CARD_LIMITS.declines.limit} declined cards in 24 hours`,
  cards: `${CARD_LIMITS.cards.limit} cards added in 24 hours`,
  studio: `Studio-wide brake: ${CARD_LIMITS.studio.limit} declines in an hour`,
};

/** A family refused by a limit on one day: the owner's dashboard's row. */
export const cardLimitHit = z.object({
  coAcctMemID: idSchema,
  family: z.string(),
  kind: z.enum(cardLimitKinds),
  label: z.string(),
  /** When it was first and last refused that day (ISO instants), and how many times. */
  firstAt: z.string(),
  lastAt: z.string(),
  refused: z.number().int(),
});
export type CardLimitHit = z.infer<typeof cardLimitHit>;

export const cardLimitHitsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(10),
});

export const cardLimitHitsPage = z.object({
  items: z.array(cardLimitHit),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type CardLimitHitsPage = z.infer<typeof cardLimitHitsPage>;
