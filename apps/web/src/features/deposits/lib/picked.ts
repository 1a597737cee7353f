import type { UndepositedPayment } from '@pirouette/domain';

/**
 * What the owner has picked to deposit, across pages: the payments by id with their amounts, so the
 * total shown before confirming is the sum of what will be sent (the server adds it up again and
 * answers the deposit's own total).
 */
export type Picked = ReadonlyMap<string, UndepositedPayment>;

export const togglePicked = (picked: Picked, p: UndepositedPayment): Picked => {
  const next = new Map(picked);
  if (next.has(p.paymentID)) next.delete(p.paymentID);
  else next.set(p.paymentID, p);
  return next;
};

/** Every payment of the page picked, or (all of them picked already) none of the page. */
export const togglePage = (picked: Picked, page: readonly UndepositedPayment[]): Picked => {
  const next = new Map(picked);
  const all = page.length > 0 && page.every((p) => next.has(p.paymentID));
  for (const p of page) {
    if (all) next.delete(p.paymentID);
    else next.set(p.paymentID, p);
  }
  return next;
};

/** The picked payments' total in cents, and how many of each kind. */
export function pickedSummary(picked: Picked) {
  let total = 0;
  const counts = { cash: 0, check: 0, terminal: 0 };
  for (const p of picked.values()) {
    total += p.amount;
    counts[p.method] += 1;
  }
  return { total, count: picked.size, counts };
}
