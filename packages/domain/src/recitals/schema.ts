import { z } from 'zod';

/**
 * The recital (issue 38, decision 072): what every recital screen shares — a recital with its shows, as
 * the recital picker lists them. Each part of the recital (shows and running order, fees, seating and
 * tickets, the door and backstage, reports) keeps its own schemas beside this file.
 */

/** How long seats are held while a buyer pays (issue 38 item 4). */
export const TICKET_HOLD_MINUTES = 10;

/** A show as every recital screen names it. */
export const recitalShowItem = z.object({
  id: z.string(),
  name: z.string(),
  /** YYYY-MM-DD, the studio's day. */
  day: z.string(),
  /** "HH:MM", the studio's wall clock. */
  startsAt: z.string(),
  doorsAt: z.string(),
});
export type RecitalShowItem = z.infer<typeof recitalShowItem>;

/** A recital with its shows, by day and curtain. */
export const recitalSummary = z.object({
  id: z.string(),
  name: z.string(),
  venueName: z.string(),
  firstDay: z.string(),
  lastDay: z.string(),
  archived: z.boolean(),
  shows: z.array(recitalShowItem),
  /** The secret of the public sales link (`/tickets/<token>`): the owner's to share; null for a teacher. */
  publicToken: z.string().nullable(),
});
export type RecitalSummary = z.infer<typeof recitalSummary>;

/** The studio's recitals, the coming and the latest first (not archived ones unless asked). */
export const recitalList = z.object({ recitals: z.array(recitalSummary) });
export type RecitalList = z.infer<typeof recitalList>;

export const recitalListQuery = z.object({ all: z.enum(['0', '1']).optional() });
