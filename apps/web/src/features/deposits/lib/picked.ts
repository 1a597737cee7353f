import { centsText, type UndepositedList, type UndepositedPayment } from '@pirouette/domain';

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

/** How the deposit is chosen: payments picked one by one, or every one received up to a day. */
export type Mode = 'pick' | 'upTo';

const kinds = (sums: { cash: number; check: number; terminal: number }) =>
  [
    sums.check > 0 && `checks ${centsText(sums.check)}`,
    sums.cash > 0 && `cash ${centsText(sums.cash)}`,
    sums.terminal > 0 && `terminal slips ${centsText(sums.terminal)}`,
  ]
    .filter(Boolean)
    .join(', ');

/** What the deposit will hold, from what is picked or from the sums of everything up to the day. */
export function draftOf(
  mode: Mode,
  picked: Picked,
  data: UndepositedList | undefined,
): { total: number; count: number; summary: string } | null {
  if (mode === 'pick') {
    const s = pickedSummary(picked);
    if (s.count === 0) return null;
    const byKind = { cash: 0, check: 0, terminal: 0 };
    for (const p of picked.values()) byKind[p.method] += p.amount;
    return { total: s.total, count: s.count, summary: kinds(byKind) };
  }
  if (!data || data.total === 0) return null;
  return { total: data.sums.all, count: data.total, summary: kinds(data.sums) };
}
