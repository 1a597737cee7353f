import { defaultPaymentSystem, type PaymentSystem } from '@pirouette/domain';

/** The 2026-2027 season's plans as GET api/mystudio/paymentSystem answers them (for tests). */
export function seasonPlans(): PaymentSystem {
  return defaultPaymentSystem('2026-09-01', '2027-06-30').map((p, i) => ({
    id: `${i + 1}0000000-0000-4000-8000-000000000000`,
    name: p.name,
    isDefault: p.isDefault,
    nPays: p.nPays,
    discount: p.discount,
    options: p.options.map((o, j) => ({
      id: `${i + 1}${String(j).padStart(7, '0')}-0000-4000-8000-000000000001`,
      ...o,
    })),
  }));
}
