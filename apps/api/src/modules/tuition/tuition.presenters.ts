import { type ClassTuition, centsToDollars, type PrivateTuition } from '@pirouette/domain';
import type { ClassTuitionRow, PrivateTuitionRow } from './tuition.queries';

/** Prices leave the server in dollars (cents in the database). */
export function presentClassTuition(row: ClassTuitionRow): ClassTuition {
  return {
    id: row.id,
    yearTermID: row.yearTermId,
    duration: row.duration,
    price: centsToDollars(row.price),
    applyDiscount: row.applyDiscount,
  };
}

export function presentPrivateTuition(row: PrivateTuitionRow): PrivateTuition {
  return {
    id: row.id,
    yearTermID: row.yearTermId,
    name: row.name,
    nDancers: row.nDancers,
    price: centsToDollars(row.price),
    applyDiscount: row.applyDiscount,
  };
}
