/**
 * What is paid of a charge, and of a plan payment (issue 31 item 5, decision 039): the one rule every
 * screen shows. A charge is paid by its net allocations; what is left to pay of it (`open`) is its total
 * less them, nothing for a credit (a negative total) or a removed charge. A plan payment (a due item,
 * decision 027) is the sum of the charges billing posted for it: what they charged (removed ones
 * included, as billing counts), what of that still stands (removed ones left out), and what of that is
 * open. The server reads the same figures in SQL (`apps/api/src/modules/ledger/paid.ts`), and its tests
 * hold every screen to this file.
 */

/** A charge as the rule sees it: its total, whether it was removed, its net allocations (cents). */
export type ChargePaidInput = { total: number; removed: boolean; paid: number };

/** Left to pay of a charge: 0 for a credit or a removed charge. */
export const chargeOpen = (c: ChargePaidInput): number => (c.removed || c.total <= 0 ? 0 : c.total - c.paid);

/** What a charge asks now: its total, nothing once it is removed. */
export const chargeStanding = (c: ChargePaidInput): number => (c.removed ? 0 : c.total);

/**
 * What is paid of one charge, as the competition and costume screens show it (cents): of what it asks
 * now, what is not open — a due item of this one charge (`dueItemPaid`). A removed charge or a credit
 * shows nothing paid.
 */
export const chargePaid = (c: ChargePaidInput): number => Math.max(0, chargeStanding(c) - chargeOpen(c));

/**
 * A due item's figures: what was charged for it (removed charges included), what of it still stands
 * (removed ones left out), and what of that is open (cents).
 */
export type DueStanding = { charged: number; standing: number; open: number };

/** A due item's figures from its charges. */
export function dueStandingOf(charges: readonly ChargePaidInput[]): DueStanding {
  let charged = 0;
  let standing = 0;
  let open = 0;
  for (const c of charges) {
    charged += c.total;
    if (!c.removed) standing += c.total;
    open += chargeOpen(c);
  }
  return { charged, standing, open };
}

/**
 * Billed: billing has nothing more to post for it. Its charges add up to the amount, or the owner
 * removed some and what stands is zero above it (a drop after the removal gives nothing more back,
 * decision 027).
 */
export const isDueItemBilled = (val: number, s: DueStanding): boolean =>
  s.charged === val || (s.charged > val && s.standing === 0 && s.charged > s.standing);

/** Paid (001 §3 isPayed): an amount of zero or less owes nothing; else billed with nothing open. */
export const isDueItemPaid = (val: number, s: DueStanding | undefined): boolean =>
  val <= 0 || (s !== undefined && isDueItemBilled(val, s) && s.open === 0);

/**
 * What is paid of a due item (cents): of what stands of it, what is no longer open. Never below zero (a
 * credit item, a removed charge: nothing was paid of it); paid + open = what stands, for a debt.
 */
export const dueItemPaid = (s: DueStanding | undefined): number =>
  s === undefined ? 0 : Math.max(0, s.standing - s.open);
