import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { registrationStudio } from '../class-registration/class-registration.fixture';
import { runBillingUntil } from '../ledger/ledger.fixture';
import { familyAddress } from '../ledger/mails';
import { checkRecords, dancer, family, klass } from './imports.fixture';

/**
 * Issue 35 item 5, decision 056: imported families get no e-mail until the owner sends the invitations.
 * The import writes each family's address and plan; the billing job charges the next period on its due
 * day, but its notice waits (`mail_held`) until the family is invited, or one of its parents has joined
 * by another way.
 */

const { t, s } = useTwoStudios();
const URL = '/api/mystudio/imports';
const db = () => t.database.db;

beforeAll(async () => {
  await registrationStudio(s);
});

type Mail = { template: string; subject: string };
const mailsTo = async (email: string): Promise<Mail[]> =>
  (
    (await db().execute(
      sql`select template, subject from mail_outbox where "to" = ${email} order by seq`,
    )) as unknown as { rows: Mail[] }
  ).rows;

const familyNamed = async (lastName: string) => {
  const [f] = await db()
    .select({ id: familyAccounts.id, held: familyAccounts.mailHeld })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, s.companyA), eq(familyAccounts.lastName, lastName)));
  return f!;
};

describe('imported families and their mail', () => {
  it('are not mailed by billing until invited (or joined by another way); then the next notice goes', async () => {
    const p = 'Held';
    const families = [family(p, 0), family(p, 1), family(p, 2)];
    const batch = await checkRecords(t, s, {
      families,
      dancers: families.map((f, i) => dancer(p, i, f.ref)),
      classes: [klass(p, 0)],
      enrolments: families.map((_, i) => ({
        file: 'enrolments.csv',
        row: i + 2,
        dancerRef: `${p}D${i}`,
        classRef: `${p}C0`,
      })),
    });
    expect(batch.totals.enrolments).toMatchObject({ new: 3, refused: 0 });
    expect((await s.a.post(`${URL}/${batch.id}/run`)).status).toBe(200);
    const [invited, joined, waiting] = await Promise.all([0, 1, 2].map((i) => familyNamed(`${p}Family${i}`)));
    expect([invited!.held, joined!.held, waiting!.held]).toEqual([true, true, true]);
    const email = (i: number) => `heldparent${i}@import.example`;

    // December's payment is charged on its due day; nobody is told.
    await runBillingUntil(t, '2026-12-02');
    const charged = await db().execute(
      sql`select count(*)::int as n from ledger_charges where family_id = ${invited!.id} and category = 'tuition'`,
    );
    expect((charged as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    for (const i of [0, 1, 2]) expect(await mailsTo(email(i))).toEqual([]);
    expect((await familyAddress(db(), s.companyA, invited!.id))!.to).toBe('');

    // The owner invites the first family's parent; the second's parent joined by another way.
    const list = await s.a.get(`${URL}/parents?invited=0`);
    const parent = list.body[1].parents.find((x: { email: string }) => x.email === email(0));
    expect((await s.a.post(`${URL}/invitations`, { ids: [parent.id] })).body[1]).toMatchObject({ sent: 1 });
    expect((await familyNamed(`${p}Family0`)).held).toBe(false);
    await db()
      .update(memberships)
      .set({ pending: false })
      .where(and(eq(memberships.companyId, s.companyA), eq(memberships.familyId, joined!.id)));
    expect((await familyAddress(db(), s.companyA, joined!.id))!.to).toBe(email(1));
    expect((await familyAddress(db(), s.companyA, waiting!.id))!.to).toBe('');

    // From now on the two are told (December's unpaid payment reminded and its late fee, January's
    // bill); the family still waiting for its invitation is not.
    await runBillingUntil(t, '2027-01-02');
    const notices = ['overdue-reminder', 'late-fee', 'bill'];
    expect((await mailsTo(email(0))).map((m) => m.template)).toEqual(['family-invitation', ...notices]);
    expect((await mailsTo(email(1))).map((m) => m.template)).toEqual(notices);
    expect(await mailsTo(email(2))).toEqual([]);
  });
});
