import { TICKETS_TEXT } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { rowsOf } from '../../db/rows';
import { booksTransactions } from '../../db/schema/books';
import { ticketOrders } from '../../db/schema/recitals';
import { runDue } from '../../jobs/runner';
import type { FinixTransport } from '../payments/finix/transport';
import { TEST_CARDS } from '../payments/payments.fixture';
import { approveMerchant } from '../payments/payouts.fixture';
import { type PaymentProvider, ProviderError } from '../payments/provider';
import { createSandboxProvider, SANDBOX_TOKEN_PATH } from '../payments/providers';
import { ticketJobHandlers } from './job-handlers';
import { expectNoSeatTwice, makeRecital, publicHold, publicPay, seatIds, ticketsIn } from './tickets.fixture';

/**
 * Ticket sales under faults (decision 074): a sale whose answer is lost leaves the order `unknown` and its
 * seats held, and the job finds the transfer by its idempotency id and sells it once; and under any mix of
 * holds, payments, declines, holds running out and refunds, no seat is ever held or sold twice and the
 * studio's books balance.
 */

const faults: ('lost' | 'none')[] = [];
const faulty =
  (inner: FinixTransport): FinixTransport =>
  async (req) => {
    const fault = req.method === 'POST' && req.path === '/transfers' ? (faults.shift() ?? 'none') : 'none';
    const answer = await inner(req);
    if (fault === 'lost') throw new ProviderError('unavailable', 'The connection was reset.');
    return answer;
  };

let provider: PaymentProvider;
const { t, s } = useTwoStudios(
  {},
  {
    payments: (database, clock) => {
      const sandbox = createSandboxProvider({
        db: database.db,
        clock,
        tokenUrl: SANDBOX_TOKEN_PATH,
        wrap: faulty,
      });
      provider = sandbox;
      return { provider, sandbox: sandbox.engine };
    },
  },
);
const db = () => t.database.db;

beforeAll(async () => {
  await approveMerchant(t, s.companyA);
});

const runJobs = async () => {
  const run = { db: db(), clock: t.clock, handlers: ticketJobHandlers(provider, '') };
  while ((await runDue(run)).length > 0);
};

describe('a lost answer', () => {
  it('leaves the order unknown with its seats held; the job finds the sale and sells it once', async () => {
    const r = await makeRecital(db(), s.companyA);
    const held = await publicHold(t, r, r.shows[0], seatIds(r, ['B 1', 'B 2']));
    faults.push('lost');
    const res = await publicPay(t, held.body[1], 4000);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body[1].msg).toBe(TICKETS_TEXT.unknown);
    expect(res.body[1].order.state).toBe('unknown');
    expect(await ticketsIn(db(), r.shows[0], 'held')).toHaveLength(2);
    // Another buyer cannot take the seats meanwhile, however long the answer takes.
    t.clock.advanceMinutes(30);
    expect((await publicHold(t, r, r.shows[0], seatIds(r, ['B 2']), '10.0.0.9')).status).toBe(409);
    await runJobs();
    const [order] = await db().select().from(ticketOrders).where(eq(ticketOrders.id, held.body[1].orderId));
    expect(order).toMatchObject({ state: 'paid', total: 4000 });
    expect(await ticketsIn(db(), r.shows[0], 'sold')).toHaveLength(2);
    const postings = await db()
      .select()
      .from(booksTransactions)
      .where(
        and(
          eq(booksTransactions.companyId, s.companyA),
          eq(booksTransactions.idempotencyKey, `ticket-sale:${order!.id}`),
        ),
      );
    expect(postings).toHaveLength(1);
    expect(postings[0]!.transferId).toBe(order!.transferId);
  });
});

type Op =
  | { kind: 'hold'; seats: number[]; buyer: number }
  | { kind: 'pay'; buyer: number; card: 'good' | 'declined' | 'lost' }
  | { kind: 'wait'; minutes: number }
  | { kind: 'refund'; buyer: number }
  | { kind: 'jobs' };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constant('hold' as const),
    seats: fc.uniqueArray(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 3 }),
    buyer: fc.integer({ min: 0, max: 2 }),
  }),
  fc.record({
    kind: fc.constant('pay' as const),
    buyer: fc.integer({ min: 0, max: 2 }),
    card: fc.constantFrom('good' as const, 'declined' as const, 'lost' as const),
  }),
  fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 12 }) }),
  fc.record({ kind: fc.constant('refund' as const), buyer: fc.integer({ min: 0, max: 2 }) }),
  fc.constant({ kind: 'jobs' as const }),
);

describe('any mix of holds, payments, expiries and refunds', () => {
  it('never holds or sells a seat twice, and the books balance', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 3, maxLength: 10 }), async (ops) => {
        run++;
        const r = await makeRecital(db(), s.companyA, { rows: 2, perRow: 4 });
        const venue = [...r.seats].filter(([l]) => l.startsWith('B ')).map(([, id]) => id);
        const last: ({ orderId: string; secret: string; seats: { seatId: string }[] } | null)[] = [
          null,
          null,
          null,
        ];
        for (const o of ops) {
          const ip = `10.${run % 250}.${ops.indexOf(o)}.1`;
          if (o.kind === 'hold') {
            const seats = o.seats.map((i) => venue[i % venue.length]!);
            const h = await publicHold(t, r, r.shows[0], [...new Set(seats)], ip);
            expect([200, 409]).toContain(h.status);
            if (h.status === 200) last[o.buyer] = h.body[1];
          } else if (o.kind === 'pay' && last[o.buyer]) {
            const h = last[o.buyer]!;
            if (o.card === 'lost') faults.push('lost');
            const res = await publicPay(t, h, h.seats.length * 2000, {
              ip,
              number: o.card === 'declined' ? TEST_CARDS.declined : TEST_CARDS.good,
            });
            faults.length = 0;
            expect([200, 402, 409]).toContain(res.status);
          } else if (o.kind === 'wait') {
            t.clock.advanceMinutes(o.minutes);
          } else if (o.kind === 'jobs') {
            await runJobs();
          } else if (o.kind === 'refund' && last[o.buyer]) {
            const res = await s.a.post(`/api/mystudio/ticket-orders/${last[o.buyer]!.orderId}/refund`, {
              all: true,
              reason: 'Property',
            });
            expect([200, 422]).toContain(res.status);
          }
          await expectNoSeatTwice(db(), [r.shows[0]]);
        }
        const [books] = await rowsOf<{ sum: number; n: number }>(
          db(),
          sql`select coalesce(sum(amount), 0)::int as sum, count(*)::int as n from books_entries where company_id = ${s.companyA}`,
        );
        expect(books!.sum).toBe(0);
        // Ticket income equals what the paid orders took less what was refunded.
        const [income] = await rowsOf<{ books: number; orders: number }>(
          db(),
          sql`select
                (select coalesce(-sum(amount), 0)::int from books_entries where company_id = ${s.companyA} and account = 'ticket_income') as books,
                (select coalesce(sum(total - refunded), 0)::int from ticket_orders where company_id = ${s.companyA} and state in ('paid', 'refunded') and method = 'card') as orders`,
        );
        expect(income!.books).toBe(income!.orders);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
