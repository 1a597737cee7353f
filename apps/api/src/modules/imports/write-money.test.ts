import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createStudent } from '../../../test/factories';
import { useTwoStudios } from '../../../test/studios-base';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { checkBalances, checkEnrolments, writeBalances, writeEnrolments } from './write-money';

/**
 * The import's money side as the import calls it (decision 056): the dry run's fates, then both writes
 * in one transaction, then the same import again changing nothing.
 */

const { t, s } = useTwoStudios();
const db = () => t.database.db;
const TODAY = '2026-11-21';
let setting: Awaited<ReturnType<typeof registrationStudio>>;

beforeAll(async () => {
  setting = await registrationStudio(s);
});

describe('write-money', () => {
  it('checks, writes in one transaction, and writes nothing the second time', async () => {
    const fam = await createFamily(db(), s.companyA);
    const emma = await createStudent(db(), { companyId: s.companyA, familyId: fam.id, firstName: 'Emma' });
    const pair = {
      familyId: fam.id,
      studentId: emma.id,
      classId: setting.classes.tuesday,
      file: 'e.csv',
      row: 2,
    };
    const balance = { familyId: fam.id, amount: 8_000, asOf: '2026-11-01', file: 'b.csv', row: 2 };
    const source = { source: 'jackrabbit', sourceName: 'Jackrabbit' };

    const dry = async () => ({
      enrolments: await checkEnrolments(db(), {
        companyId: s.companyA,
        termId: setting.st.term,
        pairs: [{ ...pair, dancerKey: 'J-1', classKey: 'J-C1' }],
      }),
      balances: await checkBalances(db(), {
        companyId: s.companyA,
        ...source,
        today: TODAY,
        balances: [balance],
      }),
    });
    const first = await dry();
    expect(first.enrolments[0]).toMatchObject({
      fate: 'new',
      sentence: "Registered in Jazz 1, approved, from the import's day.",
    });
    expect(first.balances[0]).toMatchObject({
      fate: 'new',
      sentence: '$80.00 owed: “Opening balance from Jackrabbit on 11/01/2026”.',
    });

    const write = () =>
      db().transaction(async (tx) => ({
        enrolments: await writeEnrolments(tx, {
          companyId: s.companyA,
          actorUserId: s.a.userId,
          asOf: TODAY,
          pairs: [pair],
        }),
        balances: await writeBalances(tx, {
          companyId: s.companyA,
          actorUserId: s.a.userId,
          ...source,
          today: TODAY,
          balances: [balance],
        }),
      }));
    expect(await write()).toEqual({
      enrolments: { registered: 1, matched: 0, revised: 1 },
      balances: { posted: 1, matched: 0, owed: 8_000, credit: 0 },
    });
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    expect(money.balance).toBe(80);

    const second = await dry();
    expect(second.enrolments[0]!.fate).toBe('matched');
    expect(second.balances[0]!.fate).toBe('matched');
    expect(await write()).toEqual({
      enrolments: { registered: 0, matched: 1, revised: 0 },
      balances: { posted: 0, matched: 1, owed: 0, credit: 0 },
    });
    expect((await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`))).balance).toBe(80);
  });
});
