import { AUTOPAY_TERMS_VERSION } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { instrumentUpdateBatches, paymentCards } from '../../db/schema/payments';
import { runJobsUntil } from '../../jobs/run-until';
import { ok, registrationStudio } from '../class-registration/class-registration.fixture';
import { billingJobHandlers } from '../ledger/job-handlers';
import { registerInJazz } from '../ledger/ledger.fixture';
import { applyUpdaterResults, sendUpdaterBatch } from './account-updater';
import { onAutopay } from './on-autopay';
import { TEST_CARDS, tokenFor } from './payments.fixture';
import { paymentsFor } from './providers';
import { updaterJobHandlers } from './updater-job-handlers';

/**
 * The card account updater (issue 37 item 4, decision 071) over the sandbox: before the families' due
 * dates their cards on auto-pay go in one batch a studio and day; a renewed card is replaced by its new
 * instrument (the old row kept), a closed one marked unusable and its family told once; every answer is
 * recorded; run twice, nothing changes. And a card that will have expired by the next charge is flagged
 * to the family 8 days ahead (at least 7), once; a card the updater renewed is not.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;
beforeAll(async () => {
  setting = await registrationStudio(s);
});

const UPDATER = { renewed: '4000000000001000', closed: '4000000000001109' };
const provider = () => paymentsFor({ db: t.database.db, clock: t.clock, env: {} }).provider;

/** Billing days and the updater's jobs only: the month-ahead notice of auto-pay's day is left out. */
const runDaysUntil = (until: string) =>
  runJobsUntil({
    db: t.database.db,
    until,
    handlers: { ...billingJobHandlers({ onAutopay }), ...updaterJobHandlers(provider(), 'http://app.test') },
    leaseClock: t.clock,
    print: () => {},
  });

const rowsOf = async (query: ReturnType<typeof sql>) =>
  ((await t.database.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;

/** A family in Jazz 1 ($60 a month, due the 1st), its registration paid at the desk, its card on auto-pay. */
async function enrolled(email: string, number: string, expiry = { expMonth: 12, expYear: 2030 }) {
  const { fam } = await registerInJazz(t, s, setting, email);
  const money = await ok(s.a.get(`/api/mystudio/account/${fam.id}/money`));
  await ok(
    s.a.post(`/api/transactions/payments/${fam.id}/${money.current.id}`, {
      payments: [{ type: 'cash', total: money.balance }],
    }),
  );
  await ok(
    fam.parent.post('/api/finix/customer/paymentInstrument', { token: await tokenFor(t, number, expiry) }),
  );
  await ok(fam.parent.put('/api/finix/customer/autopay', { on: true, termsVersion: AUTOPAY_TERMS_VERSION }));
  return fam;
}

const cardsOf = (familyId: string) =>
  t.database.db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.familyId, familyId))
    .orderBy(paymentCards.addedAt);

const mails = (email: string, template: string) =>
  rowsOf(sql`select key, subject, text from mail_outbox where "to" = ${email} and template = ${template}`);

/** Everything the updater writes, to compare before and after a second run. */
const snapshot = async () => ({
  cards: await rowsOf(sql`select * from payment_cards order by id`),
  batches: await rowsOf(sql`select * from instrument_update_batches order by id`),
  mails: await rowsOf(sql`select key, template, "to" from mail_outbox order by seq`),
  atProcessor: await rowsOf(
    sql`select id, body from sandbox_finix_resources where kind in ('instrument_update', 'instrument') order by id`,
  ),
});

let fams: Record<'renewed' | 'closed' | 'expiring' | 'steady', Awaited<ReturnType<typeof enrolled>>>;

