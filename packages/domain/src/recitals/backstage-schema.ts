import { z } from 'zod';
import { optionalLine } from '../fields';
import { idSchema } from '../ids';
import { plausibleInstant } from './door-schema';

/**
 * Backstage (issue 38 item 6, decision 075): on a show's day a volunteer's phone lists each number of the
 * show in running order with its dancers, and signs each in and out; the family is told of each through
 * the outbox. Events carry their own id (`clientId`) and instant, so a phone offline sends them later and
 * one sent twice counts once.
 */

export const BACKSTAGE_TEXT = {
  saved: 'Saved.',
  nothingNew: 'Already saved.',
  sameEventTwice: 'The same sign-in was sent twice in one batch. Reload the backstage page and try again.',
  notInShow: 'Some sign-ins were not kept: their dancer does not dance in this show.',
  tooMany: 'At most 200 sign-ins can be sent at once.',
  noEvents: 'No sign-in was sent.',
  clientId: 'A sign-in needs its own id (8 to 64 letters, digits or dashes).',
  at: 'A sign-in needs the instant it was made (ISO 8601).',
  showNotFound: 'This show could not be found.',
} as const;

export const MAX_BACKSTAGE_EVENTS = 200;

export const backstageEvent = z.object({
  clientId: z
    .string({ error: BACKSTAGE_TEXT.clientId })
    .regex(/^[A-Za-z0-9-]{8,64}$/, BACKSTAGE_TEXT.clientId),
  studentId: idSchema,
  kind: z.enum(['in', 'out'], { error: 'A sign-in is in or out.' }),
  at: z.iso.datetime({ offset: true, error: BACKSTAGE_TEXT.at }).refine(plausibleInstant, BACKSTAGE_TEXT.at),
  pickedUpBy: optionalLine(80, 'Picked up by').optional(),
});
export type BackstageEvent = z.infer<typeof backstageEvent>;

export const backstageInput = z.object({
  events: z
    .array(backstageEvent)
    .min(1, BACKSTAGE_TEXT.noEvents)
    .max(MAX_BACKSTAGE_EVENTS, BACKSTAGE_TEXT.tooMany)
    .refine(
      (events) => new Set(events.map((e) => e.clientId)).size === events.length,
      BACKSTAGE_TEXT.sameEventTwice,
    ),
});
export type BackstageInput = z.infer<typeof backstageInput>;

export const backstageSaveResult = z.object({
  msg: z.string(),
  saved: z.array(z.string()),
  ignored: z.array(z.string()),
  refused: z.array(z.string()),
});
export type BackstageSaveResult = z.infer<typeof backstageSaveResult>;

/** A dancer's state backstage: not arrived, in (since), out (when, by whom, picked up by). */
export const backstageDancer = z.object({
  studentId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Allergies and medical notes the studio keeps (what a volunteer must know). */
  note: z.string(),
  state: z.enum(['waiting', 'in', 'out']),
  inAt: z.string().nullable(),
  outAt: z.string().nullable(),
  by: z.string().nullable(),
  pickedUpBy: z.string().nullable(),
});
export type BackstageDancer = z.infer<typeof backstageDancer>;

export const backstageNumber = z.object({
  id: z.string(),
  position: z.number().int(),
  name: z.string(),
  dancers: z.array(backstageDancer),
});
export type BackstageNumber = z.infer<typeof backstageNumber>;

export const backstagePage = z.object({
  show: z.object({
    id: z.string(),
    name: z.string(),
    day: z.string(),
    startsAt: z.string(),
    recital: z.string(),
  }),
  numbers: z.array(backstageNumber),
  counts: z.object({ expected: z.number().int(), in: z.number().int(), out: z.number().int() }),
});
export type BackstagePage = z.infer<typeof backstagePage>;
