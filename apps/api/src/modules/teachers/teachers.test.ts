import { messages, teacherMessages } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createdPrivate, insertClass, scheduleRecords } from '../../../test/schedule-records';
import { targetAuditCount as auditCount, UNKNOWN_ID } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { classes } from '../../db/schema/schedule';
import { teachers } from '../../db/schema/staff';

const { t, s } = useTwoStudios();

const URL = '/api/mystudio/teachers';

const teacher = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Maria',
  lastName: 'Tallchief',
  address: '1 Ballet Way',
  city: 'Montclair',
  state: 'NJ',
  zipcode: '07042',
  phone: '(973) 555-0177',
  email: 'Maria@Example.com',
  ...overrides,
});

async function created(who: 'a' | 'b' = 'a', body = teacher()) {
  const res = await s[who].post(URL, body);
  expect(res.status).toBe(200);
  return res.body[1].id as string;
}
const rowOf = async (id: string) =>
  (await t.database.db.select().from(teachers).where(eq(teachers.id, id)))[0] ?? null;

describe('GET api/mystudio/teachers', () => {
  it('answers an empty list for a new studio', async () => {
    expect(await s.b.get(URL)).toMatchObject({ status: 200, body: [true, []] });
  });

  it("answers the studio's teachers by last name, and only its own", async () => {
    const zimmer = await created('a', teacher({ firstName: 'Ann', lastName: 'Zimmer' }));
    const allen = await created('a', teacher({ firstName: 'Bo', lastName: 'allen' }));
    const theirs = await created('b');
    const res = await s.a.get('/api/myStudio/Teachers');
    expect(res.status).toBe(200);
    const list = res.body[1] as { id: string; lastName: string }[];
    expect(list.map((x) => x.id)).toEqual([allen, zimmer]);
    expect(list[0]).toEqual({
      id: allen,
      firstName: 'Bo',
      lastName: 'allen',
      address: '1 Ballet Way',
      city: 'Montclair',
      state: 'NJ',
      zipcode: '07042',
      phone: '9735550177',
      email: 'maria@example.com',
    });
    expect((await s.b.get(URL)).body[1].map((x: { id: string }) => x.id)).toEqual([theirs]);
  });

  it("refuses a parent's token with 403 and no session with 401", async () => {
    expect(await s.parent.get(URL)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    expect((await s.anonymous.get(URL)).status).toBe(401);
  });
});

describe('POST api/mystudio/teachers', () => {
  it('adds a teacher with the phone as 10 digits, audited', async () => {
    const res = await s.a.post(URL, teacher());
    expect(res.status).toBe(200);
    const { id, msg } = res.body[1];
    expect(msg).toBe(messages.insertSuccessful);
    expect(await rowOf(id)).toMatchObject({
      companyId: s.a.companyId,
      phone: '9735550177',
      email: 'maria@example.com',
    });
    expect(await auditCount(t, 'teacher.create', id)).toBe(1);
  });

  it.each(['firstName', 'lastName', 'address', 'city', 'state', 'zipcode', 'phone', 'email'])(
    "needs %s: 'insufficient data'",
    async (field) => {
      const before = (await s.a.get(URL)).body[1].length;
      for (const value of [undefined, '', '   ']) {
        expect(await s.a.post(URL, teacher({ [field]: value }))).toMatchObject({
          status: 400,
          body: [false, messages.insufficientData],
        });
      }
      expect((await s.a.get(URL)).body[1]).toHaveLength(before);
    },
  );

  it("refuses an empty body: 'insufficient data'", async () => {
    expect(await s.a.post(URL, {})).toMatchObject({ status: 400, body: [false, messages.insufficientData] });
  });

  it.each([
    ['phone', '555-0177', 'Please enter a 10-digit phone number'],
    ['email', 'maria@', 'Please enter a valid e-mail address'],
    ['state', 'Jersey', 'Please choose a state'],
    ['zipcode', 'ABCDE', 'Please enter a 5-digit ZIP code'],
    ['firstName', 'x'.repeat(81), 'First name must be at most 80 characters'],
  ])('refuses a malformed %s with its own message', async (field, value, message) => {
    expect(await s.a.post(URL, teacher({ [field]: value }))).toMatchObject({
      status: 400,
      body: [false, message],
    });
  });

  it("refuses a parent's token with 403 and adds nothing", async () => {
    const before = (await s.a.get(URL)).body[1].length;
    expect((await s.parent.post(URL, teacher())).status).toBe(403);
    expect((await s.a.get(URL)).body[1]).toHaveLength(before);
  });
});

describe('PUT api/mystudio/teachers/{id}', () => {
  it('edits a teacher, audited', async () => {
    const id = await created();
    const res = await s.a.put(`${URL}/${id}`, teacher({ lastName: 'Fonteyn', phone: '1-973-555-0100' }));
    expect(res).toMatchObject({ status: 200, body: [true, { msg: messages.updateSuccessful }] });
    expect(await rowOf(id)).toMatchObject({ lastName: 'Fonteyn', phone: '9735550100' });
    expect(await auditCount(t, 'teacher.update', id)).toBe(1);
  });

  it("needs every field: 'insufficient data'", async () => {
    const id = await created();
    expect(await s.a.put(`${URL}/${id}`, teacher({ email: '' }))).toMatchObject({
      status: 400,
      body: [false, messages.insufficientData],
    });
    expect((await rowOf(id))?.email).toBe('maria@example.com');
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.put(`${URL}/not-an-id`, teacher())).toMatchObject({
      status: 400,
      body: [false, messages.invalidId],
    });
  });

  it("answers 404 for another studio's teacher and changes nothing", async () => {
    const theirs = await created('b');
    expect(await s.a.put(`${URL}/${theirs}`, teacher({ lastName: 'Hijacked' }))).toMatchObject({
      status: 404,
      body: [false, teacherMessages.notFound],
    });
    expect((await rowOf(theirs))?.lastName).toBe('Tallchief');
    expect((await s.a.put(`${URL}/${UNKNOWN_ID}`, teacher())).status).toBe(404);
  });

  it("refuses a parent's token with 403", async () => {
    const id = await created();
    expect((await s.parent.put(`${URL}/${id}`, teacher({ lastName: 'X' }))).status).toBe(403);
    expect((await rowOf(id))?.lastName).toBe('Tallchief');
  });
});

