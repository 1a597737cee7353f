import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countQueries, planWithoutSeqScans, statementShape } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAccounts } from '../../db/schema/families';
import { listStatement } from './account-list.queries';
import { statusIs } from './account-status';
import { ACCOUNT, deskFamily, ok } from './accounts.fixture';

/**
 * Decision 088 (issue 39 point 3): a page of the account list reads its page by name through an index
 * and cuts it by LIMIT; the tabs and a tab's total are the studio's kept counts (decision 109). A page
 * answers the same families in the same statement when the studio has more families after it, only its
 * counts grown.
 */

const { t, s } = useTwoStudios();

type Page = { items: { lastName: string }[]; total: number; counts: Record<string, number> };

async function firstPage() {
  const { result, statements } = await countQueries(t, () =>
    s.a.get(`${ACCOUNT}/list/incomplete?pageSize=2`),
  );
  expect(result.status).toBe(200);
  return { page: result.body[1] as Page, statements: statements.map(statementShape) };
}

describe('a page of the account list (decision 088)', () => {
  it('answers the same page in the same statements when the studio has more families', async () => {
    for (const lastName of ['Baptiste', 'abbott', 'Cole']) await deskFamily(s.a, { user: { lastName } });
    const before = await firstPage();
    expect(before.page.items.map((i) => i.lastName)).toEqual(['abbott', 'Baptiste']);
    expect(before.page).toMatchObject({ total: 3, counts: { active: 0, inactive: 0, incomplete: 3 } });

    for (let i = 0; i < 6; i++) await deskFamily(s.a, { user: { lastName: `Young ${i}` } });
    for (let i = 0; i < 4; i++) await deskFamily(s.b, { user: { lastName: `Aardvark ${i}` } });
    const after = await firstPage();
    expect(JSON.stringify(after.page.items)).toBe(JSON.stringify(before.page.items));
    expect(after.statements).toEqual(before.statements);
    expect(after.page).toMatchObject({ total: 9, counts: { active: 0, inactive: 0, incomplete: 9 } });
    // A search's total is counted over what it finds.
    expect(await ok(s.a.get(`${ACCOUNT}/list/incomplete?q=young`))).toMatchObject({ total: 6 });
  });

  it("reads the page by name through its index, and the tabs from the studio's kept counts", async () => {
    const db = t.database.db;
    // Without seq scans (a test's tables are tiny), the plan shows which indexes the statement goes by.
    const statement = listStatement(
      s.companyA,
      and(eq(familyAccounts.companyId, s.companyA), statusIs('incomplete')),
      { limit: 2, offset: 0 },
      sql`'incomplete'::text`,
    );
    const lines = (await planWithoutSeqScans(db, statement)).split('\n');
    // The tabs: the kept counts (decision 109), never the studio's families counted.
    expect(lines.join('\n')).toContain('studio_counts_key_idx');
    expect(lines.join('\n')).not.toContain('family_accounts_status_idx');
    expect(lines.some((l) => /Index Scan using family_accounts_status_name_idx/.test(l))).toBe(true);
    // The page is the first rows of that scan, in its order: nothing sorts the list's families.
    const scan = lines.findIndex((l) => /Index Scan using family_accounts_status_name_idx/.test(l));
    expect(lines[scan - 1], lines.join('\n')).toMatch(/->\s+Limit|^\s*Limit/);
  });
});
