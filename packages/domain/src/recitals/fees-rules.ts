import type { FeeState, RecitalFeePer } from './fees-schema';

/**
 * Who pays the recital fee and what a posting run does (issue 38 item 3, decision 073), pure: the
 * service reads the performing dancers and the fee rows (under the family's lock when it writes) and
 * asks `planRecitalFees`.
 *
 * - A unit is a dancer (per dancer) or a family (per family: one fee when at least one of its dancers
 *   performs).
 * - A performing unit without a live fee row: to post.
 * - A live fee row whose unit no longer performs: taken off when today is on or before the fee's last
 *   day (`refundableUntil`), kept after it (and kept when there is no such day).
 * - A unit that left and had its fee taken off, then came back: posted again, under a new key.
 */

export type FeeSettings = {
  amount: number;
  per: RecitalFeePer;
  /** YYYY-MM-DD; null: once posted, the fee stays. */
  refundableUntil: string | null;
};

export type PerformingDancer = { studentId: string; familyId: string };

export type FeeChargeRow = {
  id: string;
  familyId: string;
  /** Null for a per-family fee. */
  studentId: string | null;
  amount: number;
  removed: boolean;
};

/** A unit of the fee: a dancer, or a family (studentId null). */
export type FeeUnit = { familyId: string; studentId: string | null };

export type FeeUnitPlan = FeeUnit & {
  state: FeeState;
  /** What is (or would be) on the bill, cents. */
  amount: number;
  /** The live fee row (posted, to take off, kept); for `removed`, the last one taken off. */
  chargeId: string | null;
  /** The ledger key a posting uses: the first `recital-fee:<recital>:<unit>`, a later one `…:<n>`. */
  key: string | null;
};

export const feeUnitKey = (u: FeeUnit): string => u.studentId ?? u.familyId;

/** The ledger key of a unit's fee, its first posting without a suffix (`recital-fee:<recital>:<unit>`). */
export function recitalFeeKey(recitalId: string, unit: FeeUnit, earlierRemoved: number): string {
  const base = `recital-fee:${recitalId}:${feeUnitKey(unit)}`;
  return earlierRemoved === 0 ? base : `${base}:${earlierRemoved + 1}`;
}

/** May the fee be taken off today? On or before its last day; never without one. */
export const feeRefundableOn = (settings: Pick<FeeSettings, 'refundableUntil'>, today: string): boolean =>
  settings.refundableUntil !== null && today <= settings.refundableUntil;

/**
 * Units by family, then by unit key (`feeUnitKey`): two lookups of the ids as read, where one key made of
 * both would be a new string to hash for every dancer (a recital's totals plan every dancer, decision 104).
 */
class UnitMap<T> {
  private readonly families = new Map<string, Map<string, T>>();
  readonly values: T[] = [];
  get(u: FeeUnit): T | undefined {
    return this.families.get(u.familyId)?.get(feeUnitKey(u));
  }
  add(u: FeeUnit, value: T): void {
    let units = this.families.get(u.familyId);
    if (!units) {
      units = new Map();
      this.families.set(u.familyId, units);
    }
    units.set(feeUnitKey(u), value);
    this.values.push(value);
  }
}

/** The units that perform: each dancer, or each family with a dancer (deduplicated, in first-seen order). */
export function feeUnits(per: RecitalFeePer, dancers: readonly PerformingDancer[]): FeeUnit[] {
  const seen = new UnitMap<FeeUnit>();
  for (const d of dancers) {
    const unit: FeeUnit =
      per === 'dancer'
        ? { familyId: d.familyId, studentId: d.studentId }
        : { familyId: d.familyId, studentId: null };
    if (!seen.get(unit)) seen.add(unit, unit);
  }
  return seen.values;
}

/**
 * Each unit's state and what a run would do. Units are those of the setting (`per`) that perform, and
 * every unit with a fee row (of either kind: a fee posted before the setting changed is judged as its
 * own kind, a per-dancer row by its dancer, a family's by its family).
 */
export function planRecitalFees(a: {
  recitalId: string;
  settings: FeeSettings;
  today: string;
  performing: readonly PerformingDancer[];
  charges: readonly FeeChargeRow[];
}): FeeUnitPlan[] {
  const dancers = new Set(a.performing.map((d) => d.studentId));
  const families = new Set(a.performing.map((d) => d.familyId));
  const stillIn = (u: FeeUnit) =>
    u.studentId === null ? families.has(u.familyId) : dancers.has(u.studentId);
  type Entry = { unit: FeeUnit; live: FeeChargeRow | null; removed: FeeChargeRow[] };
  const byUnit = new UnitMap<Entry>();
  const entry = (unit: FeeUnit) => {
    let e = byUnit.get(unit);
    if (!e) {
      e = { unit, live: null, removed: [] };
      byUnit.add(unit, e);
    }
    return e;
  };
  for (const u of feeUnits(a.settings.per, a.performing)) entry(u);
  for (const c of a.charges) {
    const e = entry({ familyId: c.familyId, studentId: c.studentId });
    if (c.removed) e.removed.push(c);
    else e.live = c;
  }
  const canRemove = feeRefundableOn(a.settings, a.today);
  // Each plan written out whole: a unit spread into a literal with more fields costs V8 a slow path
  // for every added field (decision 104).
  const plan = (
    unit: FeeUnit,
    state: FeeState,
    amount: number,
    chargeId: string | null,
    key: string | null,
  ) => ({
    familyId: unit.familyId,
    studentId: unit.studentId,
    state,
    amount,
    chargeId,
    key,
  });
  const plans: FeeUnitPlan[] = [];
  for (const { unit, live, removed } of byUnit.values) {
    const performs = stillIn(unit);
    if (live) {
      const state: FeeState = performs ? 'posted' : canRemove ? 'to_remove' : 'kept';
      plans.push(plan(unit, state, live.amount, live.id, null));
    } else if (performs && (unit.studentId === null) === (a.settings.per === 'family')) {
      if (a.settings.amount <= 0) continue;
      const key = recitalFeeKey(a.recitalId, unit, removed.length);
      plans.push(plan(unit, 'to_post', a.settings.amount, null, key));
    } else if (removed.length > 0) {
      const last = removed[removed.length - 1]!;
      plans.push(plan(unit, 'removed', last.amount, last.id, null));
    }
  }
  return plans;
}

/** What a unit leaves on the family's bill: a live fee (posted, or kept after the date). */
export const feeOnTheBill = (p: FeeUnitPlan): boolean => p.state === 'posted' || p.state === 'kept';

/**
 * The plan once run: what each unit's state becomes after the run posts its `to_post` and takes off its
 * `to_remove` (for the property tests and the page's preview).
 */
export function feesAfterRun(plans: readonly FeeUnitPlan[]): FeeUnitPlan[] {
  return plans.map((p) =>
    p.state === 'to_post'
      ? { ...p, state: 'posted' }
      : p.state === 'to_remove'
        ? { ...p, state: 'removed' }
        : p,
  );
}
