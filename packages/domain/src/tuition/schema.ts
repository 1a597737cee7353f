import { z } from 'zod';
import { compareDates, dateOnlySchema, isDateOnly, weekdaySchema } from '../dates';
import { centsSchema, roundingUnitSchema } from '../money';

/**
 * The inputs of the money rules (domain-rules.md §1–3), validated before any arithmetic: a number that
 * cannot be right is refused rather than turned into a price. Field names are the spec's.
 */

export const DISCOUNT_TYPE = { multiClass: 100, sibling: 200 } as const;
export const DISCOUNT_VALUE_TYPE = { fraction: 100, fixed: 200 } as const;
export const SIBLING_INDEX_MODES = ['student', 'student+class'] as const;
export type SiblingIndexMode = (typeof SIBLING_INDEX_MODES)[number];

const recordId = z.string().min(1, 'An id is required');

/** A fraction from 0 to 1: 0.10 is 10 %. */
export const fractionSchema = z.number().min(0, 'A fraction is 0 to 1').max(1, 'A fraction is 0 to 1');

function unique(values: readonly string[]): boolean {
  return new Set(values).size === values.length;
}

export const discountInput = z
  .object({
    /** 100 multi-class, 200 sibling. */
    typeID: z.literal([100, 200]),
    /** 100 percentage-like (`value` a fraction), 200 fixed (`value` in cents per step). */
    vTypeID: z.literal([100, 200]),
    value: z.number(),
    rValue: roundingUnitSchema,
    /** Optional, echoed in explanations so a screen can name the discount. */
    id: z.string().optional(),
  })
  .superRefine((discount, ctx) => {
    if (
      discount.vTypeID === DISCOUNT_VALUE_TYPE.fraction &&
      !fractionSchema.safeParse(discount.value).success
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A percentage-like value is 0 to 1' });
    }
    if (discount.vTypeID === DISCOUNT_VALUE_TYPE.fixed && !(discount.value >= 0)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'A fixed value cannot be negative' });
    }
  });
export type DiscountInput = z.input<typeof discountInput>;

export const tuitionClassInput = z.object({
  id: recordId,
  /** The class's monthly price in cents (its class tuition's `tuit_base`). */
  basePrice: centsSchema,
  applyDiscount: z.boolean().default(true),
});

export const tuitionStudentInput = z.object({
  id: recordId,
  classes: z
    .array(tuitionClassInput)
    .refine((classes) => unique(classes.map((c) => c.id)), 'A class is listed twice for one student'),
});

/** The unlimited cap in cents; null or absent: no cap. */
export const unlimitedCapInput = z.object({ first: centsSchema, others: centsSchema });
export type UnlimitedCap = z.infer<typeof unlimitedCapInput>;

export const tuitionInput = z.object({
  students: z
    .array(tuitionStudentInput)
    .refine((students) => unique(students.map((s) => s.id)), 'A student is listed twice'),
  discounts: z.array(discountInput),
  unlimited: unlimitedCapInput.nullish(),
  siblingIndex: z.enum(SIBLING_INDEX_MODES).default('student'),
});
export type TuitionInput = z.input<typeof tuitionInput>;
export type ParsedTuitionInput = z.output<typeof tuitionInput>;

const notBefore = (start: string, end: string) =>
  !isDateOnly(start) || !isDateOnly(end) || compareDates(end, start) >= 0;

export const periodChargeInput = z
  .object({ price: centsSchema, weekday: weekdaySchema, from: dateOnlySchema, to: dateOnlySchema })
  .refine((input) => notBefore(input.from, input.to), {
    path: ['to'],
    message: 'The end is before the start',
  });

export const scheduleClassInput = z.object({
  id: recordId,
  /** The class's weekday, 0 Monday … 6 Sunday. */
  day: weekdaySchema,
  /** The class's final monthly price (`Pr_f`), in cents. */
  price: centsSchema,
});

export const planOptionInput = z
  .object({
    id: recordId,
    name: z.string(),
    dateStart: dateOnlySchema,
    dateEnd: dateOnlySchema,
    dayPaymentDue: z.number().int().min(1).max(31),
  })
  .refine((option) => notBefore(option.dateStart, option.dateEnd), {
    path: ['dateEnd'],
    message: 'The end is before the start',
  });

export const paymentPlanInput = z.object({
  id: recordId,
  name: z.string(),
  isDefault: z.boolean().default(false),
  nPays: z.number().int().min(1),
  /** The plan's discount as a fraction: 0.05 is 5 % off. */
  discount: fractionSchema,
  options: z.array(planOptionInput),
});

/** The classes of a schedule, parsed apart from its plans (a revision's several sets of classes). */
export const scheduleClassesInput = z.array(scheduleClassInput);

export const paymentScheduleInput = z.object({
  classes: scheduleClassesInput,
  plans: z
    .array(paymentPlanInput)
    .refine((plans) => plans.filter((p) => p.isDefault).length === 1, 'Exactly one plan is the default'),
  effectiveDate: dateOnlySchema,
});
export type PaymentScheduleInput = z.input<typeof paymentScheduleInput>;
export type ParsedPaymentScheduleInput = z.output<typeof paymentScheduleInput>;
export type PaymentPlanInput = z.input<typeof paymentPlanInput>;
export type PlanOptionInput = z.input<typeof planOptionInput>;
