import type { PaymentSystem } from '@pirouette/domain';
import type { OptionRow, PlanRow } from './payment-system.queries';

/** Plans in their order, each with its options in theirs. */
export function presentPaymentSystem(plans: PlanRow[], options: OptionRow[]): PaymentSystem {
  const optionsOf = new Map<string, OptionRow[]>();
  for (const o of options) optionsOf.set(o.planId, [...(optionsOf.get(o.planId) ?? []), o]);
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    isDefault: p.isDefault,
    nPays: p.nPays,
    discount: Number(p.discount),
    options: (optionsOf.get(p.id) ?? [])
      .sort((a, b) => a.sortOrder - b.sortOrder)
      .map((o) => ({
        id: o.id,
        name: o.name,
        dateStart: o.dateStart,
        dateEnd: o.dateEnd,
        dayPaymentDue: o.dayPaymentDue,
      })),
  }));
}
