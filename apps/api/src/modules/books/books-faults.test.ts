import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addItem, LEDGER } from '../../../test/fuzz/ledger-scene';
import { useTwoStudios } from '../../../test/studios-base';
import { familyOf } from '../class-registration/class-registration.fixture';
import { rows } from '../ledger/ledger-model.fixture';

/**
 * Faults in the middle of the books' writes (issue 34 items 3 and 5): a deposit whose last row cannot
 * be written, a close whose log cannot be written. Each is one transaction: the answer is a 500 without
 * internals, nothing of it stays (no deposit, no books line, no number used up; the closed-through day
 * as it was), and the same act afterwards goes through as if the first had never been tried.
 */

const { t, s } = useTwoStudios();
let payment: string;

/** Makes the next insert into `table` fail, as a full disk or a lost connection would, until `heal`. */
async function breakInserts(table: 'bank_deposit_items' | 'ledger_period_acts') {
  await t.database.db.execute(
    sql.raw(`create or replace function test_fault() returns trigger language plpgsql as $$
      begin raise exception 'injected fault'; end; $$`),
  );
  await t.database.db.execute(
    sql.raw(`create trigger test_fault before insert on ${table} for each row execute function test_fault()`),
  );
  return () => t.database.db.execute(sql.raw(`drop trigger test_fault on ${table}`));
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: number }>(t.database.db, query))[0]!.n);

beforeAll(async () => {
  const family = (await familyOf(t, s.companyA, 'fault@family.example', [{ firstName: 'Ola' }])).id;
  const item = await addItem(s.a, family, 20);
  const res = await s.a.post(LEDGER.payments(family, item.bill), {
    payments: [{ type: 'check', total: 20, reference: '77', items: [item.item] }],
  });
  payment = (res.body[1].payments as { id: string }[]).at(-1)!.id;
});

describe('a fault in the middle of a write of the books', () => {
  it('leaves no deposit, no books line and no number used up', async () => {
    const heal = await breakInserts('bank_deposit_items');
    const failed = await s.a.post('/api/mystudio/books/deposits', { payments: [payment] });
    await heal();
    expect(failed.status).toBe(500);
    expect(JSON.stringify(failed.body)).not.toContain('injected');
    expect(await count(sql`select count(*)::int as n from bank_deposits`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from books_transactions`)).toBe(0);
    const made = await s.a.post('/api/mystudio/books/deposits', { payments: [payment] });
    expect(made.status).toBe(200);
    expect(made.body[1].number).toBe(1);
  });

  it('leaves the closed-through day as it was when the log cannot be written', async () => {
    const heal = await breakInserts('ledger_period_acts');
    const failed = await s.a.post('/api/mystudio/books/closing/close', { month: '2026-09' });
    await heal();
    expect(failed.status).toBe(500);
    const state = await s.a.get('/api/mystudio/books/closing');
    expect(state.body[1]).toMatchObject({ closedThrough: null, total: 0 });
    const closed = await s.a.post('/api/mystudio/books/closing/close', { month: '2026-09' });
    expect(closed.status).toBe(200);
    expect((await s.a.get('/api/mystudio/books/closing')).body[1]).toMatchObject({
      closedThrough: '2026-09-30',
      total: 1,
    });
  });
});
