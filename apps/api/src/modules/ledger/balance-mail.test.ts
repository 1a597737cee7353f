import { centsText, ledgerMessages } from '@pirouette/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFamily, createPerson, joinFamily } from '../../../test/factories';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts } from '../../db/schema/families';
import { mailOutbox } from '../../db/schema/mail';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from './book';
import { registerInJazz } from './ledger.fixture';

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;

const register = async (email: string) => (await registerInJazz(t, s, setting, email)).fam;

const BALANCE = (id: string) => `/api/myStudio/paymentSystem/account/${id}/email/balance`;
const BALANCES = '/api/myStudio/paymentSystem/email/balances';

const mailsTo = (to: string[], template = 'balance-due') =>
  t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.template, template), inArray(mailOutbox.to, to)))
    .orderBy(mailOutbox.seq);

/** A family of a studio with a charge added by its owner, and its e-mail (or none). */
async function owingFamily(companyId: string, owner: typeof s.a, email: string, amount: number) {
  const fam = await createFamily(t.database.db, companyId, { email });
  await t.database.db.update(familyAccounts).set({ lastName: 'Ng' }).where(eq(familyAccounts.id, fam.id));
  await ok(
    owner.post(`/api/transactions/item/${fam.id}`, {
      item: { typeID: 'costume', item: 'Recital costume', amount, quantity: 1, total: amount },
    }),
  );
  return fam;
}

let carter: Awaited<ReturnType<typeof register>>;

beforeAll(async () => {
  setting = await registrationStudio(s);
  carter = await register('carter@example.com');
});

describe('receipts', () => {
  it('a desk payment mails a receipt that says what it paid, item by item, and the balance after', async () => {
    const book = await readBook(t.database.db, s.companyA, carter.id);
    const [fee, tuition] = book.charges;
    const bill = await ok(s.a.get(`/api/transactions/current/${carter.id}/parent`));
    await ok(
      s.a.post(`/api/transactions/payments/${carter.id}/${bill.id}`, {
        payments: [{ type: 'check', total: 40, reference: '311' }],
      }),
    );
    const [receipt, ...more] = await mailsTo(['carter@example.com'], 'payment-receipt');
    expect(more).toEqual([]);
    expect(receipt!.subject).toMatch(/^Receipt: \$40\.00 received by /);
    expect(receipt!.text).toContain('received $40.00 by check (311) on Nov 21, 2026. Thank you.');
    expect(receipt!.text).toContain(`• ${fee!.item}: $35.00`);
    expect(receipt!.text).toContain(`• ${tuition!.item}: $5.00`);
    expect(receipt!.text).toContain(`Your balance is now ${centsText(book.balance - 4000)}.`);
    expect(receipt!.html).toContain('It paid:');
  });
});

