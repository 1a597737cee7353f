import {
  centsToDollars,
  type FamilyQuote,
  I_STATUS,
  type OwnerRegistrationInput,
  type ParentClassRegistrationInput,
  type RegistrationBuilder,
  registrationKey,
} from '@pirouette/domain';
import type { PlanPreview } from './quote';
import { countingRegistrations, pairOf, type Selection } from './selection';

type RegList = ParentClassRegistrationInput['regList'];

/**
 * regList as 001 §7 sends it: each new class (isNew), each of the family's counting registrations
 * kept (iStatus 10) or dropped (-1), every one with the price shown (Pr_f, dollars). The server prices
 * the same classes itself and refuses a difference.
 */
export function regListOf(builder: RegistrationBuilder, selection: Selection, quote: FamilyQuote): RegList {
  const finalPrice = new Map(quote.students.flatMap((s) => s.classes.map((c) => [c.key, c.Pr_f] as const)));
  const priceOf = (stdID: string, clSchID: string) =>
    centsToDollars(finalPrice.get(registrationKey(stdID, clSchID)) ?? 0);
  const added = [...selection.added].map((key) => {
    const { studentId, classId } = pairOf(key);
    return { stdID: studentId, clSchID: classId, isNew: true, price: priceOf(studentId, classId) };
  });
  const existing = countingRegistrations(builder).map((r) => {
    const dropping = selection.dropped.has(r.clRegID);
    return {
      stdID: r.stdID,
      clSchID: r.clSchID,
      clRegID: r.clRegID,
      isNew: false,
      iStatus: dropping ? I_STATUS.dropped : I_STATUS.registered,
      // A dropped class leaves the quote: it is sent at the price it had.
      price: dropping ? r.Pr_f : priceOf(r.stdID, r.clSchID),
    };
  });
  return [...added, ...existing].map((item, idx) => ({ idx, ...item }));
}

export type SubmitChoice = {
  /** The plan chosen, or the family's own. */
  plan: PlanPreview | null;
  /** coTermID → the version read and accepted. */
  accepted: ReadonlyMap<string, number>;
};

/** POST parents/registration/: the changes, the plan and its total, today's date and the terms read. */
export function submitBodyOf(
  builder: RegistrationBuilder,
  selection: Selection,
  quote: FamilyQuote,
  choice: SubmitChoice,
): ParentClassRegistrationInput {
  return {
    regList: regListOf(builder, selection, quote),
    tuitList: choice.plan
      ? { id: choice.plan.planId, total: centsToDollars(choice.plan.revision.total) }
      : null,
    regDate: builder.today,
    registration: centsToDollars(feeDue(builder, selection)),
    terms: builder.terms
      .filter((t) => choice.accepted.get(t.coTermID) === t.version)
      .map((t) => ({ coTermID: t.coTermID, accepted: true, version: t.version })),
  };
}

/**
 * The registration fee this change charges (cents): the studio's fee, once per family per term, with
 * the family's first classes of the term. The server charges it itself; the amount shown is sent only
 * for it to compare.
 */
export function feeDue(builder: RegistrationBuilder, selection: Selection): number {
  if (builder.feePaid || selection.added.size === 0) return 0;
  return Math.max(0, builder.rules.registrationFee.amount);
}

export type OwnerChoice = {
  plan: PlanPreview | null;
  /** The family (coAcctMemID). */
  aMemID: string;
  /** The effective date the owner chose. */
  dateStart: string;
  /** The owner read the warnings and registers anyway. */
  override: boolean;
};

/** POST mystudio/schedule/class/registration: the same regList, the plan, the family and the date. */
export function ownerSubmitBodyOf(
  builder: RegistrationBuilder,
  selection: Selection,
  quote: FamilyQuote,
  choice: OwnerChoice,
): OwnerRegistrationInput {
  return {
    regList: regListOf(builder, selection, quote),
    tuitList: choice.plan
      ? { id: choice.plan.planId, total: centsToDollars(choice.plan.revision.total) }
      : null,
    aMemID: choice.aMemID,
    dateStart: choice.dateStart,
    override: choice.override,
  };
}
