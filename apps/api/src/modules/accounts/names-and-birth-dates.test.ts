import { directionControlMessage, familyMessages } from '@pirouette/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { parentRegistration } from '../../../test/flows';
import { useTwoStudios } from '../../../test/studios-base';
import { type Family, snapshot, twoFamilies } from '../family-people/family-people.fixtures';
import { ACCOUNT, deskBody } from './accounts.fixture';

/**
 * Item 18 of issue 13: a name with a character that reverses the text ("evil" shown as "live") and a
 * date of birth in the future or more than a hundred years back are refused wherever a person is
 * written, with the sentence the form shows, and change nothing.
 */

const { t, s } = useTwoStudios();
let famA: Family;
const RLO = '\u202E';

beforeAll(async () => {
  ({ famA } = await twoFamilies(t, s));
});

const refused = (message: string) => ({ status: 400, body: [false, message] });

describe('a name that reverses its text, and a date of birth out of bounds', () => {
  it("are refused when the owner edits a family's student or contact, and change nothing", async () => {
    const before = await snapshot(t, famA.id);
    const student = { id: famA.studentIds[0], firstName: 'Anika', lastName: 'Patel', dob: '2015-03-14' };
    const edits: [Record<string, unknown>, string][] = [
      [
        { type: 'student', user: { ...student, firstName: `${RLO}live` } },
        directionControlMessage('First name'),
      ],
      [{ type: 'student', user: { ...student, dob: '2099-01-01' } }, familyMessages.dobInFuture],
      [{ type: 'student', user: { ...student, dob: '9999-12-31' } }, familyMessages.dobInFuture],
      [{ type: 'student', user: { ...student, dob: '1901-01-01' } }, familyMessages.dobTooOld],
      [
        {
          type: 'contact',
          user: { id: famA.contactId, firstName: 'Raj', lastName: `Pa\u2066tel`, phone: '9735550124' },
        },
        directionControlMessage('Last name'),
      ],
    ];
    for (const [body, message] of edits) {
      expect(await s.a.put('/api/mystudio/account/user/', body)).toMatchObject(refused(message));
    }
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it('are refused when a parent adds a student to their own family', async () => {
    const before = await snapshot(t, famA.id);
    const add = (nUser: Record<string, unknown>) =>
      famA.parent.post('/api/parents/account/user', { type: 'student', user: nUser });
    expect(await add({ firstName: `Ev${RLO}il`, lastName: 'Patel', dob: '2019-05-01' })).toMatchObject(
      refused(directionControlMessage('First name')),
    );
    expect(await add({ firstName: 'Lila', lastName: 'Patel', dob: '2099-05-01' })).toMatchObject(
      refused(familyMessages.dobInFuture),
    );
    expect(await snapshot(t, famA.id)).toEqual(before);
  });

  it('are refused at the front desk and at the sign-up page, and no family is made', async () => {
    const families = async () => (await s.a.get(`${ACCOUNT}/list/incomplete`)).body[1].counts;
    const before = await families();
    expect(await s.a.post(ACCOUNT, deskBody({ user: { lastName: `${RLO}eviL` } }))).toMatchObject(
      refused(directionControlMessage('Last name')),
    );
    expect(
      await s.a.post(
        ACCOUNT,
        deskBody({ students: [{ firstName: 'Nina', lastName: 'Ivanova', dob: '2099-05-20', gender: 'F' }] }),
      ),
    ).toMatchObject(refused(familyMessages.dobInFuture));
    const terms = (await s.anonymous.get(`/api/registration/parent/company/${s.companyA}`)).body[1].terms;
    const form = parentRegistration('reversed@family.example', terms);
    form.user.firstName = `\u200Flive`;
    expect(await s.anonymous.post(`/api/registration/parent/${s.companyA}`, form)).toMatchObject(
      refused(directionControlMessage('First name')),
    );
    expect(await families()).toEqual(before);
  });

  it("are refused for a teacher's name", async () => {
    const teachers = (await s.a.get('/api/mystudio/teachers')).body[1].length;
    const res = await s.a.post('/api/mystudio/teachers', {
      firstName: `Maria${RLO}`,
      lastName: 'Tallchief',
      address: '1 Ballet Way',
      city: 'Montclair',
      state: 'NJ',
      zipcode: '07042',
      phone: '9735550177',
      email: 'maria@example.com',
    });
    expect(res).toMatchObject(refused(directionControlMessage('First name')));
    expect((await s.a.get('/api/mystudio/teachers')).body[1]).toHaveLength(teachers);
  });
});
