import { AUTOPAY_TERMS_VERSION, autopayMessages, cardMessages } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { autopayConsents, autopayRuns } from '../../db/schema/payments';
import { announce } from '../../jobs/define';
import { runJobsUntil } from '../../jobs/run-until';
import { announcer } from '../../jobs/runner';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { ledgerEvents } from '../ledger';
import { readBook } from '../ledger/book';
import { billingJobHandlers } from '../ledger/job-handlers';
import { registerInJazz } from '../ledger/ledger.fixture';
import { ledgerSnapshot, rowsChanged } from '../ledger/ledger-model.fixture';
import { paymentJobHandlers } from './job-handlers';
import { onAutopay } from './on-autopay';
import {
  expectCapturedBookedOnce,
  ledgerCardPayments,
  processorSales,
  saveTestCard,
  TEST_CARDS,
  tokenFor,
} from './payments.fixture';
import { paymentsFor } from './providers';

/**
 * Automatic payments (issue 17 point 5): consent, the reminder three days before, the charge of the
 * balance due on the day, retries of a soft decline on the retry schedule (decision 070), a hard decline
 * that stops and asks for
 * a new card, and the owner's page, retry and pause. Billing days run as `npm run jobs -- --until` runs
 * them. The studio's billing days only go forward, so each test bills its own days in order.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

/** The billing days' and auto-pay's handlers. */
const runHandlers = () => ({
  ...billingJobHandlers({ onAutopay }),
  // The sandbox processor keeps its records in the database: a provider of its own sees the app's.
  ...paymentJobHandlers(paymentsFor({ db: t.database.db, clock: t.clock, env: {} }).provider),
});

/** The studio's billing days and their auto-pay jobs, up to the end of `until`. */
const runDaysUntil = (until: string) =>
  runJobsUntil({ db: t.database.db, until, handlers: runHandlers(), leaseClock: t.clock, print: () => {} });

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/**
 * A family registered in Jazz 1 ($60 a month) with a card and auto-pay on, which paid what it owed at
 * registration ($50.00) at the desk: its first automatic charge is December's.
 */
async function enrolled(email: string, card: string = TEST_CARDS.good) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  await ok(
    s.a.post(`/api/transactions/payments/${fam.id}/${money.current.id}`, {
      payments: [{ type: 'cash', total: money.balance }],
    }),
  );
  await saveTestCard(t, fam.parent, card);
  const on = await ok(
    fam.parent.put('/api/finix/customer/autopay', { on: true, termsVersion: AUTOPAY_TERMS_VERSION }),
  );
  expect(on).toMatchObject({ on: true, paused: false, msg: autopayMessages.on });
  return fam;
}

const mailsTo = async (email: string, template: string) =>
  (
    (await t.database.db.execute(
      sql`select subject, text from mail_outbox where "to" = ${email} and template = ${template} order by seq`,
    )) as unknown as { rows: { subject: string; text: string }[] }
  ).rows;

const runsOf = (familyId: string) =>
  t.database.db
    .select()
    .from(autopayRuns)
    .where(eq(autopayRuns.familyId, familyId))
    .orderBy(autopayRuns.tryNo);

