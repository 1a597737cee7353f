import { z } from 'zod';
import { idSchema } from '../ids';
import { messages } from '../messages';

/**
 * The waitlist (issue 15 point 5; the spec has none): a full class offers "join the waitlist"; joining
 * charges nothing; when a place frees, the first waiting gets an offer that holds the place for the
 * studio's hours (24 by default), accepted from the portal in one step; an offer that expires or is
 * declined passes to the next. The owner sees each class's list, reorders it, offers a place by hand.
 */

export const WAITLIST_STATUSES = [
  'waiting',
  'offered',
  'accepted',
  'declined',
  'expired',
  'removed',
] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const waitlistMessages = {
  joined: (student: string, name: string) =>
    `${student} is on the waitlist for ${name}. We will e-mail you when a place opens.`,
  notFull: (name: string) => `${name} has places left: register for it instead.`,
  alreadyWaiting: (student: string, name: string) => `${student} is already on the waitlist for ${name}.`,
  alreadyRegistered: (student: string, name: string) => `${student} is already registered in ${name}.`,
  notFound: 'This waitlist entry could not be found.',
  notOffered: 'This place is no longer offered: the offer expired or was declined.',
  noPlace: (name: string) => `${name} has no place free to offer.`,
  notWaiting: 'Only a dancer still waiting can be offered a place.',
  accepted: (student: string, name: string) => `${student} is registered in ${name}. Welcome!`,
  declined: 'The place was passed to the next dancer on the waitlist.',
  left: (student: string, name: string) => `${student} left the waitlist for ${name}.`,
  removed: 'Removed from the waitlist.',
  offered: (student: string) => `${student} was offered the place.`,
  reordered: 'The waitlist order was saved.',
  orderIncomplete: 'Please list every dancer waiting, each once.',
} as const;

export const waitlistEntry = z.object({
  id: z.string(),
  clSchID: z.string(),
  className: z.string(),
  stdID: z.string(),
  student: z.string(),
  coAcctMemID: z.string(),
  family: z.string(),
  status: z.enum(WAITLIST_STATUSES),
  /** 1 for the first waiting; null once the entry is no longer waiting. */
  position: z.number().int().nullable(),
  /** When the offer was made and until when it holds the place (ISO instants). */
  offeredAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntry>;
export const waitlistEntries = z.array(waitlistEntry);

/** POST parents/registration/waitlist. */
export const joinWaitlistInput = z.object({
  stdID: z.string({ error: messages.insufficientData }).pipe(idSchema),
  clSchID: z.string({ error: messages.insufficientData }).pipe(idSchema),
});

/** POST parents/registration/waitlist/{id}/accept: the plan and terms when the family has none yet. */
export const acceptOfferInput = z
  .object({
    tuitList: z.object({ id: idSchema }).nullish(),
    terms: z
      .array(
        z.object({
          coTermID: idSchema,
          accepted: z.boolean(),
          version: z.number().int().positive().optional(),
        }),
      )
      .max(20)
      .optional(),
  })
  .nullish()
  .transform((v) => v ?? {});

/** PUT mystudio/schedule/class/{id}/waitlist/order: the waiting entries, first first. */
export const waitlistOrderInput = z.object({
  ids: z.array(idSchema).min(1, waitlistMessages.orderIncomplete).max(500),
});

export const waitlistEntryParams = z.object({ id: idSchema, entryId: idSchema });
