import type { TeacherClasses } from '@pirouette/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { DEMO_PASSWORD, DEMO_SIGN_INS, seedDemo } from './seed-demo';
import { DEMO_TEACHER_EMAIL } from './seed-demo-teacher';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db, t.clock.now());
});
afterAll(async () => {
  await t.close();
});

describe("the demo's teacher", () => {
  it('is printed with the sign-ins, signs in as a teacher and sees her classes with dancers', async () => {
    expect(DEMO_SIGN_INS.map((s) => s.email)).toContain(DEMO_TEACHER_EMAIL);
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_TEACHER_EMAIL, password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body[1].accts).toEqual([expect.objectContaining({ nPriv: 'teacher' })]);
    const res = await t.call({
      method: 'GET',
      url: '/api/teacher/classes',
      headers: { 'x-access-token': login.body[1].token },
    });
    expect(res.status).toBe(200);
    const mine = res.body[1] as TeacherClasses;
    expect(mine.classes.length).toBeGreaterThan(0);
    const dancers = mine.classes.flatMap((c) => c.dancers);
    expect(dancers.length).toBeGreaterThan(0);
    expect(dancers.some((d) => d.allergies !== '')).toBe(true);
  });

  it("leaves the studio's other teachers to invite on Staff → Registration", async () => {
    const owner = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@demo.example', password: DEMO_PASSWORD },
    });
    const res = await t.call({
      method: 'GET',
      url: '/api/mystudio/staff/registration',
      headers: { 'x-access-token': owner.body[1].token },
    });
    const states = (res.body[1] as { email: string; state: string }[]).map((m) => [m.email, m.state]);
    expect(states).toContainEqual([DEMO_TEACHER_EMAIL, 'active']);
    expect(states.filter(([, state]) => state === 'none').length).toBe(2);
  });
});
