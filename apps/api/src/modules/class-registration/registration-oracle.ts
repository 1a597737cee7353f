/**
 * An independent reading of /work/shared/domain-rules.md §1–§3, for the API tests to compare the
 * server's figures with. Nothing here comes from @pirouette/domain: the page is read again, in exact
 * arithmetic (BigInt fractions), so a float that lands a hair off a half cannot agree with the server
 * by accident. Cents throughout; dates are YYYY-MM-DD; weekdays 0–6, Monday first.
 */

export type OracleDiscount = { typeID: 100 | 200; vTypeID: 100 | 200; value: number; rValue: number };
export type OracleClass = { id: string; price: number; applyDiscount: boolean };
export type OracleStudent = { id: string; classes: OracleClass[] };
export type OracleCap = { first: number; others: number } | null;

export type OraclePrice = { id: string; nTh: number; Pr_0: number; Pr_i: number; Pr_f: number };
export type OracleTuition = {
  total: number;
  students: { id: string; position: number; total: number; unlimited: boolean; classes: OraclePrice[] }[];
};

const big = BigInt;
/** A fraction of the API's decimal (six decimals at most, as the database keeps them) as n / 10^6. */
const MICRO = 1_000_000n;
const micro = (x: number) => big(Math.round(x * 1_000_000));

/** The nearest whole number to n/d (d > 0), halves up. */
function nearest(n: bigint, d: bigint): bigint {
  const twice = 2n * n + d;
  const q = twice / (2n * d);
  // BigInt division truncates toward zero: floor for a negative numerator.
  return twice < 0n && twice % (2n * d) !== 0n ? q - 1n : q;
}

/** roundTo(n/d, unit): the nearest multiple of `unit`, halves up, never below 0. */
function roundTo(n: bigint, d: bigint, unit: number): number {
  const r = nearest(n, d * big(unit)) * big(unit);
  return Number(r < 0n ? 0n : r);
}

/** One discount on price p at index i (§1 steps 2 and 4). */
function discounted(p: number, d: OracleDiscount, i: number): number {
  let after: number;
  if (d.vTypeID === 100) {
    const keep = MICRO - micro(d.value);
    after = roundTo(big(p) * keep ** big(i), MICRO ** big(i), d.rValue);
  } else {
    after = roundTo(big(p) - big(d.value) * big(i), 1n, d.rValue);
  }
  // The page is silent here; the domain keeps the price when rounding would raise it (a $52.50 class,
  // first of its dancer, with a whole-dollar discount: roundTo gives $53.00). Read as "a discount never
  // raises a price". Reported: the page should say so.
  return Math.min(p, after);
}

const byId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** §1: a family's monthly tuition. */
export function tuitionOracle(
  students: OracleStudent[],
  discounts: OracleDiscount[],
  cap: OracleCap,
  siblingIndex: 'student' | 'student+class',
): OracleTuition {
  const multi = discounts.filter((d) => d.typeID === 100);
  const sibling = discounts.filter((d) => d.typeID === 200);
  const ordered = students.map((s) => {
    let n = 0;
    const classes = [...s.classes]
      .sort((a, b) => b.price - a.price || byId(a.id, b.id))
      .map((c) => {
        const nTh = c.applyDiscount ? ++n : 0;
        let price = c.price;
        if (c.applyDiscount) for (const d of multi) price = discounted(price, d, nTh - 1);
        return { id: c.id, nTh, Pr_0: c.price, Pr_i: price, applyDiscount: c.applyDiscount };
      });
    return { id: s.id, classes, sum: classes.reduce((a, c) => a + c.Pr_i, 0) };
  });
  ordered.sort((a, b) => b.sum - a.sum || byId(a.id, b.id));
  ordered.forEach((s, position) => {
    if (position === 0) return;
    for (const c of s.classes) {
      if (!c.applyDiscount) continue;
      const k = siblingIndex === 'student' ? position : position + c.nTh - 1;
      for (const d of sibling) c.Pr_i = discounted(c.Pr_i, d, k);
    }
  });
  let firstCapped = false;
  const out = ordered.map((s, position) => {
    const total = s.classes.reduce((a, c) => a + c.Pr_i, 0);
    const limit = cap === null ? null : position === 0 ? cap.first : cap.others;
    const capped = limit !== null && total >= limit && (position === 0 || firstCapped);
    if (position === 0) firstCapped = capped;
    const finals = capped
      ? scaled(
          s.classes.map((c) => c.Pr_i),
          limit!,
        )
      : s.classes.map((c) => c.Pr_i);
    const classes = s.classes.map((c, i) => ({
      id: c.id,
      nTh: c.nTh,
      Pr_0: c.Pr_0,
      Pr_i: c.Pr_i,
      Pr_f: finals[i]!,
    }));
    return { id: s.id, position, unlimited: capped, classes, total: finals.reduce((a, b) => a + b, 0) };
  });
  return { total: out.reduce((a, s) => a + s.total, 0), students: out };
}