describe('consent', () => {
  it('is given for the card on file, with the words read and their version, and withdrawn', async () => {
    const { fam } = await registerInJazz(t, s, setting, 'auto-consent@example.com');
    const before = await ok(fam.parent.get('/api/finix/customer/autopay'));
    expect(before).toMatchObject({ on: false, terms: null, next: null });
    const noCard = await fam.parent.put('/api/finix/customer/autopay', {
      on: true,
      termsVersion: AUTOPAY_TERMS_VERSION,
    });
    expect(noCard.status).toBe(422);
    expect(noCard.body).toEqual([false, cardMessages.noCard]);

    await saveTestCard(t, fam.parent);
    const offer = await ok(fam.parent.get('/api/finix/customer/autopay'));
    expect(offer.terms.version).toBe(AUTOPAY_TERMS_VERSION);
    expect(offer.terms.text).toContain('Visa •••• 0006');
    const stale = await fam.parent.put('/api/finix/customer/autopay', {
      on: true,
      termsVersion: 'autopay-2020',
    });
    expect(stale.status).toBe(409);

    const on = await ok(
      fam.parent.put('/api/finix/customer/autopay', { on: true, termsVersion: AUTOPAY_TERMS_VERSION }),
    );
    expect(on).toMatchObject({ on: true, consentedBy: expect.any(String) });
    // December 1st's $60.00 and the $50.00 owed now.
    expect(on.next).toEqual({ on: '2026-12-01', amount: 110 });
    const [consent] = await t.database.db
      .select()
      .from(autopayConsents)
      .where(eq(autopayConsents.familyId, fam.id));
    expect(consent).toMatchObject({ termsVersion: AUTOPAY_TERMS_VERSION, withdrawnAt: null });
    expect(consent!.termsText).toBe(offer.terms.text);

    const off = await ok(fam.parent.put('/api/finix/customer/autopay', { on: false }));
    expect(off).toMatchObject({ on: false, msg: autopayMessages.off });
    // Removing the card withdraws a consent given again.
    await ok(
      fam.parent.put('/api/finix/customer/autopay', { on: true, termsVersion: AUTOPAY_TERMS_VERSION }),
    );
    expect((await ok(fam.parent.delete('/api/finix/customer/paymentInstrument/default'))).msg).toBe(
      cardMessages.cardRemovedAutopayOff,
    );
    expect((await ok(fam.parent.get('/api/finix/customer/autopay'))).on).toBe(false);
  });
});

