import {
  type CompetitionPerformance,
  type CompetitionQuickChange,
  DEFAULT_QUICK_CHANGE_GAP,
  quickChanges,
} from '@pirouette/domain';

/**
 * The running order as the screen edits it (decision 033): the performances' keys in order, moved one
 * place at a time, and the clashes worked out again at once with the same rule the server applies.
 */

/** The order with the performance at `from` moved to `to` (both within the list). */
export function moved<T>(order: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= order.length || to >= order.length) return [...order];
  const next = [...order];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** The clashes of an order as the server would say them, with places from 1. */
export function clashesOf(
  order: readonly CompetitionPerformance[],
  gap: number = DEFAULT_QUICK_CHANGE_GAP,
): CompetitionQuickChange[] {
  const place = new Map(order.map((p, i) => [p.key, i + 1]));
  const names = new Map<string, string>();
  for (const p of order) for (const d of p.dancers) names.set(d.id, d.name);
  return quickChanges(
    order.map((p) => ({ id: p.key, dancers: p.dancers.map((d) => d.id) })),
    gap,
  ).map((c) => ({
    dancerId: c.dancer,
    dancer: names.get(c.dancer) ?? '',
    first: c.first,
    second: c.second,
    firstPlace: place.get(c.first)!,
    secondPlace: place.get(c.second)!,
    apart: c.apart,
  }));
}

/** "Ava Adams: Fever (#3) then Sing Sing Sing (#5), 2 apart — needs 3". */
export function clashText(c: CompetitionQuickChange, nameOf: (key: string) => string, gap: number): string {
  return `${c.dancer}: ${nameOf(c.first)} (#${c.firstPlace}) then ${nameOf(c.second)} (#${c.secondPlace}), ${c.apart} apart — needs ${gap}`;
}
