import { randomUUID } from 'node:crypto';
import { centsToDollars, registrationKey, todayInZone } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/rows';
import { familyRegistrations, familyStudents } from '../src/modules/class-registration/enrolment.queries';
import { loadPricingRules, pricedRow, quoteRegistrations } from '../src/modules/class-registration/pricing';
import { buildTestApp, type TestApp } from './build-test-app';
import { countQueries } from './query-count';
import { type SeededStudio, smallAndBig } from './query-discipline.seed';

/**
 * Write discipline (issue 39 point 1, decision 078): the evening's money writes each cost a few
 * statements, whatever the size of the family's books and of the studio. Each write is measured on
 * the studio of 10 rows and on the one of 500 of query-discipline.seed.ts (the overview family holds
 * 10 or 500 registrations and 10 or 500 charges), after one unmeasured run of the same write, and
 * must cost the same at both and no more than its bound. A count is every statement the database
 * receives while the request runs, BEGIN and COMMIT included; the session is in the server's cache
 * (decision 024), as it is for every request of a signed-in evening but the first.
 */

/**
 * The most statements each write may send (decisions 078, 084, 099). A drop: BEGIN, the family's lock
 * with the term and its rules, the family's reads, the write, COMMIT; a restore or a registration also
 * reads the classes it gives a place in.
 */
const MAX = {
  charge: 6,
  deskPayment: 8,
  drop: 5,
  restore: 6,
  registration: 6,
} as const;
/**
 * Writes whose count is the same at both sizes: all of them. A class change's billing posts with its
 * own rows (decision 084), so what it posts no longer adds statements.
 */
const SAME_AT_BOTH_SIZES: ReadonlySet<Write> = new Set([
  'charge',
  'deskPayment',
  'drop',
  'restore',
  'registration',
]);
type Write = keyof typeof MAX;

// biome-ignore lint/suspicious/noExplicitAny: the data of a [true, data] answer
type Data = any;

let t: TestApp;
let small: SeededStudio;
let big: SeededStudio;
const counts: Record<Write, { small?: number; big?: number; statements: Record<string, string[]> }> = {
  charge: { statements: {} },
  deskPayment: { statements: {} },
  drop: { statements: {} },
  restore: { statements: {} },
  registration: { statements: {} },
};

/** A class of the studio's term no dancer of the overview family overlaps (Sunday at `hour`), open to all. */
async function freeClass(studio: SeededStudio, name: string, hour: number): Promise<string> {
  const [row] = await rowsOf<{ id: string }>(
    t.database.db,
    sql`insert into classes (company_id, year_term_id, room_id, teacher_id, price_id, name, day, time_start,
        time_end, age_min, age_max, n_max)
      select company_id, year_term_id, room_id, teacher_id, price_id, ${name}, 6, ${`${hour}:00:00`}::time,
        ${`${hour}:45:00`}::time, 0, 99, 20
      from classes where id = ${studio.classId}
      returning id`,
  );
  return row!.id;
}

/** The price the server will ask for the dancer in the class (dollars), as the builder shows it. */
async function priceOf(studio: SeededStudio, studentId: string, classId: string): Promise<number> {
  const db = t.database.db;
  const companyId = studio.owner.companyId;
  const rules = await loadPricingRules(db, companyId, studio.term);
  const students = await familyStudents(db, companyId, studio.familyId);
  const kept = (await familyRegistrations(db, companyId, studio.familyId, studio.term)).filter(
    (r) => r.counts,
  );
  const [c] = await rowsOf<{ name: string; day: number; price: number; apply_discount: boolean }>(
    db,
    sql`select c.name, c.day, p.price, p.apply_discount from classes c join class_tuitions p on p.id = c.price_id
      where c.id = ${classId}`,
  );
  const quote = quoteRegistrations(rules, students, [
    ...kept.map(pricedRow),
    {
      studentId,
      classId,
      className: c!.name,
      day: c!.day,
      price: c!.price,
      applyDiscount: c!.apply_discount,
    },
  ]);
  const key = registrationKey(studentId, classId);
  const line = quote.students.flatMap((s) => s.classes).find((x) => x.key === key);
  return centsToDollars(line!.Pr_f);
}

/** A dancer of the overview family and its registration in the last class (one with places). */
async function familyRows(studio: SeededStudio) {
  const [row] = await rowsOf<{ student_id: string; registration_id: string; time_zone: string }>(
    t.database.db,
    sql`select r.student_id, r.id as registration_id, co.time_zone
      from class_registrations r join students s on s.id = r.student_id
      join companies co on co.id = s.company_id
      join classes c on c.id = r.class_id
      where s.family_id = ${studio.familyId} and not r.is_dropped and r.i_status > 0 and c.name like 'Class %'
      order by c.name desc limit 1`,
  );
  return row!;
}

