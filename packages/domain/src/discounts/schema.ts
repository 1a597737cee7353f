import { z } from 'zod';
import { isOneLine, requiredNumber } from '../fields';
import { idSchema } from '../ids';
import { messages } from '../messages';
import { centsText, MAX_AMOUNT_CENTS } from '../money';
import { DISCOUNT_TYPE, DISCOUNT_VALUE_TYPE, discountInput } from '../tuition/schema';

/**
 * A studio's discounts (001 §3, domain-rules.md §1), as the API takes and answers them.
 *
 * Units are the domain's, unchanged at the API edge, so a discount read from `GET api/mystudio/discounts`
 * can be handed to `computeFamilyTuition` as is:
 * - `value` is a fraction from 0 to 1 when `vTypeID` is 100 (0.10 is 10 %), and whole cents when
 *   `vTypeID` is 200 (1000 is $10.00 per step);
 * - `rValue` is the rounding unit in cents (1 the cent, 100 the dollar, 500 five dollars).
 * Screens show percentages and dollars and convert at the form.
 */

export const DISCOUNT_NAME_MAX = 80;
/** The largest rounding unit: $100.00. Anything coarser would round most class prices to 0. */
export const DISCOUNT_ROUNDING_MAX = 10_000;
/** More than this many discounts is a mistake, not a pricing policy; it also keeps the list whole. */
export const DISCOUNTS_PER_STUDIO_MAX = 50;

/** Texts of this area (the spec gives none: "Sibling and multi-class discounts are not validated"). */
export const DISCOUNT_TEXT = {
  percentRange: 'A percentage discount is from 0 % to 100 %.',
  percentPrecision: 'A percentage can have at most four decimals.',
  fixedNegative: 'A fixed discount cannot be negative.',
  fixedCents: 'A fixed discount is a whole number of cents.',
  fixedTooLarge: 'A fixed discount can be at most $100,000.00.',
  rounding: 'Rounding is a whole number of cents, from 1 cent to $100.00.',
  nameTooLong: `A discount name can be at most ${DISCOUNT_NAME_MAX} characters.`,
  listedTwice: 'A discount is listed twice.',
  orderIncomplete: 'The new order must list every discount of the studio once.',
  notFound: 'This discount could not be found.',
  tooMany: `A studio can have at most ${DISCOUNTS_PER_STUDIO_MAX} discounts.`,
} as const;

export type DiscountTypeId = 100 | 200;

const typeId = z.literal([DISCOUNT_TYPE.multiClass, DISCOUNT_TYPE.sibling], {
  error: messages.insufficientData,
});
const valueTypeId = z.literal([DISCOUNT_VALUE_TYPE.fraction, DISCOUNT_VALUE_TYPE.fixed], {
  error: messages.insufficientData,
});

// The database keeps six decimals of a fraction (numeric(14, 6)): 12.3456 % is the finest percentage.
const hasAtMostSixDecimals = (v: number) => Math.abs(v * 1e6 - Math.round(v * 1e6)) < 1e-6;

/**
 * `POST api/mystudio/discounts` and `PUT api/mystudio/discounts/{id}`. The domain's `discountInput` is the
 * rule (a fraction 0–1, a fixed value not negative, a rounding unit of whole cents ≥ 1); its refusals are
 * reworded for people, and what a stored discount cannot be on top of that (fractions of a cent, a
 * value or unit too large, more decimals than the database keeps) is refused here.
 */
export const discountWriteInput = z
  .object({
    typeID: typeId,
    vTypeID: valueTypeId,
    value: requiredNumber(),
    rValue: requiredNumber(),
    name: z
      .string()
      .trim()
      .max(DISCOUNT_NAME_MAX, DISCOUNT_TEXT.nameTooLong)
      .refine(isOneLine, 'The name contains characters that are not allowed')
      .optional()
      .default(''),
  })
  .superRefine((d, ctx) => {
    const percent = d.vTypeID === DISCOUNT_VALUE_TYPE.fraction;
    const ruled = discountInput.safeParse({
      typeID: d.typeID,
      vTypeID: d.vTypeID,
      value: d.value,
      rValue: d.rValue,
    });
    if (!ruled.success) {
      for (const issue of ruled.error.issues) {
        const field = issue.path[0];
        if (field === 'value') {
          const message = percent ? DISCOUNT_TEXT.percentRange : DISCOUNT_TEXT.fixedNegative;
          ctx.addIssue({ code: 'custom', path: ['value'], message });
        } else if (field === 'rValue') {
          ctx.addIssue({ code: 'custom', path: ['rValue'], message: DISCOUNT_TEXT.rounding });
        } else {
          ctx.addIssue({ code: 'custom', path: issue.path, message: messages.insufficientData });
        }
      }
      return;
    }
    if (percent && !hasAtMostSixDecimals(d.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_TEXT.percentPrecision });
    }
    if (!percent && !Number.isInteger(d.value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_TEXT.fixedCents });
    }
    if (!percent && d.value > MAX_AMOUNT_CENTS) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: DISCOUNT_TEXT.fixedTooLarge });
    }
    if (d.rValue > DISCOUNT_ROUNDING_MAX) {
      ctx.addIssue({ code: 'custom', path: ['rValue'], message: DISCOUNT_TEXT.rounding });
    }
  });
