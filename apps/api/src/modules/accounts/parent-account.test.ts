import { accountMessages, messages } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/flows';
import { caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { createClass, type StudioSetting, setUpStudio } from '../schedule/schedule.fixture';
import {
  ACCOUNT,
  deskFamily,
  enrolFamily,
  ok,
  registeredFamily,
  studentsOf,
  verifiedParent,
} from './accounts.fixture';

const { t, s } = useTwoStudios();
let st: StudioSetting;
let patel = '';
let other = '';
let parent: Awaited<ReturnType<typeof verifiedParent>>;
const URL = '/api/parents/account/';

beforeAll(async () => {
  st = await setUpStudio(s.a, s.termA);
  patel = await registeredFamily(t, s.companyA, 'patel@parents.example');
  parent = await verifiedParent(t, 'patel@parents.example');
  // A second family of the same studio, with a class: never part of the Patels' answer.
  other = await deskFamily(s.a, { user: { lastName: 'Other' } });
  await enrolFamily(t, s.companyA, other, await createClass(st, { name: 'Other class', day: 5 }));
});

describe('GET api/parents/account/', () => {
  it("answers the parent's own family whole, as the owner's calls show it", async () => {
    const mine = await ok(parent.get(URL));
    const info = await ok(s.a.get(`${ACCOUNT}/${patel}/info`));
    const studentsAnswer = await ok(s.a.get(`${ACCOUNT}/${patel}/students`));
    const toc = await ok(s.a.get(`${ACCOUNT}/${patel}/toc`));
    expect(mine).toEqual({
      acctInfo: info.info,
      users: info.users,
      contacts: info.contacts,
      // What the owner writes for the teachers (decision 061) is not the parent's answer.
      stds: studentsAnswer.students.map(
        ({ allergies: _a, teacherNote: _n, ...student }: Record<string, unknown>) => student,
      ),
      cls: studentsAnswer.classes,
      tuit: null,
      trmCond: toc,
      aReg: false,
    });
    expect(mine.acctInfo).toMatchObject({
      id: patel,
      coAcctMemID: patel,
      lastName: 'Patel',
      status: 'incomplete',
    });
    expect(mine.users).toEqual([expect.objectContaining({ firstName: 'Priya', login: 'active' })]);
    expect(mine.contacts).toEqual([expect.objectContaining({ firstName: 'Raj' })]);
    expect(mine.stds.map((k: { firstName: string }) => k.firstName)).toEqual(['Anika', 'Dev']);
    expect(mine.cls).toEqual([]);
    expect(mine.trmCond.every((d: { accepted: boolean }) => d.accepted)).toBe(true);
  });

  it('shows its classes and aReg once a registration counts, and never the other family', async () => {
    const classId = await createClass(st, { name: 'Ballet I', day: 1 });
    const [anika] = await studentsOf(t, patel);
    await enrolFamily(t, s.companyA, patel, classId, { studentId: anika!.id });
    const mine = await ok(parent.get(URL));
    expect(mine.aReg).toBe(true);
    expect(mine.acctInfo.status).toBe('active');
    expect(mine.cls).toEqual([
      expect.objectContaining({ clSchID: classId, acctStudentID: anika!.id, name: 'Ballet I' }),
    ]);
    const otherStudents = (await studentsOf(t, other)).map((k) => k.id);
    expect(mine.stds.some((k: { id: string }) => otherStudents.includes(k.id))).toBe(false);
    expect(JSON.stringify(mine)).not.toContain(other);
  });

  it('answers 404 with a plain sentence to a parent membership without a family', async () => {
    expect(await s.parent.get(URL)).toMatchObject({
      status: 404,
      body: [false, accountMessages.noFamilyHere],
    });
  });

  it('lets an owner of one studio who is a parent at another read their family there, and go back', async () => {
    // Studio A's owner adds studio B's owner to a family at the front desk: a proved account joins at once.
    const reyes = await deskFamily(s.a, {
      user: { firstName: 'Morgan', lastName: 'Reyes', email: 'owner@studio-b.example' },
      students: [{ firstName: 'Lily', lastName: 'Reyes', dob: '2017-04-12', gender: 'F' }],
    });
    const session = await signIn(t, 'owner@studio-b.example');
    const multi = caller(t, session.token);
    expect(session.accts).toHaveLength(2);
    const [asOwner, asParent] = session.accts as { id: string; cID: string; nPriv: string }[];
    expect(asOwner).toMatchObject({ cID: s.companyB, nPriv: 'owner' });
    expect(asParent).toMatchObject({ cID: s.companyA, nPriv: 'user' });
    expect((await multi.get(URL)).status).toBe(403);

    await ok(multi.get(`/api/auth/userAccount/${asParent!.id}`));
    const mine = await ok(multi.get(URL));
    expect(mine.acctInfo).toMatchObject({ id: reyes, lastName: 'Reyes' });
    expect(mine.stds.map((k: { firstName: string }) => k.firstName)).toEqual(['Lily']);
    expect((await multi.get('/api/mystudio/teachers')).status).toBe(403);

    await ok(multi.get(`/api/auth/userAccount/${asOwner!.id}`));
    expect((await multi.get(URL)).status).toBe(403);
    expect((await multi.get('/api/mystudio/teachers')).status).toBe(200);
    // And back again: the family is the chosen membership's, every time.
    await ok(multi.get(`/api/auth/userAccount/${asParent!.id}`));
    expect((await ok(multi.get(URL))).acctInfo.id).toBe(reyes);
  });

  it('refuses an owner (403), no session (401), and refuses the parent on owner calls (403)', async () => {
    expect(await s.a.get(URL)).toMatchObject({ status: 403, body: [false, messages.forbidden] });
    expect((await s.anonymous.get(URL)).status).toBe(401);
    for (const path of [
      `${ACCOUNT}/${patel}/info`,
      `${ACCOUNT}/list/active`,
      `${ACCOUNT}/${patel}/students`,
    ]) {
      expect((await parent.get(path)).status, path).toBe(403);
    }
    expect((await parent.delete(`${ACCOUNT}/${patel}/${patel}`)).status).toBe(403);
  });
});
