import type { FeeState, RecitalFeePer } from './fees-schema';

/**
 * Who pays the recital fee and what a posting run does (issue 38 item 3, decision 073), pure: the
 * service reads the performing dancers and the fee rows (under the family's lock when it writes) and
 * asks `planRecitalFees`.
 *
 * - A unit is a dancer (per dancer) or a family (per family: one fee when at least one of its dancers
 *   performs). A dancer's unit is the dancer in a family: a fee row of the family the dancer was in
 *   before a move is that family's unit, and performs no more (decision 110), as a posting run of that
 *   family has always judged it.
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
 * both would be a new string to hash for every dancer (the posting run's first look plans every dancer of
 * the recital, decision 104).
 */
class UnitMap<T> {
  private readonly families = new Map<string, Map<string, T>>();
  readonly values: T[] = [];
  get(familyId: string, studentId: string | null): T | undefined {
    return this.families.get(familyId)?.get(studentId ?? familyId);
  }
  add(familyId: string, studentId: string | null, value: T): void {
    let units = this.families.get(familyId);
    if (!units) {
      units = new Map();
      this.families.set(familyId, units);
    }
    units.set(studentId ?? familyId, value);
    this.values.push(value);
  }
}

/** A unit of the fee with its fee rows, as the walk gathers them. */
type UnitEntry = {
  familyId: string;
  studentId: string | null;
  live: FeeChargeRow | null;
  /** The unit's fee rows taken off, in the order read; null while there is none. */
  removed: FeeChargeRow[] | null;
};

type FeeInput = {
  recitalId: string;
  settings: FeeSettings;
  today: string;
  performing: readonly PerformingDancer[];
  charges: readonly FeeChargeRow[];
};

/**
 * What each unit is (the rule behind the plan and the totals, once). Units are those of the setting
 * (`per`) that perform, and every unit with a fee row (of either kind: a fee posted before the setting
 * changed is judged as its own kind, a per-dancer row by its dancer, a family's by its family). `visit`
 * is told each unit (with its rows taken off), its state, what is or would be on the bill, and the fee
 * row it concerns (the live one; for `removed`, the last taken off); a unit with nothing to say (not
 * performing, no fee row) is not visited. Entries are made once per unit and nothing else per
 * dancer: the posting run's first look walks every dancer of the recital (decision 104).
 */
function walkRecitalFees(
  a: FeeInput,
  visit: (unit: UnitEntry, state: FeeState, amount: number, charge: FeeChargeRow | null) => void,
): void {
  const dancers = new UnitMap<true>();
  const families = new Set<string>();
  const byUnit = new UnitMap<UnitEntry>();
  const entry = (familyId: string, studentId: string | null): UnitEntry => {
    let e = byUnit.get(familyId, studentId);
    if (!e) {
      e = { familyId, studentId, live: null, removed: null };
      byUnit.add(familyId, studentId, e);
    }
    return e;
  };
  const perFamily = a.settings.per === 'family';
  for (const d of a.performing) {
    dancers.add(d.familyId, d.studentId, true);
    families.add(d.familyId);
    entry(d.familyId, perFamily ? null : d.studentId);
  }
  for (const c of a.charges) {
    const e = entry(c.familyId, c.studentId);
    if (!c.removed) e.live = c;
    else if (e.removed) e.removed.push(c);
    else e.removed = [c];
  }
  const canRemove = feeRefundableOn(a.settings, a.today);
  for (const e of byUnit.values) {
    const performs =
      e.studentId === null ? families.has(e.familyId) : dancers.get(e.familyId, e.studentId) === true;
    if (e.live) {
      visit(e, performs ? 'posted' : canRemove ? 'to_remove' : 'kept', e.live.amount, e.live);
    } else if (performs && (e.studentId === null) === perFamily) {
      if (a.settings.amount > 0) visit(e, 'to_post', a.settings.amount, null);
    } else if (e.removed) {
      const last = e.removed[e.removed.length - 1]!;
      visit(e, 'removed', last.amount, last);
    }
  }
}

