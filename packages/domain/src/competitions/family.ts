import { z } from 'zod';
import { defineCall } from '../contract';
import { idParams } from '../ids';

/**
 * A family's competition entries (issue 19 point 5, decision 034): each dancer's registrations grouped
 * by event — where and when, what is danced, the fee as it stands on the family's books and, once the
 * studio has set the event's running order, the dancer's places in it — for the owner's account
 * overview and the parent portal. Money in dollars at the API, as the ledger's calls.
 */

/** Where the event is held: the competition location's name and address. */
export const familyCompetitionLocation = z.object({
  name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
});
export type FamilyCompetitionLocation = z.infer<typeof familyCompetitionLocation>;

/** One registration line of a dancer: an entry of the event, with a dance number or a private lesson. */
export const familyCompetitionEntry = z.object({
  /** The registration line's id (its fee is the ledger charge `competition-fee:<id>`). */
  id: z.string(),
  entryID: z.string(),
  /** The entry's name: "Small Group", "Solo". */
  entry: z.string(),
  /** 002 §3: `cls` a class's dance number, `add` an add-on of a dance number, `prv` a private lesson. */
  type: z.enum(['cls', 'add', 'prv']),
  dncNumID: z.string().nullable(),
  privateID: z.string().nullable(),
  /** What is danced: the dance number's or the private lesson's name. */
  danced: z.string(),
  /** The fee standing on the family's bill and what is paid of it (0 when taken off the bill). */
  fee: z.number(),
  feePaid: z.number(),
  /** The paid flag as decision 032 reads the ledger: the fee stands and all of it is paid. */
  isPaid: z.boolean(),
  /** The performance's place in the event's running order (1 first), null while the studio has set none. */
  place: z.number().int().nullable(),
});
export type FamilyCompetitionEntry = z.infer<typeof familyCompetitionEntry>;

/** One event a dancer is entered in, with the dancer's entries there. */
export const familyCompetitionEvent = z.object({
  eventID: z.string(),
  /** The company and the event's type: "Starpower Talent Competition Regional". */
  name: z.string(),
  type: z.string(),
  company: z.string(),
  dateStart: z.string(),
  dateEnd: z.string(),
  /** Its last day is not before the studio's today. */
  upcoming: z.boolean(),
  location: familyCompetitionLocation,
  /** The studio has saved the event's running order: the entries' places are set. */
  runningOrder: z.boolean(),
  /** In the event's order of entries, then by what is danced. */
  entries: z.array(familyCompetitionEntry),
});
export type FamilyCompetitionEvent = z.infer<typeof familyCompetitionEvent>;

export const familyDancerCompetitions = z.object({
  studentID: z.string(),
  studentName: z.string(),
  /** The upcoming events by first day, then the past ones, the latest first. */
  events: z.array(familyCompetitionEvent),
});
export type FamilyDancerCompetitions = z.infer<typeof familyDancerCompetitions>;

/**
 * A fee that stays on the family's bill for a registration no longer there (taken off on or after the
 * event's first day, decision 032): the registration is gone, so what the ledger wrote of it is shown.
 */
export const familyCompetitionFeeKept = z.object({
  /** The registration line it was charged for. */
  id: z.string(),
  /** The bill's item: "Competition: Small Group — Anika". */
  item: z.string(),
  /** The charge's explanation: the event, entry, dance number and dancer. */
  detail: z.string(),
  /** The day it was charged. */
  chargedOn: z.string(),
  fee: z.number(),
  feePaid: z.number(),
  isPaid: z.boolean(),
});
export type FamilyCompetitionFeeKept = z.infer<typeof familyCompetitionFeeKept>;

export const familyCompetitionTotals = z.object({
  /** The dancers' registration lines. */
  entries: z.number().int(),
  /** The different events they are entered in, and how many of those are still to come. */
  events: z.number().int(),
  upcomingEvents: z.number().int(),
  /** The fees standing on the family's bill (kept ones too), what is paid of them, and what is open. */
  fees: z.number(),
  paid: z.number(),
  open: z.number(),
});
export type FamilyCompetitionTotals = z.infer<typeof familyCompetitionTotals>;

export const familyCompetitionsAnswer = z.object({
  coAcctMemID: z.string(),
  /** The studio's today, which says what is upcoming. */
  today: z.string(),
  /** The dancers entered in a competition, by first name. */
  dancers: z.array(familyDancerCompetitions),
  /** Fees kept for registrations taken off after their event began, the oldest first. */
  feesKept: z.array(familyCompetitionFeeKept),
  totals: familyCompetitionTotals,
});
export type FamilyCompetitionsAnswer = z.infer<typeof familyCompetitionsAnswer>;

const tags = ['competitions'];

/** A family's competition entries: the owner's on the account overview, the parent's own in the portal. */
export const familyCompetitionCalls = {
  ofFamily: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/competitions',
    params: idParams,
    answer: familyCompetitionsAnswer,
    access: 'owner',
    summary:
      "A family's competition entries by dancer and event (id: the family's coAcctMemID): where and when, what is danced, the fee with what is paid, the places in the running order",
    tags,
  }),
  parent: defineCall({
    method: 'GET',
    path: '/api/parents/competitions',
    answer: familyCompetitionsAnswer,
    access: 'parent',
    summary:
      "The parent's family's competition entries by dancer and event, with each fee and what is paid, and the places in the running order",
    tags,
  }),
};
