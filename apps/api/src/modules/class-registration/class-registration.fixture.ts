import { expect } from 'vitest';
import type { TestApp } from '../../../test/build-test-app';
import { createFamily, createPerson, createStudent, joinFamily } from '../../../test/factories';
import { signIn } from '../../../test/flows';
import { type Caller, caller, type Studios } from '../../../test/studios';
import { createClass, type StudioSetting, setUpStudio } from '../schedule/schedule.fixture';

export const PARENT_REG = '/api/parents/registration/';
export const OWNER_REG = '/api/mystudio/schedule/class/registration';
export const PARENT_TUITION = '/api/parents/tuition/schedule';

// biome-ignore lint/suspicious/noExplicitAny: tests read answers of many shapes
export async function ok<T = any>(res: Promise<{ status: number; body: [boolean, unknown] }>): Promise<T> {
  const done = await res;
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return done.body[1] as T;
}

/** Studio A set up with a second price ($45) and three classes: Tue $60 … as domain-rules §3. */
export async function registrationStudio(s: Studios) {
  const st: StudioSetting = await setUpStudio(s.a, s.termA);
  const p60 = await ok(
    s.a.post('/api/mystudio/tuition/classes', { yearTermID: st.term, duration: 75, price: 60 }),
  );
  const p45 = await ok(
    s.a.post('/api/mystudio/tuition/classes', { yearTermID: st.term, duration: 45, price: 45 }),
  );
  const tuesday = await createClass(st, { name: 'Jazz 1', day: 1, priceID: p60.id, age_min: 0, age_max: 99 });
  const thursday = await createClass(st, {
    name: 'Tap 1',
    day: 3,
    priceID: p45.id,
    timeStart: '17:00',
    timeEnd: '18:00',
    age_min: 0,
    age_max: 99,
  });
  const monday = await createClass(st, { name: 'Ballet 1', day: 0, age_min: 0, age_max: 99 });
  return { st, classes: { tuesday, thursday, monday }, prices: { p60: p60.id, p45: p45.id } };
}

/** A family of studio A with a signed-in parent and its dancers. */
export async function familyOf(
  t: TestApp,
  companyId: string,
  email: string,
  dancers: { firstName: string; dob?: string }[],
): Promise<{ id: string; parent: Caller; students: string[] }> {
  const db = t.database.db;
  await createPerson(db, { email, companyId, role: 'user' });
  const family = await createFamily(db, companyId);
  await joinFamily(db, { companyId, familyId: family.id, email });
  const students: string[] = [];
  for (const d of dancers) {
    students.push(
      (
        await createStudent(db, {
          companyId,
          familyId: family.id,
          firstName: d.firstName,
          dob: d.dob ?? '2015-03-01',
        })
      ).id,
    );
  }
  return { id: family.id, parent: caller(t, (await signIn(t, email, 'Parent123')).token), students };
}