describe('balance e-mails', () => {
  it('mails one family what it owes, each open charge with its working, and links to the portal', async () => {
    const book = await readBook(t.database.db, s.companyA, carter.id);
    expect(book.balance).toBeGreaterThan(0);
    const res = await ok(s.a.post(BALANCE(carter.id), { balance: book.balance / 100 }));
    expect(res.msg).toBe(ledgerMessages.balanceEmailSent('Parent'));
    const [mail, ...more] = await mailsTo(['carter@example.com']);
    expect(more).toEqual([]);
    expect(mail!.subject).toMatch(new RegExp(`: your balance of \\${centsText(book.balance)}$`));
    expect(mail!.text).toContain('Hello Parent family,');
    // Each open charge with what is left of it and its working; the link opens the family's portal.
    const open = book.charges.filter((x) => x.open > 0);
    expect(open.map((c) => c.category)).toContain('tuition');
    for (const c of open) {
      const left = c.open < c.total ? ` left of ${centsText(c.total)}` : '';
      expect(mail!.text).toContain(`• ${c.item}: ${centsText(c.open)}${left}, due`);
      for (const line of c.lines) expect(mail!.text).toContain(line.label);
    }
    expect(mail!.text).toContain('http://localhost:3000/accounts/parents');
    expect(mail!.html).toContain('href="http://localhost:3000/accounts/parents"');
    // Dates as people write them, never as the database keeps them (issue 31 item 16).
    expect(mail!.text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('refuses a balance that changed (409 with the new figure), no balance, and no address; sends nothing then', async () => {
    const book = await readBook(t.database.db, s.companyA, carter.id);
    const before = (await mailsTo(['carter@example.com'])).length;
    const changed = await s.a.post(BALANCE(carter.id), { balance: book.balance / 100 + 10 });
    expect(changed.status).toBe(409);
    expect(changed.body).toEqual([false, ledgerMessages.balanceChanged(centsText(book.balance))]);

    const paidUp = await createFamily(t.database.db, s.companyA, { email: 'paidup@example.com' });
    const none = await s.a.post(BALANCE(paidUp.id), {});
    expect(none.status).toBe(422);
    expect(none.body).toEqual([false, "Oops, this account doesn't have a balance outstanding."]);

    const silent = await owingFamily(s.companyA, s.a, '', 30);
    const noEmail = await s.a.post(BALANCE(silent.id), { balance: 30 });
    expect(noEmail.status).toBe(422);
    expect(noEmail.body).toEqual([false, ledgerMessages.noEmail]);

    expect(await mailsTo(['carter@example.com'])).toHaveLength(before);
    expect(await mailsTo(['paidup@example.com', ''])).toEqual([]);
  });

  it('is the owner’s, of their own studio: another studio’s owner gets 404, a parent 403', async () => {
    const before = (await mailsTo(['carter@example.com'])).length;
    expect((await s.b.post(BALANCE(carter.id), {})).status).toBe(404);
    expect((await carter.parent.post(BALANCE(carter.id), {})).status).toBe(403);
    expect((await carter.parent.post(BALANCES)).status).toBe(403);
    expect(await mailsTo(['carter@example.com'])).toHaveLength(before);
  });

  it('mails every owing family of the studio once, the same mail as one at a time, never another studio’s', async () => {
    // Studio A: Carter (owes), a family that owes without an address, one that owes nothing, one that
    // owes with the address of its first user only. Studio B: a family that owes.
    await createPerson(t.database.db, { email: 'ng.user@example.com', companyId: s.companyA, role: 'user' });
    const userOnly = await owingFamily(s.companyA, s.a, '', 12.5);
    await joinFamily(t.database.db, {
      companyId: s.companyA,
      familyId: userOnly.id,
      email: 'ng.user@example.com',
    });
    const other = await owingFamily(s.companyB, s.b, 'b.family@example.com', 80);

    // What each of studio A's families owes, by its own books.
    const families = await t.database.db
      .select({ id: familyAccounts.id })
      .from(familyAccounts)
      .where(eq(familyAccounts.companyId, s.companyA));
    const owing = [];
    for (const f of families) {
      const book = await readBook(t.database.db, s.companyA, f.id);
      if (book.balance > 0) owing.push(f.id);
    }
    expect(owing.length).toBe(3);

    const single = (await mailsTo(['carter@example.com'])).at(-1)!;
    const res = await ok(s.a.post(BALANCES));
    expect(res.sent).toBe(2);
    expect(res.msg).toBe(
      `${ledgerMessages.balanceEmailsSent(2)} 1 family owing money has no e-mail address.`,
    );
    const carterMails = await mailsTo(['carter@example.com']);
    // The bulk mail reads the books in its own two statements: it says exactly what the single one said.
    expect(carterMails.at(-1)!.text).toBe(single.text);
    expect(carterMails.at(-1)!.html).toBe(single.html);
    const ng = await mailsTo(['ng.user@example.com']);
    expect(ng).toHaveLength(1);
    expect(ng[0]!.text).toContain('• Recital costume: $12.50, due');
    expect(ng[0]!.text).toContain('Hello Parent family,');
    expect(await mailsTo(['b.family@example.com'])).toEqual([]);

    // Studio B's owner mails only B's family.
    const b = await ok(s.b.post(BALANCES));
    expect(b).toEqual({ msg: ledgerMessages.balanceEmailsSent(1), sent: 1 });
    expect(await mailsTo(['b.family@example.com'])).toHaveLength(1);
    expect(other.companyId).toBe(s.companyB);
  });
});
