import { describe, expect, it } from 'vitest';
import { createFamily } from '../../../test/factories';
import { useTwoStudios } from '../../../test/studios-base';
import { placeholders, queryOf, runQuery } from '../../db/rows';
import { BOOK_KEYS, bookReads } from './book';

/**
 * Decision 099: a family's book is planned without its keys. PostgreSQL judged a plan for each family's
 * values cheaper than the plan it keeps, so it planned the book afresh on every call (1.8–2.2 ms of
 * planning for 0.4–0.6 ms of execution under the evening). Read with BOOK_KEYS' placeholders, the
 * values are hidden from the planner (`(select $n::uuid)`), so the plan made for a call's own values is
 * the kept one, and PostgreSQL keeps it. EXPLAIN of a statement with its values plans for them: the plan
 * of the book names the family when the placeholders are plain, and never when they are hidden.
 */

const { t, s } = useTwoStudios();

async function planOfCharges(opaque: typeof BOOK_KEYS | undefined, familyId: string): Promise<string> {
  const db = t.database.db;
  const p = placeholders(['companyId', 'familyId'], opaque);
  const query = queryOf(db, bookReads(db, p.companyId, p.familyId).chargeRows.getSQL());
  const rows = await runQuery<Record<string, string>>(
    db,
    { ...query, sql: `explain ${query.sql}` },
    { companyId: s.companyA, familyId },
  );
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

describe("a family's book is planned without its keys (decision 099)", () => {
  it('names neither the studio nor the family in its plan, which plain placeholders do', async () => {
    const family = await createFamily(t.database.db, s.companyA);
    const plain = await planOfCharges(undefined, family.id);
    expect(plain).toContain(family.id);
    const hidden = await planOfCharges(BOOK_KEYS, family.id);
    expect(hidden).not.toContain(family.id);
    expect(hidden).not.toContain(s.companyA);
  });
});
