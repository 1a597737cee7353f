import type { DiscountItem } from '@pirouette/domain';
import type { DiscountRow } from './discounts.queries';

/** A discount row as the API names it (001 §3): typeID, vTypeID, value, rValue; units as the domain's. */
export function presentDiscount(row: DiscountRow): DiscountItem {
  return {
    id: row.id,
    typeID: row.typeId === 200 ? 200 : 100,
    vTypeID: row.vTypeId === 200 ? 200 : 100,
    // numeric(14, 6) comes back as a number; Number() guards a driver that hands a string.
    value: Number(row.value),
    rValue: row.rValue,
    name: row.name,
    order: row.sortOrder,
  };
}
