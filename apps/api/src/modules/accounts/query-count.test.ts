import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { twoStudios } from '../../../test/studios';
import { auditLog } from '../../db/schema/security';
import { createClass, setUpStudio } from '../schedule/schedule.fixture';
import {
  ACCOUNT,
  deskFamily,
  enrolFamily,
  registeredFamily,
  type Studios,
  studentsOf,
} from './accounts.fixture';

/**
 * Each read answers with the same number of queries whatever the number of rows: a studio of two
 * families and one of many, a family of one student and one of many, cost alike.
 */

let t: TestApp;
let s: Studios;
let small = '';
let big = '';

// Both drivers expose `query` on the client the reads go through (PGlite, or pg's pool).
type Counted = { query: (...args: unknown[]) => Promise<unknown> };
let queries = 0;

beforeAll(async () => {
  t = await buildTestApp();
  s = await twoStudios(t);
  const stA = await setUpStudio(s.a, s.termA);
  const stB = await setUpStudio(s.b, s.termB);
  // Studio A: two small families. Studio B: many, and one with many students in many classes.
  small = await deskFamily(s.a);
  await enrolFamily(t, s.companyA, small, await createClass(stA));
  await deskFamily(s.a, { user: { lastName: 'Second' } });
  big = await registeredFamily(t, s.companyB, 'big@parents.example');
  await t.database.db.insert(auditLog).values(
    Array.from({ length: 30 }, (_, i) => ({
      companyId: s.companyB,
      action: 'family.contact_info_updated',
      targetType: 'family',
      targetId: big,
      detail: { changes: ['city'] },
      createdAt: new Date(Date.UTC(2030, 0, 1 + i)),
    })),
  );
  const classIds: string[] = [];
  for (let day = 0; day < 4; day++) classIds.push(await createClass(stB, { day, name: `Class ${day}` }));
  for (const student of await studentsOf(t, big)) {
    for (const classId of classIds) await enrolFamily(t, s.companyB, big, classId, { studentId: student.id });
  }
  for (let i = 0; i < 12; i++) {
    const id = await deskFamily(s.b, {
      user: { lastName: `Family ${i}` },
      students: [
        { firstName: 'A', dob: '2015-01-01' },
        { firstName: 'B', dob: '2016-01-01' },
      ],
    });
    await enrolFamily(t, s.companyB, id, classIds[i % 4]!);
  }
  const session = (t.database.db as unknown as { session: { client: Counted } }).session;
  const original = session.client.query.bind(session.client);
  session.client.query = (...args: unknown[]) => {
    queries++;
    return original(...args);
  };
});
afterAll(async () => {
  await t.close();
});

async function cost(call: () => Promise<{ status: number; body: unknown }>) {
  const start = queries;
  const res = await call();
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const n = queries - start;
  // The session lookup at least: the count sees the queries.
  expect(n).toBeGreaterThan(1);
  return n;
}

describe('query discipline', () => {
  it.each([
    ['list', () => 'list/active?pageSize=100'],
    ['info', (id: string) => `${id}/info`],
    ['students', (id: string) => `${id}/students`],
    ['logs', (id: string) => `${id}/logs`],
    ['toc', (id: string) => `${id}/toc`],
    ['aboutStudio', (id: string) => `${id}/aboutStudio`],
  ])('%s costs the same for a small studio and a big one', async (_name, path) => {
    const a = await cost(() => s.a.get(`${ACCOUNT}/${path(small)}`));
    const b = await cost(() => s.b.get(`${ACCOUNT}/${path(big)}`));
    expect(b).toBe(a);
  });

  it('filter/accounts costs the same for a small studio and a big one', async () => {
    const a = await cost(() => s.a.post(`${ACCOUNT}/filter/accounts`, {}));
    const b = await cost(() => s.b.post(`${ACCOUNT}/filter/accounts`, {}));
    expect(b).toBe(a);
  });
});
