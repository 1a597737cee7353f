import { z } from 'zod';
import { defineCall } from '../contract';
import { idParams } from '../ids';

/**
 * A family's costumes (issue 18 point 5, decision 030): each dancer's costumes with what they cost the
 * family and where they are — assigned, ordered, arrived — for the owner's account overview and the
 * parent portal. Money in dollars at the API, as the ledger's calls.
 */

/** One costume of a dancer: live, or taken from the dancer with a charge still on the family's bill. */
export const familyCostume = z.object({
  /** The spec's costumeAssignedID. */
  id: z.string(),
  dncNumID: z.string(),
  danceNumber: z.string(),
  costumeID: z.string(),
  styleNumber: z.string(),
  styleName: z.string(),
  /** The costume company's name. */
  company: z.string(),
  size: z.string(),
  color: z.string(),
  /** What the dancer is charged for it (dollars). */
  price: z.number(),
  /** The deposit standing on the family's bill and what is paid of it (0 when none, or taken off). */
  deposit: z.number(),
  depositPaid: z.number(),
  /** The balance (price less deposit) posted when the costume was ordered, and what is paid of it. */
  balance: z.number(),
  balancePaid: z.number(),
  /** What is still to be charged: the balance of a live costume not ordered yet. */
  later: z.number(),
  /** The placed order it is in; null while not ordered (a costume in a cart is not ordered yet). */
  ordered: z.object({ orderID: z.string(), name: z.string(), orderedOn: z.string() }).nullable(),
  /** The day it arrived at the studio, null while not. */
  receivedOn: z.string().nullable(),
  /** Taken from the dancer; listed while a charge of it stays on the family's bill. */
  removed: z.boolean(),
});
export type FamilyCostume = z.infer<typeof familyCostume>;

export const familyDancerCostumes = z.object({
  studentID: z.string(),
  studentName: z.string(),
  /** By dance number, then style. */
  costumes: z.array(familyCostume),
});
export type FamilyDancerCostumes = z.infer<typeof familyDancerCostumes>;

export const familyCostumeTotals = z.object({
  /** How many costumes the dancers have (removed ones not counted). */
  costumes: z.number().int(),
  /** The prices of the costumes the dancers have. */
  price: z.number(),
  deposit: z.number(),
  depositPaid: z.number(),
  balance: z.number(),
  balancePaid: z.number(),
  /** Charged and not yet paid: deposits and balances. */
  open: z.number(),
  later: z.number(),
});
export type FamilyCostumeTotals = z.infer<typeof familyCostumeTotals>;

export const familyCostumesAnswer = z.object({
  coAcctMemID: z.string(),
  /** The dancers who have a costume (or a removed one still charged), by first name. */
  dancers: z.array(familyDancerCostumes),
  totals: familyCostumeTotals,
});
export type FamilyCostumesAnswer = z.infer<typeof familyCostumesAnswer>;

const tags = ['costumes'];

/** A family's costumes: the owner's on the account overview, the parent's own in the portal. */
export const familyCostumeCalls = {
  ofFamily: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/costumes',
    params: idParams,
    answer: familyCostumesAnswer,
    access: 'owner',
    summary:
      "A family's costumes by dancer (id: the family's coAcctMemID): size, colour, price, deposit and balance with what is paid, ordered, arrived",
    tags,
  }),
  parent: defineCall({
    method: 'GET',
    path: '/api/parents/costumes',
    answer: familyCostumesAnswer,
    access: 'parent',
    summary: "The parent's family's costumes by dancer, with what is charged and paid, ordered and arrived",
    tags,
  }),
};