export type DiscountWriteInput = z.input<typeof discountWriteInput>;
export type DiscountWrite = z.output<typeof discountWriteInput>;

/** One discount as `GET api/mystudio/discounts` answers it. `order` is its place within its type. */
export const discountItem = z.object({
  id: z.string(),
  typeID: z.literal([100, 200]),
  vTypeID: z.literal([100, 200]),
  value: z.number(),
  rValue: z.number().int(),
  name: z.string(),
  order: z.number().int(),
});
export type DiscountItem = z.infer<typeof discountItem>;
export const discountList = z.array(discountItem);

/** `PUT api/mystudio/discounts/order`: every discount of the studio, in the new order. */
export const discountOrderInput = z.object({
  ids: z
    .array(idSchema, { error: messages.insufficientData })
    .min(1, messages.insufficientData)
    .max(DISCOUNTS_PER_STUDIO_MAX, DISCOUNT_TEXT.orderIncomplete)
    .refine((ids) => new Set(ids).size === ids.length, DISCOUNT_TEXT.listedTwice),
});
export type DiscountOrderInput = z.infer<typeof discountOrderInput>;

/**
 * The order `computeFamilyTuition` applies them in: multi-class first, then sibling, each by `order`
 * (ties by id, so the server and every browser agree).
 */
export function inApplicationOrder<T extends { id: string; typeID: number; order: number }>(
  list: readonly T[],
): T[] {
  return [...list].sort(
    (a, b) => a.typeID - b.typeID || a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}

/** The rounding choices a person picks from; any other unit is "custom". */
export const DISCOUNT_ROUNDING_PRESETS = [
  { rValue: 1, label: 'To the cent' },
  { rValue: 100, label: 'To the dollar' },
  { rValue: 500, label: 'To five dollars' },
] as const;

/** A fraction as a percentage for people: 0.1 → "10 %", 0.125 → "12.5 %". */
export function percentText(fraction: number): string {
  const percent = Math.round(fraction * 1_000_000) / 10_000;
  return `${PERCENT.format(percent)} %`;
}
// Made once: the builder and the tuition pages say a discount per class, and making a format costs a
// hundred times what using it does.
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 });

/** A rounding unit as people say it: 1 → "the cent", 100 → "the dollar", 25 → "the nearest $0.25". */
export function roundingText(rValue: number): string {
  switch (rValue) {
    case 1:
      return 'the cent';
    case 5:
      return 'five cents';
    case 10:
      return 'ten cents';
    case 100:
      return 'the dollar';
    case 500:
      return 'five dollars';
    case 1000:
      return 'ten dollars';
    default:
      return `the nearest ${centsText(rValue)}`;
  }
}

/**
 * A discount as a person thinks of it: "10 % off each additional class, rounded to the dollar",
 * "$10.00 off for each additional child, rounded to the cent". A step is an extra class (multi-class) or
 * an extra child (sibling); the formulas of domain-rules.md §1 compound a percentage and multiply a fixed
 * amount by the step, which "each additional" reads as.
 */
export function describeDiscount(d: {
  typeID: number;
  vTypeID: number;
  value: number;
  rValue: number;
}): string {
  const amount = d.vTypeID === DISCOUNT_VALUE_TYPE.fraction ? percentText(d.value) : centsText(d.value);
  const what =
    d.typeID === DISCOUNT_TYPE.multiClass ? 'off each additional class' : 'off for each additional child';
  return `${amount} ${what}, rounded to ${roundingText(d.rValue)}`;
}

/** The kind of a discount as a heading: "Multi-class" or "Sibling". */
export const discountKindLabel = (typeID: number) =>
  typeID === DISCOUNT_TYPE.multiClass ? 'Multi-class' : 'Sibling';
