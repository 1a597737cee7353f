import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { jobs } from '../../db/schema/jobs';
import { paymentAttempts, paymentCards, paymentReturns } from '../../db/schema/payments';
import { runJobsUntil } from '../../jobs/run-until';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { readBook } from '../ledger/book';
import { registerInJazz } from '../ledger/ledger.fixture';
import { returnJobHandlers } from './job-handlers';
import { paymentsFor } from './providers';
import { followUpReturn, presentAgain, returnMailKey } from './returns';
import { bankOnFile, bookedDebit, RETURN_FEE, returnedDebit } from './returns.fixture';

/**
 * What follows a returned bank debit (issue 37 item 2, decision 068): the family told once, a return for
 * funds presented again at most twice within 180 days (on the day the domain's rule chooses), any other
 * never presented again and the account marked unusable. 067's side (the return booked) is made by
 * returns.fixture.ts. The owner's return rates are in returns-page.test.ts.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

const APP_URL = 'https://studio.example';
const handlers = () =>
  returnJobHandlers({
    provider: paymentsFor({ db: t.database.db, clock: t.clock, env: {} }).provider,
    appUrl: APP_URL,
  });
/** The return jobs due by the end of `until`, as `npm run jobs -- --until` runs them. */
const runUntil = (until: string) =>
  runJobsUntil({ db: t.database.db, until, handlers: handlers(), leaseClock: t.clock, print: () => {} });

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
const mailsOf = (returnId: string) =>
  rowsOf(sql`select subject, text from mail_outbox where key = ${returnMailKey(returnId)}`);
const representJobs = (firstAttemptId: string) =>
  t.database.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, 'payments.represent'), sql`${jobs.key} like ${`${firstAttemptId}:%`}`));
const presentments = (firstAttemptId: string) =>
  t.database.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.firstAttemptId, firstAttemptId))
    .orderBy(paymentAttempts.presentment);
const methodOf = async (id: string) =>
  (await t.database.db.select().from(paymentCards).where(eq(paymentCards.id, id)))[0]!;

/** A family of studio A that owes $50.00 and keeps a checking account on file. */
async function bankFamily(email: string) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const method = await bankOnFile(t, fam.parent);
  return { fam, method };
}