describe('DELETE api/mystudio/teachers/{id}', () => {
  it('deletes a teacher, audited', async () => {
    const id = await created();
    expect(await s.a.del(`${URL}/${id}`)).toMatchObject({
      status: 200,
      body: [true, { msg: messages.deleteSuccessful }],
    });
    expect(await rowOf(id)).toBeNull();
    expect(await auditCount(t, 'teacher.delete', id)).toBe(1);
    expect((await s.a.del(`${URL}/${id}`)).status).toBe(404);
  });

  it('refuses a malformed id with 400', async () => {
    expect(await s.a.del(`${URL}/123`)).toMatchObject({ status: 400, body: [false, messages.invalidId] });
  });

  it("answers 404 for another studio's teacher and deletes nothing", async () => {
    const theirs = await created('b');
    expect(await s.a.del(`${URL}/${theirs}`)).toMatchObject({
      status: 404,
      body: [false, teacherMessages.notFound],
    });
    expect(await rowOf(theirs)).not.toBeNull();
  });

  it("refuses a parent's token with 403", async () => {
    const id = await created();
    expect((await s.parent.del(`${URL}/${id}`)).status).toBe(403);
    expect(await rowOf(id)).not.toBeNull();
  });
});

describe('DELETE api/mystudio/teachers/{id} of a teacher the schedule names', () => {
  it('refuses while the teacher teaches a class or a private (422), changing nothing, then deletes', async () => {
    const r = await scheduleRecords(s.a, s.termA.id);
    const classId = await insertClass(t.database.db, s.companyA, r);
    const privateId = await createdPrivate(s.a, r);
    const refused = await s.a.del(`${URL}/${r.teacherId}`);
    expect(refused).toMatchObject({ status: 422, body: [false, teacherMessages.inUse('Lena Ortiz', 1, 1)] });
    expect(refused.body[1]).toBe(
      'Lena Ortiz teaches 1 class and 1 private lesson. Give them another teacher or delete them before deleting the teacher.',
    );
    expect(await rowOf(r.teacherId)).not.toBeNull();
    expect(await auditCount(t, 'teacher.delete', r.teacherId)).toBe(0);

    await t.database.db.delete(classes).where(eq(classes.id, classId));
    expect((await s.a.del(`${URL}/${r.teacherId}`)).body[1]).toBe(
      'Lena Ortiz teaches 1 private lesson. Give it another teacher or delete it before deleting the teacher.',
    );
    expect((await s.a.del(`/api/mystudio/privates/${privateId}`)).status).toBe(200);
    expect((await s.a.del(`${URL}/${r.teacherId}`)).status).toBe(200);
    expect(await rowOf(r.teacherId)).toBeNull();
  });
});
