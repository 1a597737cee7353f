import { eq, sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';
import { companies } from '../../db/schema/companies';
import { studioMerchants } from '../../db/schema/payments';
import type { Clock } from '../../lib/clock';
import { createFinixEngine } from '../../sandbox/finix/engine';
import { dbEngineStore } from '../../sandbox/finix/engine-store';
import { SANDBOX_APPLICATION_ID, SANDBOX_MERCHANT_ID } from '../../sandbox/finix/sandbox';
import { createFinixClient } from './finix/client';
import { FINIX_SANDBOX_URL } from './finix/config';
import type { FinixTransport } from './finix/transport';
import { syncPayouts } from './payouts';
import type { PaymentProvider } from './provider';
import { engineTransport } from './providers';

/**
 * What the payouts' tests share (decision 051): a studio's approved merchant, the sandbox processor of
 * a merchant at a given time (over the test's database, as the product's), and a sync of the studio's
 * payouts then.
 */

export const fixedClock = (iso: string): Clock => ({ now: () => new Date(iso) });

/** The studio's merchant, approved (the onboarding's row, written here as it would leave it). */
export async function approveMerchant(t: TestApp, companyId: string, merchantId = SANDBOX_MERCHANT_ID) {
  await t.database.db
    .insert(studioMerchants)
    .values({ companyId, provider: 'sandbox', merchantId, identityId: `ID${merchantId}`, state: 'approved' })
    .onConflictDoUpdate({ target: studioMerchants.companyId, set: { merchantId, state: 'approved' } });
}

/** The sandbox processor for `merchantId`, its clock at `at`, through `wrap` (a network's faults). */
export function sandboxAt(
  t: TestApp,
  at: string | Clock,
  merchantId = SANDBOX_MERCHANT_ID,
  wrap: (transport: FinixTransport) => FinixTransport = (x) => x,
): PaymentProvider & { tokenize(number: string): Promise<string> } {
  const clock = typeof at === 'string' ? fixedClock(at) : at;
  const engine = createFinixEngine({
    store: dbEngineStore(t.database.db),
    clock,
    merchantId,
    applicationId: SANDBOX_APPLICATION_ID,
    baseUrl: FINIX_SANDBOX_URL,
  });
  const client = createFinixClient({
    transport: wrap(engineTransport(engine)),
    merchantId,
    applicationId: SANDBOX_APPLICATION_ID,
    webhook: null,
    browser: { kind: 'sandbox', applicationId: SANDBOX_APPLICATION_ID, tokenUrl: '/sandbox' },
    name: 'sandbox',
  });
  return {
    ...client,
    async tokenize(number) {
      const answer = await engine.tokenize({ number, expMonth: 12, expYear: 2030, cvv: '123' });
      return (answer.body as { id: string }).id;
    },
  };
}

export async function timeZoneOf(t: TestApp, companyId: string): Promise<string> {
  const [row] = await t.database.db
    .select({ zone: companies.timeZone })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!.zone;
}

/** The studio's payouts synced at `at`, with its own merchant's processor. */
export async function syncAt(t: TestApp, companyId: string, at: string, merchantId = SANDBOX_MERCHANT_ID) {
  return syncPayouts(
    { db: t.database.db, provider: sandboxAt(t, at, merchantId) },
    { companyId, timeZone: await timeZoneOf(t, companyId) },
  );
}

/** A sale straight at the processor for `merchantId` (no family of ours), made at `at`. */
export async function saleAt(t: TestApp, at: string, merchantId: string, amount: number) {
  const processor = sandboxAt(t, at, merchantId);
  const buyer = await processor.createBuyer({
    firstName: 'Pat',
    lastName: 'Walk-in',
    email: null,
    phone: null,
    tags: {},
  });
  const card = await processor.createInstrument({
    token: await processor.tokenize('4895142232120006'),
    buyerId: buyer.id,
    tags: {},
  });
  return processor.sale({
    merchantId,
    instrumentId: card.id,
    amount,
    idempotencyId: crypto.randomUUID(),
    tags: {},
  });
}

type Rows = { rows: Record<string, unknown>[] };

/** Every payout of the database with its studio, merchant and items' sums: what tests compare. */
export async function allPayouts(t: TestApp) {
  const found = (await t.database.db.execute(
    sql`select p.company_id as "companyId", p.merchant_id as "merchantId", p.settlement_id as "settlementId",
          p.gross, p.fees, p.net, p.tx_id as "txId",
          (select coalesce(sum(i.amount), 0)::int from processor_payout_items i where i.payout_id = p.id) as "itemSum",
          (select coalesce(sum(i.fee), 0)::int from processor_payout_items i where i.payout_id = p.id) as "itemFees",
          (select count(*)::int from processor_payout_items i where i.payout_id = p.id and i.company_id <> p.company_id) as "strayItems",
          (select count(*)::int from books_entries e where e.tx_id = p.tx_id and e.company_id <> p.company_id) as "strayEntries"
        from processor_payouts p order by p.paid_on, p.settlement_id`,
  )) as unknown as Rows;
  return found.rows as {
    companyId: string;
    merchantId: string;
    settlementId: string;
    gross: number;
    fees: number;
    net: number;
    txId: string | null;
    itemSum: number;
    itemFees: number;
    strayItems: number;
    strayEntries: number;
  }[];
}
