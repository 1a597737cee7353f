import { FAMILY_LOG_ACTIONS } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from './book';
import { registerInJazz, runBillingUntil } from './ledger.fixture';

/**
 * Issue 31 point 11: a family not on auto-pay hears of everything that changes what it owes, through
 * the outbox, once each: its registration, a bill when charges post, an overdue reminder before the
 * late fee, the late fee, a returned check. A billing day run again sends nothing; a switch turned off
 * in the studio's settings sends nothing of its kind; the family's log lists what was sent.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

type Mail = { template: string; subject: string; text: string; key: string | null };
const mailsTo = async (email: string): Promise<Mail[]> =>
  (
    (await t.database.db.execute(
      sql`select template, subject, text, key from mail_outbox where "to" = ${email} order by seq`,
    )) as unknown as { rows: Mail[] }
  ).rows;

/** Runs each billing day again, as if its job had run twice. */
async function rerunBillingDays(until: string) {
  await t.database.db.execute(
    sql`update jobs set state = 'queued', attempts = 0 where kind = 'billing.day' and company_id = ${s.companyA}`,
  );
  await runBillingUntil(t, until);
}

const setSwitches = async (familyEmails: Record<string, boolean>) => {
  const { money } = await ok(s.a.get('/api/mystudio/settings'));
  await ok(s.a.put('/api/mystudio/settings/money', { ...money, familyEmails }));
};

describe('the family not on auto-pay', () => {
  it('hears of each charge, reminder, late fee and returned check once; a switch off silences its kind', async () => {
    const email = 'notices@example.com';
    const { fam } = await registerInJazz(t, s, setting, email);

    await runBillingUntil(t, '2027-01-20');
    const twoMonths = await mailsTo(email);
    // Registered on Nov 21st (the fee and November's part charged then), billed on the 1st of December
    // and January, reminded three days before each late fee (14 days after the due date), told of each.
    expect(twoMonths.map((m) => [m.template, m.subject])).toEqual([
      ['registration-confirmed', 'Lopez Dance: registration confirmed'],
      ['bill', 'Lopez Dance: $60.00 charged to your account'],
      ['overdue-reminder', 'Lopez Dance: a payment is past due'],
      ['late-fee', 'Lopez Dance: a late fee of $20.00 was added'],
      ['overdue-reminder', 'Lopez Dance: a payment is past due'],
      ['late-fee', 'Lopez Dance: a late fee of $20.00 was added'],
      ['bill', 'Lopez Dance: $60.00 charged to your account'],
      ['overdue-reminder', 'Lopez Dance: a payment is past due'],
      ['late-fee', 'Lopez Dance: a late fee of $20.00 was added'],
    ]);
    const [confirmed, bill, overdue, late] = twoMonths;
    expect(confirmed!.text).toContain('Your registration for Jazz 1 (Emma) is confirmed.');
    expect(confirmed!.text).toContain('Registration fee, 2026-2027 (In-Studio): $35.00, due Nov 21, 2026');
    // The balance after the registration's own charges (the fee and November's part).
    expect(confirmed!.text).toContain('Your balance is $50.00.');
    expect(bill!.text).toContain(
      'December 2026: $60.00, due Dec 1, 2026. Jazz 1 (Emma): Monthly tuition $60.00.',
    );
    expect(bill!.text).toContain('Your balance is now $110.00.');
    expect(bill!.text).toContain('http://localhost:3000/accounts/parents');
    expect(overdue!.text).toContain('If it is not paid by Dec 5, 2026, a late fee of $20.00 will be added.');
    expect(late!.text).toContain('Your balance is now $130.00.');
    for (const m of twoMonths) expect(m.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);

    // Every billing day run again: nothing more.
    await rerunBillingDays('2027-01-20');
    expect(await mailsTo(email)).toHaveLength(twoMonths.length);

    // The family's log tells of each, as the owner reads it.
    const log = await ok(s.a.get(`/api/mystudio/account/${fam.id}/logs?pageSize=100`));
    const sent = log.items.filter((e: { action: string }) => e.action === FAMILY_LOG_ACTIONS.emailSent);
    expect(sent).toHaveLength(twoMonths.length);
    expect(sent[0].text).toBe(`E-mail sent to ${email}: “Lopez Dance: a late fee of $20.00 was added”`);

    // A check comes back unpaid: the family is told, with the fee and the balance.
    const bills = await ok(s.a.get(`/api/transactions/current/${fam.id}/parent`));
    await ok(
      s.a.post(`/api/transactions/payments/${fam.id}/${bills.id}`, {
        payments: [{ type: 'check', total: 50, reference: '311' }],
      }),
    );
    const [check] = (await readBook(t.database.db, s.companyA, fam.id)).payments.filter(
      (p) => p.method === 'check',
    );
    await ok(s.a.post(`/api/transactions/payments/${fam.id}/${check!.id}/returned`, { reason: 'No funds' }));
    const returned = (await mailsTo(email)).at(-1)!;
    expect(returned.subject).toBe('Lopez Dance: your check came back unpaid');
    expect(returned.text).toContain('Your check 311 of Nov 21, 2026 for $50.00 came back unpaid');
    expect(returned.text).toContain('A returned check fee of $35.00 was added.');
    expect(returned.text).toContain('Your balance is now $265.00.');

    // Every switch off: February's charge, reminder and late fee, and another returned check, silent.
    const all = (await mailsTo(email)).length;
    await setSwitches({ bill: false, overdue: false, lateFee: false, returnedCheck: false });
    await runBillingUntil(t, '2027-02-20');
    const again = await ok(s.a.get(`/api/transactions/current/${fam.id}/parent`));
    await ok(
      s.a.post(`/api/transactions/payments/${fam.id}/${again.id}`, {
        payments: [{ type: 'check', total: 10, reference: '312' }],
      }),
    );
    const second = (await readBook(t.database.db, s.companyA, fam.id)).payments.find(
      (p) => p.reference === '312',
    );
    await ok(s.a.post(`/api/transactions/payments/${fam.id}/${second!.id}/returned`, { reason: 'No funds' }));
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.charges.filter((c) => c.category === 'returned_check')).toHaveLength(2);
    expect(book.charges.filter((c) => c.dueDate >= '2027-02-01').map((c) => c.category)).toEqual([
      'tuition',
      'late_fee',
    ]);
    expect((await mailsTo(email)).filter((m) => m.template !== 'payment-receipt')).toHaveLength(all - 1);
  });
});