/** Counts one request (the session's look-up made beforehand, so the cache holds it). */
async function measure(
  write: Write,
  studio: SeededStudio,
  call: () => Promise<{ status: number; body: unknown }>,
): Promise<Data> {
  const { count, statements, result } = await countQueries(t, call);
  expect(result.status, `${write}: ${JSON.stringify(result.body).slice(0, 500)}`).toBe(200);
  const at = studio === small ? 'small' : 'big';
  counts[write][at] = count;
  counts[write].statements[at] = statements;
  return (result.body as [true, Data])[1];
}

async function runWrites(studio: SeededStudio, measured: boolean) {
  const { owner, parent, familyId } = studio;
  // The sessions in the cache: the counts are the writes' own.
  expect((await owner.get('/api/mystudio/account/list/active')).status).toBe(200);
  expect((await parent.get('/api/parents/account/')).status).toBe(200);
  const run = async (write: Write, call: () => Promise<{ status: number; body: unknown }>) => {
    if (measured) return measure(write, studio, call);
    const res = await call();
    expect(res.status, `${write}: ${JSON.stringify(res.body).slice(0, 500)}`).toBe(200);
    return (res.body as [true, Data])[1];
  };

  const charge = await run('charge', () =>
    owner.post(`/api/transactions/item/${familyId}`, {
      item: { typeID: 'other', item: 'Recital flowers', amount: 12, quantity: 1, total: 12 },
      requestId: randomUUID(),
    }),
  );
  await run('deskPayment', () =>
    owner.post(`/api/transactions/payments/${familyId}/${charge.id}`, {
      payments: [{ type: 'check', total: 12, reference: 'bench' }],
      requestId: randomUUID(),
    }),
  );

  const rows = await familyRows(studio);
  await run('drop', () =>
    owner.put(`/api/mystudio/schedule/class/registration/drop/${rows.registration_id}`, {}),
  );
  await run('restore', () =>
    owner.post(`/api/mystudio/schedule/class/registration/${rows.registration_id}`, {}),
  );

  const classId = await freeClass(studio, measured ? 'Evening jazz' : 'Evening tap', measured ? 20 : 21);
  const price = await priceOf(studio, rows.student_id, classId);
  const made = await run('registration', () =>
    parent.post('/api/parents/registration/', {
      regList: [{ stdID: rows.student_id, clSchID: classId, isNew: true, price }],
      regDate: todayInZone(rows.time_zone, t.clock.now()),
      registration: 0,
      terms: [],
    }),
  );
  expect(made.regList.filter((r: { isNew: boolean }) => r.isNew)).toHaveLength(1);
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ small, big } = await smallAndBig(t));
  // One unmeasured run of each write, then the measured ones.
  await runWrites(small, false);
  await runWrites(small, true);
  await runWrites(big, false);
  await runWrites(big, true);
}, 240_000);

afterAll(async () => {
  const lines = (Object.keys(MAX) as Write[]).map(
    (w) =>
      `${w.padEnd(14)}${String(counts[w].small).padStart(6)}${String(counts[w].big).padStart(6)}${String(MAX[w]).padStart(6)}`,
  );
  if (process.env.WRITE_STATEMENTS) {
    for (const w of Object.keys(MAX) as Write[]) {
      for (const at of ['small', 'big']) {
        console.log(
          `${w} at ${at}:\n${(counts[w].statements[at] ?? []).map((x) => `  ${x.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n')}`,
        );
      }
    }
  }
  console.log(
    [`Statements per write (${t?.database.kind}):`, `${'write'.padEnd(14)}    10   500   max`, ...lines].join(
      '\n',
    ),
  );
  await t?.close();
});

describe('write discipline: each money write in a few statements, for 10 rows and for 500', () => {
  it.each(['restore', 'registration'] as const)(
    "a %s reads the classes it joins and the family's own, never the whole term's",
    (write) => {
      const reads = Object.values(counts[write].statements)
        .flat()
        .filter((s) => /as "nReg"|"locations"\."name", "rooms"\."name"/.test(s));
      // The classes' list and their waitlist counts, each narrowed to a JSON list of ids.
      expect(reads.length, write).toBeGreaterThanOrEqual(2);
      for (const s of reads) expect(s, s.slice(0, 300)).toMatch(/jsonb_array_elements_text/);
    },
  );

  it.each(Object.keys(MAX) as Write[])('%s', (write) => {
    const { small: a, big: b, statements } = counts[write];
    const report = `10 rows: ${a}, 500 rows: ${b}\n${(statements.big ?? []).map((s) => s.replace(/\s+/g, ' ').slice(0, 160)).join('\n')}`;
    if (SAME_AT_BOTH_SIZES.has(write)) expect(b, report).toBe(a);
    expect(a, report).toBeLessThanOrEqual(MAX[write]);
    expect(b, report).toBeLessThanOrEqual(MAX[write]);
  });
});
