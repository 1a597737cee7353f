/**
 * Competition rules (issue 19; 002 §4, §5): an event's entries checked as one batch, the registration
 * screen's states and its `isReg` rules, and the quick-change clashes of an event's running order.
 * Money is whole cents.
 */

/** 002 §5: the whole batch of an event's entries is refused with this when any entry breaks a rule. */
export const ENTRY_BATCH_ERROR = 'Input Error: Please review entry input values, and try again.';

/** An entry of a competition event as the owner types it (002 §3 "Competition entry"). */
export type EntryValues = {
  name: string;
  /** What the studio pays the competition for the entry, per dancer (cents). */
  priceStudio: number;
  /** What the studio charges each dancer's family (cents). */
  priceCustomer: number;
  nDancersMin: number;
  nDancersMax: number;
};

/**
 * What is wrong with an entry, by the spec's batch rules (002 §5): a name under 2 characters, a dancer
 * limit of 0, a maximum below the minimum, a price of 0, a customer price below the studio's.
 */
export type EntryProblem = 'name' | 'dancersZero' | 'dancersOrder' | 'priceZero' | 'priceOrder';

export function entryProblems(e: EntryValues): EntryProblem[] {
  const problems: EntryProblem[] = [];
  if (e.name.trim().length < 2) problems.push('name');
  if (e.nDancersMin === 0 || e.nDancersMax === 0) problems.push('dancersZero');
  if (e.nDancersMax < e.nDancersMin) problems.push('dancersOrder');
  if (e.priceStudio === 0 || e.priceCustomer === 0) problems.push('priceZero');
  if (e.priceCustomer < e.priceStudio) problems.push('priceOrder');
  return problems;
}

/** The indexes of the entries that break a rule; an empty list is a batch that may be saved whole. */
export function badEntries(entries: readonly EntryValues[]): number[] {
  return entries.flatMap((e, i) => (entryProblems(e).length > 0 ? [i] : []));
}

/** 002 §4: a row of the registration screen is 0 not selected, 1 selected to register, 2 registered. */
export type RegState = 0 | 1 | 2;

/** A dance number's dancers for one entry: how many dance it, and how many of them are registered. */
export type NumberCount = { total: number; registered: number };

/**
 * 002 §4: "A dance number is registered when its registered student count equals its total." A number
 * nobody dances has nothing to register: it is never registered, and it does not hold its class back.
 */
export const numberRegistered = (n: NumberCount): boolean => n.total > 0 && n.registered === n.total;

/**
 * 002 §4: "a class is registered when all its dance numbers are" — of its numbers that have dancers; a
 * class with no dancer in any number has nothing to register.
 */
export function classRegistered(numbers: readonly NumberCount[]): boolean {
  const danced = numbers.filter((n) => n.total > 0);
  return danced.length > 0 && danced.every(numberRegistered);
}

/** 002 §4: "A private lesson is registered when the registered count equals the active count and is above zero." */
export const privateRegistered = (p: { active: number; registered: number }): boolean =>
  p.registered > 0 && p.registered === p.active;

/** The state a row shows: registered (2), else selected (1) or not (0). */
export const regState = (registered: boolean, selected: boolean): RegState =>
  registered ? 2 : selected ? 1 : 0;

/**
 * 002 §4: "Selecting a class toggles all its unregistered dance numbers." When every one of them is
 * selected already, they are all unselected; otherwise they are all selected. Registered numbers and
 * other classes' selections are never touched. Answers a new set.
 */
export function toggleClass(
  selected: ReadonlySet<string>,
  numbers: readonly { id: string; total: number; registered: number }[],
): Set<string> {
  const open = numbers.filter((n) => n.total > 0 && !numberRegistered(n)).map((n) => n.id);
  const next = new Set(selected);
  const all = open.length > 0 && open.every((id) => next.has(id));
  for (const id of open) {
    if (all) next.delete(id);
    else next.add(id);
  }
  return next;
}

/** An entry of an event's running order: its place is its index in the list. */
export type RunningEntry = { id: string; dancers: readonly string[] };

/** By default a dancer needs 3 entries between the starts of two of theirs (a studio setting). */
export const DEFAULT_QUICK_CHANGE_GAP = 3;

/** A dancer who dances two entries closer together than the studio allows: `apart` places apart. */
export type QuickChange = { dancer: string; first: string; second: string; apart: number };

/**
 * The quick-change clashes of a running order: each dancer's consecutive entries (the change happens
 * between one dance and their next) fewer than `gap` places apart. Ordered by the second entry's place,
 * then the dancer. A dancer named twice in one entry counts once.
 */
export function quickChanges(
  order: readonly RunningEntry[],
  gap: number = DEFAULT_QUICK_CHANGE_GAP,
): QuickChange[] {
  const last = new Map<string, number>();
  const out: QuickChange[] = [];
  order.forEach((entry, place) => {
    for (const dancer of [...new Set(entry.dancers)].sort()) {
      const before = last.get(dancer);
      if (before !== undefined && place - before < gap) {
        out.push({ dancer, first: order[before]!.id, second: entry.id, apart: place - before });
      }
      last.set(dancer, place);
    }
  });
  return out;
}

/** An entry's dancer limits (002 §3 `nDancersMin`, `nDancersMax`). */
export type DancerLimits = { min: number; max: number };

/**
 * The entry's dancer limits on one dance number or private lesson (decision 032): the dancers of that
 * number registered for the entry are none, or between the entry's minimum and maximum. Checked on the
 * count a registration or a removal would leave.
 */
export function dancersProblem(count: number, limits: DancerLimits): 'tooFew' | 'tooMany' | null {
  if (count === 0) return null;
  if (count < limits.min) return 'tooFew';
  if (count > limits.max) return 'tooMany';
  return null;
}
