/**
 * Scales prices so they add up to `cap` exactly (domain-rules.md §1, step 5): each share
 * `price × cap / total` is rounded down to the cent, and the cents still missing go one each to the
 * largest remainders, earlier entries first on ties. Integer arithmetic throughout, so the remainders
 * compare exactly.
 */
export function scaleToCap(
  prices: readonly number[],
  cap: number,
): { shares: number[]; extraCent: boolean[] } {
  const total = prices.reduce((sum, p) => sum + p, 0);
  if (total === 0) return { shares: prices.map(() => 0), extraCent: prices.map(() => false) };
  // Inputs are at most MAX_AMOUNT_CENTS, so `p × cap` stays far below 2^53 and `%` and `/` are exact.
  const remainders = prices.map((p) => (p * cap) % total);
  const floors = prices.map((p, i) => (p * cap - (remainders[i] ?? 0)) / total);
  let missing = cap - floors.reduce((sum, f) => sum + f, 0);
  const byRemainder = prices
    .map((_, i) => i)
    .sort((a, b) => (remainders[b] ?? 0) - (remainders[a] ?? 0) || a - b);
  const extraCent = prices.map(() => false);
  for (const i of byRemainder) {
    if (missing <= 0) break;
    extraCent[i] = true;
    missing -= 1;
  }
  return { shares: floors.map((f, i) => f + (extraCent[i] ? 1 : 0)), extraCent };
}