describe('the billing days charge by themselves', () => {
  it('remind three days before, charge the balance due on the day once, retry soft declines, stop at hard ones', async () => {
    const paying = await enrolled('auto-good@example.com');
    const soft = await enrolled('auto-soft@example.com', TEST_CARDS.insufficient);
    const hard = await enrolled('auto-hard@example.com', TEST_CARDS.expired);
    const paused = await enrolled('auto-paused@example.com');
    expect((await ok(s.a.put(`/api/mystudio/autopay/${paused.id}/pause`, { paused: true }))).msg).toMatch(
      /are paused/,
    );

    // November 28th: the reminder.
    await runDaysUntil('2026-11-28');
    const [reminder] = await mailsTo('auto-good@example.com', 'autopay-reminder');
    expect(reminder!.subject).toContain('$60.00 will be charged on Dec 1, 2026');
    expect(reminder!.text).toContain('Visa •••• 0006');
    expect(await mailsTo('auto-paused@example.com', 'autopay-reminder')).toEqual([]);
    expect(await processorSales(t, paying.id)).toEqual([]);

    // December 1st: the balance due that day, December's $60.00.
    await runDaysUntil('2026-12-01');
    expect(await processorSales(t, paying.id)).toEqual([{ state: 'SUCCEEDED', amount: 6000 }]);
    await expectCapturedBookedOnce(t, paying.id);
    expect((await readBook(t.database.db, s.companyA, paying.id)).balance).toBe(0);
    // Its receipt, after the desk's.
    const receipts = await mailsTo('auto-good@example.com', 'payment-receipt');
    expect(receipts).toHaveLength(2);
    expect(receipts[1]!.text).toContain('$60.00 by card on file (Visa •••• 0006)');
    expect(await runsOf(paused.id)).toEqual([]);

    const softRuns = await runsOf(soft.id);
    expect(softRuns.map((r) => [r.tryNo, r.ranOn])).toEqual([[1, '2026-12-01']]);
    const [declined] = await mailsTo('auto-soft@example.com', 'autopay-declined');
    expect(declined!.text).toContain('not enough funds');
    // The retry schedule (decision 070): the day after the 1st's payday.
    expect(declined!.text).toContain('We will try again on Dec 2, 2026');
    expect(declined!.text).toContain('?pay=now');
    const [needCard] = await mailsTo('auto-hard@example.com', 'autopay-declined');
    expect(needCard!.subject).toContain('a new card is needed');

    // The retries of the soft decline, on the 2nd (after the payday) and the 4th (a Friday); none for the
    // hard one; nothing twice.
    await runDaysUntil('2026-12-10');
    await runDaysUntil('2026-12-10');
    expect((await runsOf(soft.id)).map((r) => [r.tryNo, r.ranOn])).toEqual([
      [1, '2026-12-01'],
      [2, '2026-12-02'],
      [3, '2026-12-04'],
    ]);
    expect((await runsOf(hard.id)).map((r) => r.tryNo)).toEqual([1]);
    expect(await processorSales(t, paying.id)).toHaveLength(1);
    expect(await ledgerCardPayments(t, soft.id)).toEqual([]);

    // The late fee still follows the studio's grace days.
    await runDaysUntil('2026-12-16');
    const softBook = await readBook(t.database.db, s.companyA, soft.id);
    expect(softBook.charges.filter((c) => c.category === 'late_fee')).toHaveLength(1);

    // January 1st: the hard-declined card is not tried again; the family is asked for a new card.
    await runDaysUntil('2027-01-01');
    const hardRuns = await runsOf(hard.id);
    expect(hardRuns.at(-1)).toMatchObject({ dueOn: '2027-01-01', result: 'skipped' });
    expect(hardRuns.at(-1)!.reason).toContain('A new card is needed');
    expect((await processorSales(t, hard.id)).filter((x) => x.state === 'SUCCEEDED')).toEqual([]);

    // The owner's page: the runs with their results and reasons, and totals.
    const page = await ok(s.a.get('/api/mystudio/autopay?pageSize=100'));
    expect(page.enrolled.map((e: { family: string }) => e.family)).toHaveLength(
      (
        await t.database.db
          .select()
          .from(autopayConsents)
          .where(and(eq(autopayConsents.companyId, s.companyA)))
      ).filter((c) => c.withdrawnAt === null).length,
    );
    expect(page.enrolled.find((e: { coAcctMemID: string }) => e.coAcctMemID === soft.id)).toMatchObject({
      hasCard: true,
      card: expect.stringMatching(/•••• \d{4}$/),
    });
    const ofSoft = page.runs.items.filter((r: { coAcctMemID: string }) => r.coAcctMemID === soft.id);
    // December 1st's tries (the 1st, 2nd, 4th, 11th) until the late fee's day (it fell due on the 15th),
    // whose charge asks for the whole balance and carries on alone (the 15th, 16th, 18th, 25th), until
    // January 1st's first.
    expect(ofSoft.map((r: { ranOn: string; tryNo: number }) => `${r.ranOn}#${r.tryNo}`).sort()).toEqual([
      '2026-12-01#1',
      '2026-12-02#2',
      '2026-12-04#3',
      '2026-12-11#4',
      '2026-12-15#1',
      '2026-12-16#2',
      '2026-12-18#3',
      '2026-12-25#4',
      '2027-01-01#1',
    ]);
    expect(new Set(ofSoft.map((r: { result: string }) => r.result))).toEqual(new Set(['declined']));
    expect(ofSoft[0].reason).toBe('The card was declined: there are not enough funds on it.');
    expect(page.totals.charges).toBeGreaterThanOrEqual(2);
    expect(page.next.on).toBe('2027-02-01');
  });

  it('hear each billing day posted once: announced again, no job is queued and nothing is charged again', async () => {
    const fam = await enrolled('auto-heard-once@example.com');
    await runDaysUntil('2026-12-01');
    const state = async () => ({
      jobs: (await rowsOf(sql`select kind, key, state, attempts from jobs order by kind, key`)).map((r) =>
        Object.values(r).join(' '),
      ),
      attempts: (await rowsOf(sql`select id, kind, state, amount from payment_attempts order by id`)).map(
        (r) => Object.values(r).join(' '),
      ),
      ledger: await ledgerSnapshot(t.database.db),
      sales: await processorSales(t, fam.id),
    });
    const before = await state();
    expect(before.jobs.some((j) => j.startsWith(`autopay.day ${s.companyA}:2026-12-01 done`))).toBe(true);

    // Every day posted of the studio announced again, as a billing day run a second time announces it.
    const handlers = runHandlers();
    const days = await rowsOf(
      sql`select key, payload->>'day' as day from jobs where kind = 'billing.day' and state = 'done'
          and company_id = ${s.companyA}`,
    );
    expect(days.length).toBeGreaterThan(0);
    for (const d of days) {
      const queued = await announce(
        { announce: announcer(handlers) },
        t.database.db,
        ledgerEvents.dayPosted,
        {
          key: String(d.key),
          companyId: s.companyA,
          payload: { day: String(d.day) },
        },
      );
      expect(queued).toBe(0);
    }
    await runDaysUntil('2026-12-01');
    const after = await state();
    expect(after.jobs).toEqual(before.jobs);
    expect(after.attempts).toEqual(before.attempts);
    expect(rowsChanged(before.ledger, after.ledger)).toEqual([]);
    expect(after.ledger.size).toBe(before.ledger.size);
    expect(after.sales).toEqual(before.sales);
  });

  it('tells a family once, a month ahead, that its card expires', async () => {
    const fam = await enrolled('auto-expiring@example.com');
    const token = await tokenFor(t, TEST_CARDS.good, { expMonth: 2, expYear: 2027 });
    await ok(fam.parent.post('/api/finix/customer/paymentInstrument', { token }));
    await runDaysUntil('2027-01-05');
    await runDaysUntil('2027-01-10');
    const told = await mailsTo('auto-expiring@example.com', 'card-expiring');
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain('expires 02/2027');
    expect(told[0]!.text).toContain('Automatic payments are charged to it');
    expect((await ok(fam.parent.get('/api/finix/customer/paymentInstrument/default'))).card.expiry).toBe(
      'ok',
    );
  });

  it('the owner charges a family now: a decline says why, a good card pays what is due, then nothing is', async () => {
    const { fam } = await registerInJazz(t, s, setting, 'auto-retry@example.com');
    await saveTestCard(t, fam.parent, TEST_CARDS.insufficient);
    const declined = await s.a.post(`/api/mystudio/autopay/${fam.id}/retry`, {});
    expect(declined.status).toBe(402);
    expect(declined.body).toEqual([false, 'The card was declined: there are not enough funds on it.']);
    await saveTestCard(t, fam.parent);
    const retried = await ok(s.a.post(`/api/mystudio/autopay/${fam.id}/retry`, {}));
    expect(retried).toMatchObject({ state: 'succeeded', amount: 50 });
    expect((await readBook(t.database.db, s.companyA, fam.id)).balance).toBe(0);
    await expectCapturedBookedOnce(t, fam.id);
    const nothing = await s.a.post(`/api/mystudio/autopay/${fam.id}/retry`, {});
    expect(nothing.status).toBe(422);
    expect(nothing.body).toEqual([false, autopayMessages.nothingDue]);
    // Listed as the studio's tries.
    const page = await ok(s.a.get('/api/mystudio/autopay?pageSize=100'));
    const mine = page.runs.items.filter((r: { coAcctMemID: string }) => r.coAcctMemID === fam.id);
    expect(mine.map((r: { tryNo: number; result: string }) => [r.tryNo, r.result])).toEqual([
      [10, 'charged'],
      [9, 'declined'],
    ]);
  });

  it('the owner pauses and resumes; another studio reaches nothing', async () => {
    const fam = await enrolled('auto-pause2@example.com');
    expect((await s.b.put(`/api/mystudio/autopay/${fam.id}/pause`, { paused: true })).status).toBe(404);
    expect((await s.b.post(`/api/mystudio/autopay/${fam.id}/retry`, {})).status).toBe(404);
    await ok(s.a.put(`/api/mystudio/autopay/${fam.id}/pause`, { paused: true }));
    expect((await ok(fam.parent.get('/api/finix/customer/autopay'))).paused).toBe(true);
    await ok(s.a.put(`/api/mystudio/autopay/${fam.id}/pause`, { paused: false }));
    expect((await ok(fam.parent.get('/api/finix/customer/autopay'))).paused).toBe(false);
    await ok(fam.parent.put('/api/finix/customer/autopay', { on: false }));
    const notOn = await s.a.put(`/api/mystudio/autopay/${fam.id}/pause`, { paused: true });
    expect(notOn.status).toBe(422);
    expect(notOn.body).toEqual([false, autopayMessages.notOn]);
  });
});
