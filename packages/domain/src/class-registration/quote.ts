import type { Weekday } from '../dates';
import { percentText, roundingText } from '../discounts/schema';
import { centsText, roundTo, sumCents } from '../money';
import { computeFamilyTuition } from '../tuition/compute-family-tuition';
import type { SiblingIndexMode, UnlimitedCap } from '../tuition/schema';
import type { DiscountStep } from '../tuition/types';
import { registrationKey } from './registration-key';

/**
 * A family's monthly tuition for a set of class registrations, with each price worked out in lines a
 * parent can check (domain-rules §1 and §5). The schedule builder calls it live as classes are picked;
 * the server calls it at submit and compares. Cents throughout.
 */

export type QuoteClass = {
  id: string;
  name: string;
  day: Weekday;
  /** The class's monthly price (its class tuition's price), cents. */
  basePrice: number;
  applyDiscount: boolean;
};

export type QuoteDiscount = {
  id: string;
  name: string;
  typeID: 100 | 200;
  vTypeID: 100 | 200;
  value: number;
  rValue: number;
};

export type QuoteInput = {
  /** The family's students, in any order; a student without classes costs nothing. */
  students: { id: string; name: string }[];
  /** Every class a registration below names. */
  classes: QuoteClass[];
  /** What the family takes: one entry per student and class. */
  registrations: { studentId: string; classId: string }[];
  /** In application order (inApplicationOrder). */
  discounts: QuoteDiscount[];
  unlimited: UnlimitedCap | null;
  siblingIndex: SiblingIndexMode;
};

/** One line of a price's working: the base, each discount, the cap. Amounts are signed cents. */
export type QuoteLine = { label: string; amount: number };

export type QuoteClassResult = {
  /** `studentId:classId`, the registration's key. */
  key: string;
  studentId: string;
  classId: string;
  name: string;
  day: Weekday;
  nTh: number;
  Pr_0: number;
  Pr_i: number;
  Pr_f: number;
  /** Base price first; the lines add up to `Pr_f`. */
  lines: QuoteLine[];
};

export type QuoteStudentResult = {
  id: string;
  name: string;
  position: number;
  total: number;
  unlimited: boolean;
  classes: QuoteClassResult[];
};

export type FamilyQuote = { total: number; students: QuoteStudentResult[] };

// In registration-key.ts, which the web's first screens import without the quote's rules (issue 20).
export { registrationKey } from './registration-key';

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st, 22nd. */
function ordinal(n: number) {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/**
 * The discount before rounding to its unit, rounded to the cent: when it differs from the price kept, the
 * rounding moved the amount, and the line says so, or a parent working out 10 % of $45.00 twice ($36.45)
 * could not find the $36.00 charged.
 */
function roundingMoved(step: DiscountStep) {
  const raw =
    step.vTypeID === 100
      ? step.before * (1 - step.value) ** step.index
      : step.before - step.value * step.index;
  return step.rValue > 1 && roundTo(raw, 1) !== step.after;
}

/**
 * "Sibling discount (2nd child, $10.00)", "Multi-class (3rd class, 10 % off, 2 times)": the discount's
 * name, where it applied, and its step.
 */
function discountLabel(d: QuoteDiscount | undefined, step: DiscountStep, at: number) {
  const { kind, index } = step;
  const fallback = kind === 'multiClass' ? 'Multi-class discount' : 'Sibling discount';
  const name = d?.name.trim() || fallback;
  const where = kind === 'multiClass' ? `${ordinal(at)} class` : `${ordinal(at)} child`;
  const rounded = `rounded to ${roundingText(step.rValue)}`;
  if (index === 0) return `${name} (${where}, ${rounded})`;
  const amount =
    step.vTypeID === 100
      ? `${percentText(step.value)} off${index > 1 ? `, ${index} times` : ''}`
      : `${centsText(step.value)}${index > 1 ? ` × ${index}` : ''}`;
  return `${name} (${where}, ${amount}${roundingMoved(step) ? `, ${rounded}` : ''})`;
}

/** The family's monthly tuition for `registrations`, explained per class. */
export function quoteFamily(input: QuoteInput): FamilyQuote {
  const classById = new Map(input.classes.map((c) => [c.id, c]));
  const names = new Map(input.students.map((s) => [s.id, s.name]));
  const byStudent = new Map<string, string[]>();
  for (const r of input.registrations) {
    if (!classById.has(r.classId)) throw new Error(`quoteFamily: class ${r.classId} not given`);
    const list = byStudent.get(r.studentId) ?? [];
    list.push(r.classId);
    byStudent.set(r.studentId, list);
  }
  const result = computeFamilyTuition({
    students: [...byStudent].map(([id, classIds]) => ({
      id,
      classes: classIds.map((classId) => {
        const cls = classById.get(classId)!;
        return { id: classId, basePrice: cls.basePrice, applyDiscount: cls.applyDiscount };
      }),
    })),
    discounts: input.discounts,
    unlimited: input.unlimited,
    siblingIndex: input.siblingIndex,
  });
  const students = result.students.map(
    (s): QuoteStudentResult => ({
      id: s.id,
      name: names.get(s.id) ?? '',
      position: s.position,
      total: s.total,
      unlimited: s.unlimited,
      classes: s.classes.map((c): QuoteClassResult => {
        const cls = classById.get(c.id)!;
        const lines: QuoteLine[] = [{ label: 'Monthly price', amount: c.Pr_0 }];
        for (const step of c.explain) {
          if (step.amount === 0) continue;
          if (step.kind === 'cap') {
            lines.push({
              label: `Unlimited: ${names.get(s.id) || 'this dancer'}'s classes capped at ${centsText(step.cap)} a month`,
              amount: -step.amount,
            });
          } else {
            const discount = input.discounts[step.discount];
            lines.push({
              label: discountLabel(discount, step, step.kind === 'multiClass' ? c.nTh : s.position + 1),
              amount: -step.amount,
            });
          }
        }
        return {
          key: registrationKey(s.id, c.id),
          studentId: s.id,
          classId: c.id,
          name: cls.name,
          day: cls.day,
          nTh: c.nTh,
          Pr_0: c.Pr_0,
          Pr_i: c.Pr_i,
          Pr_f: c.Pr_f,
          lines,
        };
      }),
    }),
  );
  // Students without classes still show, at zero, after the others.
  for (const st of input.students) {
    if (!byStudent.has(st.id)) {
      students.push({
        id: st.id,
        name: st.name,
        position: students.length,
        total: 0,
        unlimited: false,
        classes: [],
      });
    }
  }
  return { total: sumCents(students.map((s) => s.total)), students };
}

/** Every line of every class adds up to its final price (the invariant a parent relies on). */
export function linesAddUp(quote: FamilyQuote): boolean {
  return quote.students.every((s) =>
    s.classes.every((c) => sumCents(c.lines.map((l) => l.amount)) === c.Pr_f),
  );
}