describe('the account updater', () => {
  beforeAll(async () => {
    fams = {
      renewed: await enrolled('upd-renewed@example.com', UPDATER.renewed, { expMonth: 12, expYear: 2026 }),
      closed: await enrolled('upd-closed@example.com', UPDATER.closed),
      expiring: await enrolled('upd-expiring@example.com', TEST_CARDS.good, { expMonth: 12, expYear: 2026 }),
      steady: await enrolled('upd-steady@example.com', TEST_CARDS.mastercard),
    };
  });

  it('sends the cards on auto-pay due soon in one batch a studio and day, recorded with its idempotency id', async () => {
    await runDaysUntil('2026-11-22');
    const batches = await t.database.db
      .select()
      .from(instrumentUpdateBatches)
      .where(eq(instrumentUpdateBatches.companyId, s.companyA));
    expect(batches).toHaveLength(1);
    const [batch] = batches;
    expect(batch).toMatchObject({ state: 'applied', batchId: expect.stringMatching(/^IU/) });
    expect(batch!.appliedAt).toBeInstanceOf(Date);
    const live = await rowsOf(
      sql`select instrument_id from payment_cards where company_id = ${s.companyA}
          and updater_checked_at is not null and added_by_name <> 'Account updater'`,
    );
    expect([...batch!.instruments].sort()).toEqual(live.map((r) => String(r.instrument_id)).sort());
    expect(batch!.instruments).toHaveLength(4);
    const atProcessor = await rowsOf(
      sql`select idempotency_id from sandbox_finix_resources where kind = 'instrument_update'`,
    );
    expect(atProcessor.map((r) => r.idempotency_id)).toContain(batch!.id);
  });

  it('replaces a renewed card by its new instrument and expiry, the old row kept', async () => {
    const rows = await cardsOf(fams.renewed.id);
    expect(rows).toHaveLength(2);
    const [old, fresh] = rows;
    expect(old).toMatchObject({
      removedByName: 'Account updater',
      updaterResult: 'CARD_EXPIRATION_UPDATED',
      expYear: 2026,
    });
    expect(old!.removedAt).toBeInstanceOf(Date);
    expect(fresh).toMatchObject({
      removedAt: null,
      rank: 'primary',
      expMonth: 12,
      expYear: 2029,
      last4: '1000',
      updaterResult: 'CARD_EXPIRATION_UPDATED',
    });
    expect(fresh!.instrumentId).not.toBe(old!.instrumentId);
    // The parent's portal shows the renewed card.
    const onFile = await ok(fams.renewed.parent.get('/api/finix/customer/paymentInstrument/default'));
    expect(onFile.card).toMatchObject({ last4: '1000', expYear: 2029, expiry: 'ok' });
  });

  it('marks a closed account unusable and asks its family for a new card, once', async () => {
    const [card] = await cardsOf(fams.closed.id);
    expect(card).toMatchObject({
      unusableCode: 'CLOSED_ACCOUNT',
      updaterResult: 'CLOSED_ACCOUNT',
      removedAt: null,
    });
    expect(card!.unusableAt).toBeInstanceOf(Date);
    const told = await mails('upd-closed@example.com', 'card-unusable');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('can no longer be charged');
    expect(told[0]!.text).toContain('http://app.test/accounts/parents');
    const [steady] = await cardsOf(fams.steady.id);
    expect(steady).toMatchObject({ updaterResult: 'NO_CHANGE_FOUND', unusableAt: null });
  });

  it('changes nothing when its jobs run again', async () => {
    const before = await snapshot();
    const [batch] = await t.database.db
      .select()
      .from(instrumentUpdateBatches)
      .where(eq(instrumentUpdateBatches.companyId, s.companyA));
    const deps = { db: t.database.db, provider: provider() };
    await sendUpdaterBatch(deps, { companyId: s.companyA, day: batch!.day });
    expect(await applyUpdaterResults({ ...deps, appUrl: 'http://app.test' }, batch!.id)).toBeNull();
    // A batch sent again under its id (a lost answer) is the same batch at the processor.
    const again = await deps.provider.createInstrumentUpdate({
      merchantId: batch!.merchantId,
      idempotencyId: batch!.id,
      instrumentIds: batch!.instruments,
    });
    expect(again.id).toBe(batch!.batchId);
    await runDaysUntil('2026-11-22');
    expect(await snapshot()).toEqual(before);
  });

  it('flags a card that will have expired by the next charge 8 days ahead, once; never a renewed one', async () => {
    await runDaysUntil('2026-12-23');
    expect(await mails('upd-expiring@example.com', 'card-expiring')).toEqual([]);
    await runDaysUntil('2026-12-24');
    const told = await mails('upd-expiring@example.com', 'card-expiring');
    expect(told).toHaveLength(1);
    expect(told[0]!.text).toContain('12/2026');
    const [card] = await cardsOf(fams.expiring.id);
    expect(told[0]!.key).toBe(`card-expiring:${card!.id}:2026-12`);
    expect(card!.expiryNoticeFor).toBe('2026-12');
    // The portal's card says so too.
    const onFile = await ok(fams.expiring.parent.get('/api/finix/customer/paymentInstrument/default'));
    expect(onFile.card.expiry).toBe('soon');
    await runDaysUntil('2026-12-28');
    expect(await mails('upd-expiring@example.com', 'card-expiring')).toHaveLength(1);
    expect(await mails('upd-renewed@example.com', 'card-expiring')).toEqual([]);
    // December's batch (for January 1st) did not send the closed card again.
    const sent = await t.database.db
      .select()
      .from(instrumentUpdateBatches)
      .where(and(eq(instrumentUpdateBatches.companyId, s.companyA)));
    const [closed] = await cardsOf(fams.closed.id);
    for (const b of sent.slice(1)) expect(b.instruments).not.toContain(closed!.instrumentId);
    expect(await mails('upd-closed@example.com', 'card-unusable')).toHaveLength(1);
  });
});
