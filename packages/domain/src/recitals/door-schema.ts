import { z } from 'zod';
import { text } from '../fields';
import { idSchema } from '../ids';
import { SCAN_RESULT_CODES } from './door-rules';

/**
 * The door (issue 38 item 5, decision 075): a phone scans each ticket's code and the server marks it used,
 * once. A phone with a poor connection keeps its scans and sends them later, each with its own id
 * (`clientScanId`), so a scan sent twice counts once. No answer of the door holds money.
 */

export const DOOR_TEXT = {
  showNotFound: 'This show could not be found.',
  tooMany: 'At most 200 scans can be sent at once.',
  noScans: 'No scan was sent.',
  sameScanTwice: 'The same scan was sent twice in one batch. Reload the door page and try again.',
  clientScanId: 'A scan needs its own id (8 to 64 letters, digits or dashes).',
  scannedAt: 'A scan needs the instant it was made (ISO 8601).',
  code: 'A scan needs the code read from the ticket.',
} as const;

export const MAX_SCANS = 200;
/** The most tickets one show's list for the phone carries: the venue's most seats. */
export const MAX_DOOR_TICKETS = 5000;

/** An instant a phone may send: between 2000 and 2100 (a phone's clock is wrong sometimes, never by centuries). */
export const plausibleInstant = (s: string) => {
  const t = Date.parse(s);
  return t >= Date.UTC(2000, 0, 1) && t < Date.UTC(2100, 0, 1);
};

const clientId = z
  .string({ error: DOOR_TEXT.clientScanId })
  .regex(/^[A-Za-z0-9-]{8,64}$/, DOOR_TEXT.clientScanId);

export const scanInput = z.object({
  clientScanId: clientId,
  code: z.string({ error: DOOR_TEXT.code }).trim().min(1, DOOR_TEXT.code).max(300, DOOR_TEXT.code),
  scannedAt: z.iso
    .datetime({ offset: true, error: DOOR_TEXT.scannedAt })
    .refine(plausibleInstant, DOOR_TEXT.scannedAt),
  door: text(40, 'The door’s name'),
  /** Whether the scan waited on the phone (made offline). */
  offline: z.boolean().optional(),
});
export type ScanInput = z.infer<typeof scanInput>;

export const scansInput = z.object({
  scans: z
    .array(scanInput)
    .min(1, DOOR_TEXT.noScans)
    .max(MAX_SCANS, DOOR_TEXT.tooMany)
    .refine(
      (scans) => new Set(scans.map((s) => s.clientScanId)).size === scans.length,
      DOOR_TEXT.sameScanTwice,
    ),
});
export type ScansInput = z.infer<typeof scansInput>;

export const scanResultSchema = z.enum(SCAN_RESULT_CODES);

/** The ticket's first use: when (the scanning phone's time), at which door, by whom. */
export const firstUse = z.object({ at: z.string(), door: z.string(), by: z.string() });
export type FirstUse = z.infer<typeof firstUse>;

/** What the door answers for one scan. `usedTwice`: an offline scan the phone let in, that came second. */
export const scanAnswer = z.object({
  clientScanId: z.string(),
  result: scanResultSchema,
  msg: z.string(),
  code: z.string(),
  seat: z.string().nullable(),
  show: z.string().nullable(),
  holder: z.string().nullable(),
  firstUse: firstUse.nullable(),
  usedTwice: z.boolean(),
});
export type ScanAnswer = z.infer<typeof scanAnswer>;

export const scansResult = z.object({ results: z.array(scanAnswer) });
export type ScansResult = z.infer<typeof scansResult>;

/** A ticket of the show as the phone keeps it to check codes offline. */
export const doorTicket = z.object({
  code: z.string(),
  seat: z.string(),
  holder: z.string(),
  state: z.enum(['valid', 'used', 'refunded']),
  firstUse: firstUse.nullable(),
});
export type DoorTicket = z.infer<typeof doorTicket>;

export const doorScanItem = z.object({
  id: z.string(),
  result: scanResultSchema,
  door: z.string(),
  scannedAt: z.string(),
  seat: z.string().nullable(),
  holder: z.string().nullable(),
  offline: z.boolean(),
});

/** The door's page: the show, its counts, the latest scans, and its tickets for checking offline. */
export const doorPage = z.object({
  show: z.object({
    id: z.string(),
    name: z.string(),
    day: z.string(),
    startsAt: z.string(),
    doorsAt: z.string(),
    recital: z.string(),
  }),
  counts: z.object({ sold: z.number().int(), admitted: z.number().int(), left: z.number().int() }),
  recent: z.array(doorScanItem),
  tickets: z.array(doorTicket),
});
export type DoorPage = z.infer<typeof doorPage>;

export const showParams = z.object({ showId: idSchema });
