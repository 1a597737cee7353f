import { roundTo } from '../money';
import { DISCOUNT_TYPE, DISCOUNT_VALUE_TYPE, type ParsedTuitionInput } from './schema';
import type { DiscountStep } from './types';

type Discount = ParsedTuitionInput['discounts'][number];

/**
 * One discount on one price at one index (domain-rules.md §1, steps 2 and 4):
 * percentage-like `roundTo(p × (1 − value)^index, rValue)`, fixed `roundTo(p − value × index, rValue)`.
 * Rounding halves up may land above `p` (4550 at index 0 with a 100 unit would become 4600); the price is
 * kept then, since a discount never raises a price.
 */
export function applyDiscount(
  before: number,
  discount: Discount,
  position: number,
  index: number,
): DiscountStep {
  const raw =
    discount.vTypeID === DISCOUNT_VALUE_TYPE.fraction
      ? before * (1 - discount.value) ** index
      : before - discount.value * index;
  const rounded = roundTo(raw, discount.rValue);
  const after = Math.min(before, rounded);
  // Assigned in order, not spread between fields: one hidden class for every step (decision 091).
  return Object.assign(
    {
      kind: discount.typeID === DISCOUNT_TYPE.multiClass ? ('multiClass' as const) : ('sibling' as const),
      discount: position,
    },
    discount.id === undefined ? {} : { discountId: discount.id },
    {
      typeID: discount.typeID,
      vTypeID: discount.vTypeID,
      value: discount.value,
      rValue: discount.rValue,
      index,
      before,
      after,
      amount: before - after,
      keptBecauseRoundingRaised: rounded > before,
    },
  );
}
