import { pathToFileURL } from 'node:url';
import { computeFamilyTuition, type TuitionInput } from '@pirouette/domain';
import { type Measured, quantile } from './load';

const cls = (id: string, basePrice: number) => ({ id: `00000000-0000-4000-8000-0000000000${id}`, basePrice });

/**
 * A family of four dancers, eleven classes between them, with the studio's two usual discounts (10 %
 * per additional class rounded to whole dollars, $10 per additional child) and an unlimited cap of
 * $300 for the first dancer, $160 for the others (domain-rules.md §1): every step of the rule does
 * work, the cap included (the eldest reaches it).
 */
export const FAMILY_OF_FOUR: TuitionInput = {
  students: [
    {
      id: '10000000-0000-4000-8000-000000000001',
      classes: [cls('11', 8500), cls('12', 8500), cls('13', 7500), cls('14', 6500), cls('15', 6500)],
    },
    {
      id: '10000000-0000-4000-8000-000000000002',
      classes: [cls('21', 6500), cls('22', 6500), cls('23', 5500)],
    },
    { id: '10000000-0000-4000-8000-000000000003', classes: [cls('31', 6500), cls('32', 5500)] },
    { id: '10000000-0000-4000-8000-000000000004', classes: [cls('41', 5500)] },
  ],
  discounts: [
    { typeID: 100, vTypeID: 100, value: 0.1, rValue: 100 },
    { typeID: 200, vTypeID: 200, value: 1000, rValue: 1 },
  ],
  unlimited: { first: 30_000, others: 16_000 },
};

/**
 * computeFamilyTuition in this process, called back to back for `seconds` (after a warm-up): calls
 * per second and the latency of one call, in milliseconds. bench/run.ts runs it in a process of its
 * own (`tsx bench/tuition.ts <seconds> <warm-up seconds>`, which prints the result as JSON), so that
 * the garbage its seeding and loading leave behind is not collected on the rule's time.
 */
export function measureTuition(seconds: number, warmupSeconds: number): Measured {
  const run = (ms: number, latencies: number[] | null) => {
    const end = performance.now() + ms;
    let calls = 0;
    while (performance.now() < end) {
      const start = process.hrtime.bigint();
      computeFamilyTuition(FAMILY_OF_FOUR);
      latencies?.push(Number(process.hrtime.bigint() - start) / 1e6);
      calls++;
    }
    return { calls };
  };
  run(warmupSeconds * 1000, null);
  const latencies: number[] = [];
  const started = performance.now();
  const { calls } = run(seconds * 1000, latencies);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = Float64Array.from(latencies).sort();
  return { rps: calls / elapsed, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99), requests: calls };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(measureTuition(Number(process.argv[2] ?? 10), Number(process.argv[3] ?? 2))));
}
