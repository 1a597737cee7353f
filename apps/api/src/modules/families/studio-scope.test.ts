import { FAMILY_LOG_ACTIONS, messages } from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStudent, registerInClass } from '../../../test/factories';
import { insertClass, scheduleRecords } from '../../../test/schedule-records';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts, familyPeople } from '../../db/schema/families';
import { auditLog, oneTimeTokens } from '../../db/schema/security';
import { users } from '../../db/schema/users';
import { refreshFamilyName } from '../../kernel/family-scope';
import { readFamily } from '../accounts/account.queries';
import { deskFamily, ok } from '../accounts/accounts.fixture';
import { writeFamilyContact } from '../family-people/family-people.queries';
import { resendInvitation } from './invitation';

/**
 * Defence in depth: the queries that change or read one family name its studio too, so an id that
 * reached them from another studio (a bug elsewhere, forged rows) touches nothing of that family.
 * Each case calls the query as a service would, with a family of studio A and studio B's id.
 */

const { t, s } = useTwoStudios();
let famA: string;
beforeAll(async () => {
  famA = await deskFamily(s.a, { user: { lastName: 'Ivanova' } });
});

const familyRow = async (id: string) =>
  (await t.database.db.select().from(familyAccounts).where(eq(familyAccounts.id, id)))[0]!;

describe('queries scoped by the studio as well as the family', () => {
  it("writeFamilyContact leaves another studio's family as it was, and logs nothing", async () => {
    const before = await familyRow(famA);
    const written = await writeFamilyContact(
      t.database.db,
      { companyId: s.companyB, familyId: famA },
      {
        address: '1 Forged St',
        address2: '',
        city: 'Nowhere',
        state: 'NJ',
        zipcode: '07000',
        phone: '9735550000',
        email: 'forged@example.com',
      },
      { userId: null, action: FAMILY_LOG_ACTIONS.contactInfoUpdated },
    );
    expect(written).toBe(false);
    expect(await familyRow(famA)).toEqual(before);
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, famA), eq(auditLog.action, FAMILY_LOG_ACTIONS.contactInfoUpdated)));
    expect(logged).toEqual([]);
  });

  it("refreshFamilyName reads and writes only the studio's own rows", async () => {
    const db = t.database.db;
    // A user row that names family A but studio B, older than any other: never the family's name.
    await db.insert(familyPeople).values({
      companyId: s.companyB,
      familyId: famA,
      kind: 'user',
      firstName: 'Forged',
      lastName: 'Forged',
      phone: '9735550000',
      role: 'Mother',
      createdAt: new Date('2000-01-01T00:00:00Z'),
    });
    await db.update(familyAccounts).set({ lastName: 'Stale' }).where(eq(familyAccounts.id, famA));
    await refreshFamilyName(db, { companyId: s.companyB, familyId: famA });
    expect((await familyRow(famA)).lastName).toBe('Stale');
    await refreshFamilyName(db, { companyId: s.companyA, familyId: famA });
    expect((await familyRow(famA)).lastName).toBe('Ivanova');
    await db.delete(familyPeople).where(eq(familyPeople.firstName, 'Forged'));
  });

  it("readFamily lists no class of another studio's current term", async () => {
    const db = t.database.db;
    const recordsB = await scheduleRecords(s.b, s.termB.id);
    const classB = await insertClass(db, s.companyB, recordsB, { name: 'Forged class' });
    const student = await createStudent(db, { companyId: s.companyA, familyId: famA });
    await registerInClass(db, { companyId: s.companyA, classId: classB, studentId: student.id });
    expect((await readFamily(db, s.companyA, famA, ['classes'])).classes).toEqual([]);
  });

  it('resendInvitation refuses a person who is not a member of the family at the studio (404)', async () => {
    const db = t.database.db;
    const email = 'invited@studio-b-family.example';
    await ok(
      s.b.post('/api/mystudio/account/user', {
        uType: 'user',
        nUser: { firstName: 'Ida', lastName: 'Bee', phone: '9735550182', role: 'Mother', email },
        aID: await deskFamily(s.b),
      }),
    );
    const [invited] = await db.select().from(users).where(eq(users.email, email));
    const ctx = {
      clock: t.clock,
      appUrl: 'http://localhost:3000',
      actor: { userId: s.a.userId, companyId: s.companyA },
      studioName: 'Lopez Dance',
      familyId: famA,
    };
    // Studio B's invited person is no one in studio A's family: studio A mails them nothing.
    const mails = (await db.select().from(oneTimeTokens)).length;
    await expect(db.transaction((tx) => resendInvitation(tx, ctx, invited!.id))).rejects.toMatchObject({
      message: messages.accountNotFound,
    });
    expect(await db.select().from(oneTimeTokens)).toHaveLength(mails);
  });
});
