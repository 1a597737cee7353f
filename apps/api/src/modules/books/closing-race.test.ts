import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { familyOf } from '../class-registration/class-registration.fixture';
import { rows } from '../ledger/ledger-model.fixture';
import { closeMonth } from '../ledger/operations/close-month';
import { post } from '../ledger/post';
import { postBooks } from './post';

/**
 * A close racing postings dated in the month it closes (issue 34 item 5, decision 050), on PGlite and
 * on PostgreSQL (where the postings and the close run on connections of their own): each posting lands
 * before the close, or is refused (a person's entry), or is dated the first open day and names the month
 * it corrects (a job's). None lands in the closed month after it: the month's figures read the moment
 * the close answers are its figures for good.
 */

const { t, s } = useTwoStudios();
let family: string;

/** Every account's total by day up to the month's end, the family ledger's and the studio journal's. */
async function closedFigures(db: Db, companyId: string, through: string) {
  return rows(
    db,
    sql`select src, account, day, sum(amount)::int as total from (
        select 'ledger' as src, e.account, x.effective_date::text as day, e.amount
          from ledger_entries e join ledger_transactions x on x.id = e.tx_id
          where e.company_id = ${companyId} and x.effective_date <= ${through}
        union all
        select 'books', e.account, x.effective_date::text, e.amount
          from books_entries e join books_transactions x on x.id = e.tx_id
          where e.company_id = ${companyId} and x.effective_date <= ${through}
      ) lines group by 1, 2, 3 order by 1, 2, 3`,
  );
}

type Outcome = 'landed' | 'moved' | 'refused';

/** One posting dated in November, as a person's entry (`refuse`) or a job's (`move`), in its own transaction. */
async function posting(i: number): Promise<Outcome> {
  const db = t.database.db;
  const onClosedMonth = i % 2 === 0 ? 'refuse' : 'move';
  const effectiveDate = `2026-11-${String(10 + (i % 20)).padStart(2, '0')}`;
  try {
    const dated = await db.transaction(async (tx) => {
      const entries = [
        { account: 'receivable', amount: 100 + i },
        { account: 'revenue:misc', amount: -(100 + i) },
      ];
      const by = { system: 'Race' };
      const id =
        i % 3 === 0
          ? await postBooks(tx, {
              companyId: s.companyA,
              kind: 'adjustment',
              effectiveDate,
              key: `race:${i}`,
              reason: 'Race',
              by,
              entries: [
                { account: 'bank', amount: 100 + i },
                { account: 'undeposited_funds', amount: -(100 + i) },
              ],
              onClosedMonth,
            })
          : await post(tx, {
              companyId: s.companyA,
              familyId: family,
              invoiceId: null,
              kind: 'charge',
              effectiveDate,
              key: `race:${i}`,
              reason: 'Race',
              by,
              entries,
              onClosedMonth,
            });
      const table = i % 3 === 0 ? sql`books_transactions` : sql`ledger_transactions`;
      const [row] = await rows<{ day: string; reason: string }>(
        tx,
        sql`select effective_date::text as day, reason from ${table} where id = ${id}`,
      );
      return row!;
    });
    if (dated.day === '2026-12-01') {
      expect(dated.reason).toContain('(corrects November 2026, closed)');
      return 'moved';
    }
    expect(dated.day).toBe(effectiveDate);
    return 'landed';
  } catch (error) {
    const isPr001 = JSON.stringify(error, Object.getOwnPropertyNames(error)).includes('PR001');
    const refused =
      (error instanceof AppError && error.reason === 'month_closed') ||
      isPr001 ||
      String((error as { cause?: { code?: string } }).cause?.code) === 'PR001';
    if (!refused) throw error;
    return 'refused';
  }
}

beforeAll(async () => {
  family = (await familyOf(t, s.companyA, 'race@family.example', [{ firstName: 'Ada' }])).id;
});

describe('a close racing postings dated in the month it closes', () => {
  it('lets each posting land before the close, or refuses or moves it: never after it in the closed month', async () => {
    const db = t.database.db;
    const early = Array.from({ length: 12 }, (_, i) => posting(i));
    const closing = closeMonth(db, {
      companyId: s.companyA,
      month: '2026-11',
      today: '2026-12-03',
      by: { system: 'Test' },
    }).then(async (through) => ({ through, figures: await closedFigures(db, s.companyA, '2026-11-30') }));
    const late = Array.from({ length: 12 }, (_, i) => posting(12 + i));
    const outcomes = await Promise.all([...early, ...late]);
    const closed = await closing;
    expect(closed.through).toBe('2026-11-30');
    // The closed month's figures, as read the moment the close answered, are its figures for good.
    expect(await closedFigures(db, s.companyA, '2026-11-30')).toEqual(closed.figures);
    // And after it, nothing lands in it.
    const after = await Promise.all(Array.from({ length: 6 }, (_, i) => posting(100 + i)));
    expect(after.every((o) => o !== 'landed')).toBe(true);
    expect(await closedFigures(db, s.companyA, '2026-11-30')).toEqual(closed.figures);
    // Every transaction balances.
    const unbalanced = await rows(
      db,
      sql`select tx_id from ledger_entries where company_id = ${s.companyA} group by tx_id having sum(amount) <> 0
        union all select tx_id from books_entries where company_id = ${s.companyA} group by tx_id having sum(amount) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    expect(outcomes.length).toBe(24);
  });
});