/** §1 step 5: prices scaled to the cap, rounded down, the missing cents to the largest remainders. */
function scaled(prices: number[], cap: number): number[] {
  const total = prices.reduce((a, b) => a + b, 0);
  const floors = prices.map((p) => Math.floor((p * cap) / total));
  const rest = prices.map((p) => (p * cap) % total);
  let missing = cap - floors.reduce((a, b) => a + b, 0);
  const order = prices.map((_, i) => i).sort((a, b) => rest[b]! - rest[a]! || a - b);
  for (const i of order) {
    if (missing-- <= 0) break;
    floors[i]! += 1;
  }
  return floors;
}

// ——— §2 and §3 ———

const DAY = 86_400_000;
const dayNo = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY;
const dateOf = (n: number) => new Date(n * DAY).toISOString().slice(0, 10);
/** 0 Monday … 6 Sunday. */
const weekday = (d: string) => (new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7;

/** §2, as cents over 1 (a fraction n/4 before its rounding to the cent). */
function periodCharge(price: number, day: number, from: string, to: string): number {
  let meetings = 0;
  for (let month = from.slice(0, 7); `${month}-01` <= to; ) {
    const [y, m] = month.split('-').map(Number) as [number, number];
    const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    let count = 0;
    for (
      let n = Math.max(dayNo(from), dayNo(`${month}-01`));
      n <= Math.min(dayNo(to), dayNo(`${next}-01`) - 1);
      n++
    ) {
      if (weekday(dateOf(n)) === day) count++;
    }
    meetings += Math.min(4, count);
    month = next;
  }
  return roundTo(big(meetings * price), 4n, 1);
}

export type OraclePlan = {
  id: string;
  isDefault: boolean;
  nPays: number;
  discount: number;
  options: { id: string; dateStart: string; dateEnd: string; dayPaymentDue: number }[];
};
export type OraclePayment = { optionId: string; val: number; period: string; dateDue: string };

/** §3: every plan's payments for the family's classes (Pr_f and weekday) from the effective date. */
export function scheduleOracle(
  classes: { day: number; price: number }[],
  plans: OraclePlan[],
  effective: string,
) {
  const monthly = classes.reduce((a, c) => a + c.price, 0);
  const base = plans.find((p) => p.isDefault)!;
  return plans.map((plan) => {
    const keep = MICRO - micro(plan.discount);
    // ratio = base.nPays / plan.nPays; under 1.25 is the monthly rule.
    const monthlyRule = 4 * base.nPays < 5 * plan.nPays;
    const payments: OraclePayment[] = plan.options.map((o) => {
      const period =
        o.dateEnd < effective ? 'completed' : o.dateStart >= effective ? 'remaining' : 'inProgress';
      const [y, m] = o.dateStart.split('-').map(Number) as [number, number];
      const monthDays = new Date(Date.UTC(y, m, 0)).getUTCDate();
      let due = `${o.dateStart.slice(0, 8)}${String(Math.min(o.dayPaymentDue, monthDays)).padStart(2, '0')}`;
      if (due < effective || period === 'inProgress') due = effective;
      let val = 0;
      if (period === 'remaining') {
        val = roundTo(big(monthly) * big(base.nPays) * keep, big(plan.nPays) * MICRO, 1);
      } else if (period === 'inProgress') {
        const left = dayNo(o.dateEnd) - dayNo(effective) + 1;
        const whole = dayNo(o.dateEnd) - dayNo(o.dateStart) + 1;
        const quarters = Math.floor((left * 400) / whole); // f = quarters / 400
        if (quarters > 120) {
          if (monthlyRule) {
            const meetings = classes.reduce(
              (a, c) => a + periodCharge(c.price, c.day, effective, o.dateEnd),
              0,
            );
            val = roundTo(big(meetings) * keep, MICRO, 1);
          } else {
            val = roundTo(
              big(monthly) * big(base.nPays) * keep * big(quarters),
              big(plan.nPays) * MICRO * 400n,
              1,
            );
          }
        }
      }
      return { optionId: o.id, val, period, dateDue: due };
    });
    return { id: plan.id, payments, total: payments.reduce((a, p) => a + p.val, 0) };
  });
}