/** Each unit's state and what a run would do (`walkRecitalFees`), with the ledger key of a posting. */
export function planRecitalFees(a: FeeInput): FeeUnitPlan[] {
  const plans: FeeUnitPlan[] = [];
  // Each plan written out whole: a unit spread into a literal with more fields costs V8 a slow path for
  // every added field (decision 104).
  walkRecitalFees(a, (e, state, amount, charge) => {
    plans.push({
      familyId: e.familyId,
      studentId: e.studentId,
      state,
      amount,
      chargeId: charge?.id ?? null,
      key:
        state === 'to_post'
          ? recitalFeeKey(
              a.recitalId,
              { familyId: e.familyId, studentId: e.studentId },
              e.removed?.length ?? 0,
            )
          : null,
    });
  });
  return plans;
}

/** How many units are in each state, and what they come to: a plan's totals, without the plan. */
export type FeeTally = Record<FeeState, { count: number; amount: number }>;

/**
 * The totals of `planRecitalFees` (each state's units and amount), from the same walk without making a
 * plan or a key per unit: the reference the fee page's kept cells are held to (`tallyFromCells`,
 * decision 110).
 */
export function tallyRecitalFees(a: FeeInput): FeeTally {
  const out: FeeTally = {
    to_post: { count: 0, amount: 0 },
    posted: { count: 0, amount: 0 },
    to_remove: { count: 0, amount: 0 },
    removed: { count: 0, amount: 0 },
    kept: { count: 0, amount: 0 },
  };
  walkRecitalFees(a, (_, state, amount) => {
    const t = out[state];
    t.count += 1;
    t.amount += amount;
  });
  return out;
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

/**
 * A unit's cell, as the database counts the fee's units (decision 110, `recital_fee_cell` of migration
 * 0045): its kind (`d` a dancer, `f` a family), whether it performs (`1`, `0`), and its fee (`l` a live
 * row, `r` only rows taken off, `n` none).
 */
export type FeeCell = `${'d' | 'f'}${'1' | '0'}${'l' | 'r' | 'n'}`;

/** Each cell's units and amount (the live rows', or each unit's last taken off), as the database keeps them. */
export type FeeCells = Partial<Record<FeeCell, { units: number; amount: number }>>;

/**
 * The totals of `tallyRecitalFees` from the units counted by cell (decision 110), the settings and the
 * day applied as `walkRecitalFees` applies them: a live row is posted while its unit performs, else to
 * take off (or kept after the last day); a performing unit of the setting's kind without one is to post
 * while the fee is above 0; any other unit with rows taken off is removed. Also how many dancers perform
 * (the dancers' units that perform) and whether any fee is live.
 */
export function tallyFromCells(
  cells: FeeCells,
  settings: FeeSettings,
  today: string,
): { tally: FeeTally; performing: number; live: boolean } {
  const of = (c: FeeCell) => cells[c] ?? { units: 0, amount: 0 };
  const sum = (...cs: FeeCell[]) =>
    cs.reduce((t, c) => ({ count: t.count + of(c).units, amount: t.amount + of(c).amount }), {
      count: 0,
      amount: 0,
    });
  const per = settings.per === 'family' ? 'f' : 'd';
  const other = per === 'f' ? 'd' : 'f';
  const owed = sum(`${per}1r`, `${per}1n`);
  const leaving = sum('d0l', 'f0l');
  const none = { count: 0, amount: 0 };
  const tally: FeeTally = {
    to_post: settings.amount > 0 ? { count: owed.count, amount: owed.count * settings.amount } : none,
    posted: sum('d1l', 'f1l'),
    to_remove: feeRefundableOn(settings, today) ? leaving : none,
    removed: sum(`${per}0r`, `${other}0r`, `${other}1r`),
    kept: feeRefundableOn(settings, today) ? none : leaving,
  };
  return {
    tally,
    performing: sum('d1l', 'd1r', 'd1n').count,
    live: sum('d1l', 'd0l', 'f1l', 'f0l').count > 0,
  };
}