describe('a debit returned for insufficient funds (R01)', () => {
  it('is presented again twice, on the days chosen, and then never; the family is told each time once', async () => {
    const { fam, method } = await bankFamily('r01@example.com');
    const first = await bookedDebit(t, method, {
      amount: 5000,
      at: new Date('2026-11-16T15:00:00Z'),
      today: '2026-11-16',
    });
    // Returned Friday the 20th: presented again from Monday the 23rd (the 2nd of December is too far).
    const r1 = await returnedDebit(t, first, { code: 'R01', returnedOn: '2026-11-20' });
    await runUntil('2026-11-21');
    const [mail] = await mailsOf(r1);
    expect(mail!.subject).toContain('your bank returned a payment of $50.00');
    expect(mail!.text).toContain('Your bank said there was not enough money in the account.');
    expect(mail!.text).toContain('Chase Bank •••• 6789');
    expect(mail!.text).toContain(`A returned payment fee of $35.00 was added`);
    expect(mail!.text).toContain('We will present it again on Nov 23, 2026');
    expect(mail!.text).toContain(`${APP_URL}/accounts/parents?method=new`);
    const [job] = await representJobs(first.id);
    expect(job).toMatchObject({
      key: `${first.id}:2`,
      payload: { presentment: 2, firstAttemptId: first.id },
    });
    expect(await presentments(first.id)).toHaveLength(0);

    // The 23rd: presented again, for the returned amount, by the same account.
    await runUntil('2026-11-23');
    const [second] = await presentments(first.id);
    expect(second).toMatchObject({
      origin: 'represent',
      method: 'bank',
      cardId: method.id,
      presentment: 2,
      amount: 5000,
      state: 'succeeded',
    });
    expect(
      (await t.database.db.select().from(paymentReturns).where(eq(paymentReturns.id, r1)))[0],
    ).toMatchObject({ representAttemptId: second!.id });

    // Returned again on the 25th: presented a third time on Wednesday December 2nd, the day after payday.
    const r2 = await returnedDebit(t, second!, { code: 'R09', returnedOn: '2026-11-25' });
    await runUntil('2026-11-25');
    expect((await mailsOf(r2))[0]!.text).toContain('We will present it again on Dec 2, 2026');
    await runUntil('2026-12-02');
    const third = (await presentments(first.id))[1]!;
    expect(third).toMatchObject({ presentment: 3, firstAttemptId: first.id, origin: 'represent' });

    // Returned a third time: never presented again; the account is not debited again.
    const r3 = await returnedDebit(t, third, { code: 'R01', returnedOn: '2026-12-04' });
    await runUntil('2026-12-31');
    expect(await presentments(first.id)).toHaveLength(2);
    expect(await representJobs(first.id)).toHaveLength(2);
    expect((await mailsOf(r3))[0]!.text).toContain('Please add another payment method');
    expect(await methodOf(method.id)).toMatchObject({ unusableCode: 'R01' });
    expect((await methodOf(method.id)).unusableAt).not.toBeNull();
    // Three returns, three fees: what the family owes is its $50.00 and the fees.
    const book = await readBook(t.database.db, s.companyA, fam.id);
    expect(book.balance).toBe(5000 + 3 * RETURN_FEE);
    // The books balance, and the three debits taken, each returned, leave no money received.
    const [sums] = await rowsOf(
      sql`select coalesce(sum(amount), 0)::int as total,
            coalesce(sum(amount) filter (where account = 'card'), 0)::int as received
          from ledger_entries where family_id = ${fam.id}`,
    );
    expect(sums).toEqual({ total: 0, received: 0 });
  });

  it('run twice, the follow-up tells once and queues one re-presentment; presenting twice writes one debit', async () => {
    const { method } = await bankFamily('twice@example.com');
    const first = await bookedDebit(t, method, {
      amount: 5000,
      at: new Date('2026-11-16T15:00:00Z'),
      today: '2026-11-16',
    });
    const r = await returnedDebit(t, first, { code: 'R01', returnedOn: '2026-11-20' });
    const deps = { db: t.database.db, clock: t.clock, appUrl: APP_URL };
    const once = await followUpReturn(deps, r);
    const again = await followUpReturn(deps, r);
    expect(once).toMatchObject({ kind: 'represent', on: '2026-11-23', presentment: 2, told: true });
    expect(again).toMatchObject({ kind: 'represent', told: false });
    expect(await mailsOf(r)).toHaveLength(1);
    expect(await representJobs(first.id)).toHaveLength(1);

    const payments = { db: t.database.db, clock: t.clock, provider: handlersProvider() };
    const ask = { returnId: r, firstAttemptId: first.id, presentment: 2 };
    const sent = await presentAgain(payments, ask);
    const twice = await presentAgain(payments, ask);
    expect(sent).toMatchObject({ kind: 'sent', state: 'succeeded' });
    expect(twice).toMatchObject({ kind: 'exists' });
    expect(await presentments(first.id)).toHaveLength(1);
  });

  it('presents only what the family still owes, and nothing once it owes nothing', async () => {
    const { fam, method } = await bankFamily('capped@example.com');
    const first = await bookedDebit(t, method, {
      amount: 5000,
      at: new Date('2026-11-16T15:00:00Z'),
      today: '2026-11-16',
    });
    const r = await returnedDebit(t, first, { code: 'R01', returnedOn: '2026-11-20' });
    const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
    // It owes $85.00 (the $50.00 again and the fee); it pays $60.00 at the desk: $25.00 is left.
    await ok(
      s.a.post(`/api/transactions/payments/${fam.id}/${money.current.id}`, {
        payments: [{ type: 'cash', total: 60 }],
      }),
    );
    const payments = { db: t.database.db, clock: t.clock, provider: handlersProvider() };
    const sent = await presentAgain(payments, { returnId: r, firstAttemptId: first.id, presentment: 2 });
    expect(sent).toMatchObject({ kind: 'sent', attempt: { amount: 2500, presentment: 2 } });

    const other = await bankFamily('paid@example.com');
    const debit = await bookedDebit(t, other.method, {
      amount: 5000,
      at: new Date('2026-11-16T15:00:00Z'),
      today: '2026-11-16',
    });
    const r2 = await returnedDebit(t, debit, { code: 'R01', returnedOn: '2026-11-20', fee: 0 });
    const owed = await ok(s.a.get(`/api/mystudio/account/${other.fam.id}/money`));
    await ok(
      s.a.post(`/api/transactions/payments/${other.fam.id}/${owed.current.id}`, {
        payments: [{ type: 'cash', total: owed.balance }],
      }),
    );
    // A charge posted since is another obligation: the re-presentment never debits it (Nacha).
    await ok(
      s.a.post(`/api/transactions/item/${other.fam.id}`, {
        item: { typeID: 'other', item: 'Recital DVD', amount: 40, quantity: 1, total: 40 },
      }),
    );
    expect(await presentAgain(payments, { returnId: r2, firstAttemptId: debit.id, presentment: 2 })).toEqual({
      kind: 'none',
      why: 'paid',
    });
    expect(await presentments(debit.id)).toHaveLength(0);
  });

  it('is not presented again past 180 days from the first debit', async () => {
    const { method } = await bankFamily('late@example.com');
    const first = await bookedDebit(t, method, {
      amount: 5000,
      at: new Date('2026-05-25T15:00:00Z'),
      today: '2026-11-16',
    });
    const r = await returnedDebit(t, first, { code: 'R01', returnedOn: '2026-11-20' });
    await runUntil('2026-11-21');
    expect(await representJobs(first.id)).toHaveLength(0);
    expect((await mailsOf(r))[0]!.text).toContain('Please add another payment method');
    expect(await methodOf(method.id)).toMatchObject({ unusableCode: 'R01' });
  });

  it('is not presented again to an account the family removed', async () => {
    const { method } = await bankFamily('removed@example.com');
    const first = await bookedDebit(t, method, {
      amount: 5000,
      at: new Date('2026-11-16T15:00:00Z'),
      today: '2026-11-16',
    });
    await t.database.db
      .update(paymentCards)
      .set({ removedAt: new Date('2026-11-19T12:00:00Z'), removedByName: 'Parent' })
      .where(eq(paymentCards.id, method.id));
    const r = await returnedDebit(t, first, { code: 'R01', returnedOn: '2026-11-20' });
    await runUntil('2026-11-21');
    expect(await representJobs(first.id)).toHaveLength(0);
    expect((await mailsOf(r))[0]!.text).toContain('Please add another payment method');
  });
});

