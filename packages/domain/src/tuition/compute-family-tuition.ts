import { parseMoneyInput, sumCents } from '../money';
import { scaleToCap } from './cap';
import { applyDiscount } from './discount';
import { DISCOUNT_TYPE, type ParsedTuitionInput, type TuitionInput, tuitionInput } from './schema';
import type { ClassExplainStep, TuitionClassResult, TuitionResult, TuitionStudentResult } from './types';

type ParsedStudent = ParsedTuitionInput['students'][number];
type ParsedClass = ParsedStudent['classes'][number];

// Ids compare by UTF-16 code units, not by locale, so the order (and so every price) is the same on the
// server and in every browser.
const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const byPriceThenId = (a: ParsedClass, b: ParsedClass) => b.basePrice - a.basePrice || compareIds(a.id, b.id);

/**
 * A family's monthly tuition (domain-rules.md §1): multi-class discount, sibling discount, then the
 * unlimited cap, with the reason for every price in `explain`. Invalid input throws TuitionInputError.
 */
export function computeFamilyTuition(input: TuitionInput): TuitionResult {
  const parsed = parseMoneyInput(tuitionInput, input);
  const discounts = parsed.discounts.map((discount, position) => ({ discount, position }));
  const multiClass = discounts.filter((d) => d.discount.typeID === DISCOUNT_TYPE.multiClass);
  const sibling = discounts.filter((d) => d.discount.typeID === DISCOUNT_TYPE.sibling);

  // Steps 1 and 2: order each student's classes, number the discountable ones, apply multi-class.
  const students = parsed.students.map((student) => {
    let nth = 0;
    const classes = [...student.classes].sort(byPriceThenId).map((cls) => {
      const nTh = cls.applyDiscount ? ++nth : 0;
      const explain: ClassExplainStep[] = [];
      let price = cls.basePrice;
      if (cls.applyDiscount) {
        for (const { discount, position } of multiClass) {
          const step = applyDiscount(price, discount, position, nTh - 1);
          explain.push(step);
          price = step.after;
        }
      }
      return { cls, nTh, price, explain };
    });
    return { id: student.id, classes, orderTotal: sumCents(classes.map((c) => c.price)) };
  });

  // Step 3: the student order that the sibling index and the cap both read.
  students.sort((a, b) => b.orderTotal - a.orderTotal || compareIds(a.id, b.id));

  // Step 4: sibling discount from the second student on.
  students.forEach((student, position) => {
    if (position === 0) return;
    for (const entry of student.classes) {
      if (!entry.cls.applyDiscount) continue;
      const k = parsed.siblingIndex === 'student' ? position : position + entry.nTh - 1;
      for (const { discount, position: listPosition } of sibling) {
        const step = applyDiscount(entry.price, discount, listPosition, k);
        entry.explain.push(step);
        entry.price = step.after;
      }
    }
  });

  // Step 5: the unlimited cap. Later students are capped only when the first one is.
  const cap = parsed.unlimited ?? null;
  let firstIsUnlimited = false;
  const results: TuitionStudentResult[] = students.map((student, position) => {
    const pricesI = student.classes.map((c) => c.price);
    const totalI = sumCents(pricesI);
    const limit = cap === null ? null : position === 0 ? cap.first : cap.others;
    const capped = limit !== null && totalI >= limit && (position === 0 || firstIsUnlimited);
    if (position === 0) firstIsUnlimited = capped;

    const scaled = capped ? scaleToCap(pricesI, limit) : null;
    const classes: TuitionClassResult[] = student.classes.map((entry, i) => {
      const Pr_i = entry.price;
      const Pr_f = scaled ? (scaled.shares[i] ?? 0) : Pr_i;
      const explain = [...entry.explain];
      if (scaled && limit !== null) {
        explain.push({
          kind: 'cap',
          cap: limit,
          studentTotal: totalI,
          before: Pr_i,
          after: Pr_f,
          amount: Pr_i - Pr_f,
          extraCent: scaled.extraCent[i] ?? false,
        });
      }
      return {
        id: entry.cls.id,
        nTh: entry.nTh,
        Pr_0: entry.cls.basePrice,
        Pr_i,
        Pr_f,
        applyDiscount: entry.cls.applyDiscount,
        explain,
      };
    });
    const total = sumCents(classes.map((c) => c.Pr_f));
    return {
      id: student.id,
      position,
      total,
      unlimited: capped,
      orderTotal: student.orderTotal,
      cap: capped && limit !== null ? { limit, totalBefore: totalI, reducedBy: totalI - total } : null,
      classes,
    };
  });

  // Step 6.
  return { total: sumCents(results.map((s) => s.total)), students: results };
}
