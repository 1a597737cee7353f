import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appOn } from '../../../test/build-test-app';
import { signIn } from '../../../test/flows';
import { addItem, LEDGER } from '../../../test/fuzz/ledger-scene';
import { type Caller, caller } from '../../../test/studios';
import { useTwoStudios } from '../../../test/studios-base';
import { familyOf } from '../class-registration/class-registration.fixture';
import { rows } from '../ledger/ledger-model.fixture';

/**
 * Two studios' deposits never mix (issue 34 item 3, decision 050): both deposit at once, each its own
 * payments, numbered 1, 2, 3 … of its own, each line in its own books; a server started again on the
 * same database numbers on from where the studio was.
 */

const { t, s } = useTwoStudios();
const payments: Record<'a' | 'b', string[]> = { a: [], b: [] };

async function checks(owner: Caller, companyId: string, key: 'a' | 'b', n: number) {
  const family = (await familyOf(t, companyId, `mix-${key}@family.example`, [{ firstName: 'Ida' }])).id;
  for (let i = 0; i < n; i++) {
    const item = await addItem(owner, family, 10 + i);
    const res = await owner.post(LEDGER.payments(family, item.bill), {
      payments: [{ type: 'check', total: 10 + i, reference: `${key}${i}`, items: [item.item] }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    payments[key].push((res.body[1].payments as { id: string }[]).at(-1)!.id);
  }
}

beforeAll(async () => {
  await checks(s.a, s.companyA, 'a', 6);
  await checks(s.b, s.companyB, 'b', 6);
});

describe("two studios' deposits", () => {
  it('never mix when made at once, and each studio numbers its own', async () => {
    const pairs = (key: 'a' | 'b') => [0, 2, 4].map((i) => payments[key].slice(i, i + 2));
    const answers = await Promise.all([
      ...pairs('a').map((p) => s.a.post('/api/mystudio/books/deposits', { payments: p })),
      ...pairs('b').map((p) => s.b.post('/api/mystudio/books/deposits', { payments: p })),
      // Each owner reaching for the other studio's payment finds none.
      s.a.post('/api/mystudio/books/deposits', { payments: [payments.b[0]] }),
      s.b.post('/api/mystudio/books/deposits', { payments: [payments.a[0]] }),
    ]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 404, 404]);
    const numbers = await rows<{ company_id: string; numbers: number[] }>(
      t.database.db,
      sql`select company_id, array_agg(number order by number) as numbers from bank_deposits group by company_id`,
    );
    expect(numbers.map((r) => r.numbers)).toEqual([
      [1, 2, 3],
      [1, 2, 3],
    ]);
    // Every item's payment is of a family of the deposit's own studio; every line in its own books.
    const crossed = await rows(
      t.database.db,
      sql`select i.payment_tx_id from bank_deposit_items i
          join bank_deposits d on d.id = i.deposit_id
          join ledger_payments p on p.tx_id = i.payment_tx_id
        where p.company_id <> d.company_id or i.company_id <> d.company_id
      union all
      select d.id from bank_deposits d join books_transactions x on x.id = d.tx_id
        where x.company_id <> d.company_id or x.idempotency_key <> 'deposit:' || d.number`,
    );
    expect(crossed).toEqual([]);
  });

  it('numbers on after the server is started again on the same database', async () => {
    const again = await appOn(t.database);
    try {
      const owner = caller(again, (await signIn(again, 'owner@studio-a.example')).token);
      const waiting = await owner.get('/api/mystudio/books/undeposited');
      expect(waiting.body[1].total).toBe(0);
      const item = await addItem(
        owner,
        (await familyOf(again, s.companyA, 'mix-a2@family.example', [{ firstName: 'Jo' }])).id,
        5,
      );
      const family = (
        await rows<{ family_id: string }>(
          again.database.db,
          sql`select family_id from ledger_invoices where id = ${item.bill}`,
        )
      )[0]!.family_id;
      const paid = await owner.post(LEDGER.payments(family, item.bill), {
        payments: [{ type: 'cash', total: 5, reference: '', items: [item.item] }],
      });
      expect(paid.status).toBe(200);
      const made = await owner.post('/api/mystudio/books/deposits', { upTo: '2030-01-01' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect(made.body[1].number).toBe(4);
      const b = await s.b.get('/api/mystudio/books/deposits');
      expect(b.body[1].items.map((d: { number: number }) => d.number)).toEqual([3, 2, 1]);
    } finally {
      await again.app.close();
    }
  });
});
