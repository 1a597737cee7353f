import {
  type DiscountItem,
  type FamilyQuote,
  inApplicationOrder,
  type PaymentSystem,
  type PlanClass,
  type PlanPayment,
  priceNote,
  quoteFamily,
  readMoneySettings,
  registrationLabel,
  type StudioMoneySettings,
  unlimitedCapOf,
  type Weekday,
} from '@pirouette/domain';
import { type BatchOf, preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import type { IdRef } from '../../db/rows';
import { currentTermId, currentTermRead } from '../../kernel/current-term';
import { presentDiscount } from '../discounts';
import { listPlans, listTermOptions, presentPaymentSystem } from '../payment-system';
import {
  type FamilyRegistrationRow,
  type PlanPaymentRow,
  type StudentRow,
  studioDiscounts,
  studioMoneyAndZoneRead,
} from './enrolment.queries';

/** What pricing a family in a term reads from the studio: its discounts, settings and the term's plans. */
export type PricingRules = {
  discounts: DiscountItem[];
  settings: StudioMoneySettings;
  timeZone: string;
  paySys: PaymentSystem;
};

/** What loadPricingRules reads, as reads for a batch (db/batch.ts) of the caller's, or its own. */
export function pricingReads(db: Db, companyId: string, yearTermId: IdRef) {
  return {
    discounts: studioDiscounts(db, companyId),
    studio: studioMoneyAndZoneRead(db, companyId),
    plans: listPlans(db, companyId, yearTermId),
    options: listTermOptions(db, companyId, yearTermId),
  };
}

/** The pricing rules out of pricingReads' answers. */
export function pricingRulesOf(read: Awaited<BatchOf<ReturnType<typeof pricingReads>>>): PricingRules {
  const [studio] = read.studio;
  return {
    discounts: inApplicationOrder(read.discounts.map(presentDiscount)),
    settings: readMoneySettings(studio?.moneySettings ?? {}),
    timeZone: studio?.timeZone ?? 'America/New_York',
    paySys: presentPaymentSystem(read.plans, read.options),
  };
}

/** The studio's discounts and settings and the term's plans, in one round trip (inside transactions too). */
export async function loadPricingRules(db: Db, companyId: string, yearTermId: string): Promise<PricingRules> {
  return pricingRulesOf(await pricingRead(db, { companyId, yearTermId }));
}
const pricingRead = preparedBatch(['companyId', 'yearTermId'], (db, p) =>
  pricingReads(db, p.companyId, p.yearTermId),
);

/**
 * The studio's current term and its pricing rules, as a batch's reads: the rules reach the term by a
 * subquery. A class change reads them in the statement that locks the family (decision 099).
 */
export function termAndRulesReads(db: Db, companyId: string) {
  return {
    term: currentTermRead(db, companyId),
    ...pricingReads(db, companyId, currentTermId(db, companyId)),
  };
}

/** The term (null when the studio has none) and the rules, from termAndRulesReads' rows. */
export function termAndRulesOf(read: Awaited<BatchOf<ReturnType<typeof termAndRulesReads>>>) {
  const { term, ...rules } = read;
  return { term: term[0] ?? null, rules: pricingRulesOf(rules) };
}

/** "Jazz 1 (Emma)": how a registration is named in a payment's working (the planner's own rule). */
export { registrationLabel };

/**
 * The family's monthly tuition over `registrations` (each a registration row of the family, or a class
 * about to be registered), by the same rule the schedule builder shows.
 */
export function quoteRegistrations(
  rules: PricingRules,
  students: StudentRow[],
  registrations: {
    studentId: string;
    classId: string;
    className: string;
    day: number;
    price: number;
    applyDiscount: boolean;
  }[],
): FamilyQuote {
  const classes = new Map<
    string,
    { id: string; name: string; day: Weekday; basePrice: number; applyDiscount: boolean }
  >();
  for (const r of registrations) {
    classes.set(r.classId, {
      id: r.classId,
      name: r.className,
      day: r.day as Weekday,
      basePrice: r.price,
      applyDiscount: r.applyDiscount,
    });
  }
  return quoteFamily({
    students: students.map((s) => ({ id: s.id, name: s.firstName })),
    classes: [...classes.values()],
    registrations: registrations.map((r) => ({ studentId: r.studentId, classId: r.classId })),
    discounts: rules.discounts,
    unlimited: unlimitedCapOf(rules.settings.unlimited),
    siblingIndex: rules.settings.siblingIndex,
  });
}

/** A registration row as the pricing input names it. */
export const pricedRow = (r: FamilyRegistrationRow) => ({
  studentId: r.studentId,
  classId: r.classId,
  className: r.className,
  day: r.day,
  price: r.price,
  applyDiscount: r.applyDiscount,
});

/** A stored plan payment as the revision rule takes it. */
export function planPaymentOf(row: PlanPaymentRow): PlanPayment {
  return {
    optionId: row.optionId,
    kind: row.kind,
    name: row.name,
    dateStart: row.dateStart,
    dateEnd: row.dateEnd,
    dateDue: row.dateDue,
    period: row.period,
    xPlanFinal: Number(row.xPlanFinal),
    val: row.val,
    isRelivent: row.isRelivent === 1,
    lines: row.lines,
    carried: row.changed === 0,
  };
}

/** The plan's view of the quote: one class per registration key, at its final price. */
export function planClassesOf(
  quote: FamilyQuote,
  keyOf: (studentId: string, classId: string) => string,
  label: (studentId: string, classId: string) => string,
): PlanClass[] {
  return quote.students.flatMap((s) =>
    s.classes.map((c) => ({
      key: keyOf(s.id, c.classId),
      label: label(s.id, c.classId),
      day: c.day,
      price: c.Pr_f,
      ...priceNote(c.lines),
    })),
  );
}
