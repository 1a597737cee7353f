import { compareDates, type DateOnly } from '../dates-core';
import { usDate } from '../ledger/opening-balance';
import { sumCents } from '../money-core';
import type { Revision } from './plan-revision';

/**
 * Enrolments brought by an import (issue 35 item 4, decision 056): the dancers who dance in the old
 * system's classes are registered approved and active, with no approval step, no registration fee (the
 * family paid it at the old studio) and no mail. Each family's plan starts on the import's day; the
 * payment period in progress that day was billed by the old system (its balance is the opening
 * balance), so it is worth $0 here, and the plan charges from the next period on. The pure rules: each
 * row's fate for the dry run, and the imported plan.
 */

export const IMPORT_ENROLMENT_TEXT = {
  already: (className: string) => `Already in ${className}: nothing changes.`,
  dropped: (className: string) =>
    `Dropped from ${className} in Pirouette: restore the class from the family's page if the dancer still takes it.`,
  twice: (file: string, row: number) =>
    `The same dancer and class are in this import already (${file}, row ${row}).`,
  overPlaces: (className: string, places: number, dancers: number) =>
    `${className} takes ${places} dancers and will have ${dancers}: the old system's enrolments are who dances, so the dancer is registered over its places.`,
  otherTerm: (className: string) => `${className} is a class of another term than the one this import fills.`,
  noPlan: (term: string) =>
    `${term} has no payment plan: add one under Tuition before importing enrolments, so the families have a plan to pay by.`,
  /** The plan revision's reason. */
  reason: 'Classes brought from the old system',
  /** The family term's $0 registration fee (shown as its participation). */
  feePaid: 'paid before the move',
  registers: (className: string) => `Registered in ${className}, approved, from the import's day.`,
  inProgress: (asOf: DateOnly) =>
    `Billed by the old system: the plan starts here on ${usDate(asOf)}, from the next payment on`,
} as const;

export type ImportedEnrolmentFate = {
  fate: 'new' | 'matched' | 'skipped' | 'refused';
  code: 'new' | 'overPlaces' | 'already' | 'dropped' | 'twice' | 'otherTerm' | 'noPlan';
  sentence: string;
};

export type ImportedEnrolmentRow = {
  file: string;
  row: number;
  /** The dancer: its id, or the import's key for a dancer new in it. */
  dancer: string;
  /** The class: its id, or the import's key for a class new in it. */
  classKey: string;
};

export type ImportedClass = {
  name: string;
  /** The most dancers it takes. */
  places: number;
  /** Registrations that count already (pending ones included). */
  taken: number;
  /** In the term the import fills. */
  inTerm: boolean;
};

/**
 * Each row's fate, in order: refused when the term has no plan, the class is another term's; skipped
 * when the same pair came earlier in the import or the dancer was dropped from the class here; matched
 * when registered already; else new, saying so when the class goes over its places (accepted).
 * `registered` maps `<dancer>|<class>` to whether the registration counts (false: dropped).
 */
export function judgeImportedEnrolments(
  rows: readonly ImportedEnrolmentRow[],
  ctx: {
    term: string;
    hasPlan: boolean;
    classes: ReadonlyMap<string, ImportedClass>;
    registered: ReadonlyMap<string, boolean>;
  },
): ImportedEnrolmentFate[] {
  const seen = new Map<string, ImportedEnrolmentRow>();
  const added = new Map<string, number>();
  return rows.map((r): ImportedEnrolmentFate => {
    const cls = ctx.classes.get(r.classKey) ?? { name: 'This class', places: 0, taken: 0, inTerm: true };
    if (!ctx.hasPlan)
      return { fate: 'refused', code: 'noPlan', sentence: IMPORT_ENROLMENT_TEXT.noPlan(ctx.term) };
    if (!cls.inTerm)
      return { fate: 'refused', code: 'otherTerm', sentence: IMPORT_ENROLMENT_TEXT.otherTerm(cls.name) };
    const pair = `${r.dancer}|${r.classKey}`;
    const earlier = seen.get(pair);
    if (earlier)
      return {
        fate: 'skipped',
        code: 'twice',
        sentence: IMPORT_ENROLMENT_TEXT.twice(earlier.file, earlier.row),
      };
    seen.set(pair, r);
    const counts = ctx.registered.get(pair);
    if (counts === true)
      return { fate: 'matched', code: 'already', sentence: IMPORT_ENROLMENT_TEXT.already(cls.name) };
    if (counts === false)
      return { fate: 'skipped', code: 'dropped', sentence: IMPORT_ENROLMENT_TEXT.dropped(cls.name) };
    const dancers = cls.taken + (added.get(r.classKey) ?? 0) + 1;
    added.set(r.classKey, (added.get(r.classKey) ?? 0) + 1);
    return dancers > cls.places
      ? {
          fate: 'new',
          code: 'overPlaces',
          sentence: IMPORT_ENROLMENT_TEXT.overPlaces(cls.name, cls.places, dancers),
        }
      : { fate: 'new', code: 'new', sentence: IMPORT_ENROLMENT_TEXT.registers(cls.name) };
  });
}

/**
 * The first revision of an imported family's plan: the plan's schedule from the import's day
 * (`reviseFamilyPlan` with no previous revision), with the payment of the period in progress that day
 * worth $0 (the old system billed it). Nothing is due before the day: completed periods are $0 already
 * and the period in progress is now; the periods after are the plan's, as for any family.
 */
export function importedPlan(first: Revision, asOf: DateOnly): Revision {
  const payments = first.payments.map((p) => {
    const billedThere = p.kind === 'plan' && p.period === 'inProgress';
    const before = compareDates(p.dateDue, asOf) < 0;
    if (!billedThere && !before) return p;
    return {
      ...p,
      val: 0,
      xPlanFinal: 0,
      isRelivent: false,
      lines: [{ label: IMPORT_ENROLMENT_TEXT.inProgress(asOf), amount: 0 }],
    };
  });
  return { ...first, payments, total: sumCents(payments.map((p) => p.val)) };
}
