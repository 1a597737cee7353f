import { z } from 'zod';

/**
 * The recital's reports (issue 38 item 7, decision 076): tickets sold and comped per show and section,
 * income and processor fees, seats left, the families who bought, and the per-dancer sheet. Money in cents.
 */

export const RECITAL_REPORT_TEXT = {
  recitalNotFound: 'This recital could not be found.',
  badPage: 'Choose a page number from 1.',
} as const;

/** Families or dancers on one page of a report. */
export const RECITAL_REPORT_PAGE_SIZE = 50;

const pageNumber = z
  .union([
    z.number(),
    z
      .string()
      .trim()
      .regex(/^\d{1,6}$/, RECITAL_REPORT_TEXT.badPage)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1, RECITAL_REPORT_TEXT.badPage).max(100_000, RECITAL_REPORT_TEXT.badPage));

export const recitalReportPageQuery = z.object({ page: pageNumber.optional().default(1) });

/** One section of a show: its seats and what became of them. */
export const sectionFigures = z.object({
  section: z.string(),
  /** Seats that may be sold (not blocked). */
  seats: z.number(),
  /** Tickets sold at a price (adult, child). */
  sold: z.number(),
  /** Free tickets (comps). */
  comped: z.number(),
  /** Seats held by a buyer paying now. */
  held: z.number(),
  /** Seats not blocked, not held, not sold. */
  left: z.number(),
  /** What the sold tickets cost (cents), before refunds. */
  gross: z.number(),
});
export type SectionFigures = z.infer<typeof sectionFigures>;

export const moneyFigures = z.object({
  /** Paid orders' totals (cents). */
  gross: z.number(),
  refunds: z.number(),
  net: z.number(),
  /** The processor's fees of paid-out transfers. */
  feesActual: z.number(),
  /** CARD_COST's estimate for card orders not paid out yet. */
  feesEstimated: z.number(),
  /** Orders whose fee is an estimate. */
  estimatedOrders: z.number(),
});
export type MoneyFigures = z.infer<typeof moneyFigures>;

export const showFigures = z.object({
  showId: z.string(),
  name: z.string(),
  day: z.string(),
  startsAt: z.string(),
  sections: z.array(sectionFigures),
  totals: sectionFigures.omit({ section: true }),
  money: moneyFigures,
  orders: z.number(),
});
export type ShowFigures = z.infer<typeof showFigures>;

export const recitalReportSummary = z.object({
  recital: z.object({ id: z.string(), name: z.string(), firstDay: z.string(), lastDay: z.string() }),
  shows: z.array(showFigures),
  money: moneyFigures,
});
export type RecitalReportSummary = z.infer<typeof recitalReportSummary>;

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/** A family who bought: its paid orders, their tickets, what it paid (net of refunds). */
export const recitalBuyerRow = z.object({
  familyId: z.string(),
  family: z.string(),
  orders: z.number(),
  tickets: z.number(),
  amount: z.number(),
});
export type RecitalBuyerRow = z.infer<typeof recitalBuyerRow>;
export const recitalBuyers = pageOf(recitalBuyerRow);
export type RecitalBuyers = z.infer<typeof recitalBuyers>;

/** A dancer of the recital: each number danced, its show, and its place in the show's running order (1 first). */
export const recitalDancerRow = z.object({
  studentId: z.string(),
  dancer: z.string(),
  family: z.string(),
  numbers: z.array(
    z.object({
      showId: z.string(),
      show: z.string(),
      day: z.string(),
      startsAt: z.string(),
      number: z.string(),
      place: z.number(),
    }),
  ),
});
export type RecitalDancerRow = z.infer<typeof recitalDancerRow>;
export const recitalDancers = pageOf(recitalDancerRow);
export type RecitalDancers = z.infer<typeof recitalDancers>;