describe('a debit returned as not authorized (R10)', () => {
  it('is never presented again, its account is marked unusable, and another method is asked for', async () => {
    const { method } = await bankFamily('r10@example.com');
    const first = await bookedDebit(t, method, {
      amount: 5000,
      at: new Date('2026-11-16T15:00:00Z'),
      today: '2026-11-16',
    });
    const r = await returnedDebit(t, first, { code: 'R10', returnedOn: '2026-11-20' });
    await runUntil('2026-12-31');
    expect(await representJobs(first.id)).toHaveLength(0);
    expect(await presentments(first.id)).toHaveLength(0);
    const m = await methodOf(method.id);
    expect(m.unusableCode).toBe('R10');
    expect(m.unusableAt).not.toBeNull();
    const mails = await mailsOf(r);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Your bank said the account holder did not authorize this debit.');
    expect(mails[0]!.text).toContain('We will not debit this account again.');
    // A re-presentment asked all the same (a job of another hand) writes nothing to an unusable account.
    const payments = { db: t.database.db, clock: t.clock, provider: handlersProvider() };
    expect(await presentAgain(payments, { returnId: r, firstAttemptId: first.id, presentment: 2 })).toEqual({
      kind: 'none',
      why: 'method',
    });
  });

  it('an administrative return (R02, account closed) is not presented again either', async () => {
    const { method } = await bankFamily('r02@example.com');
    const first = await bookedDebit(t, method, {
      amount: 5000,
      at: new Date('2026-11-16T15:00:00Z'),
      today: '2026-11-16',
    });
    await returnedDebit(t, first, { code: 'R02', returnedOn: '2026-11-20' });
    await runUntil('2026-12-31');
    expect(await representJobs(first.id)).toHaveLength(0);
    expect(await methodOf(method.id)).toMatchObject({ unusableCode: 'R02' });
  });
});

function handlersProvider() {
  return paymentsFor({ db: t.database.db, clock: t.clock, env: {} }).provider;
}
