import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFamily } from '../../../test/factories';
import { useTwoStudios } from '../../../test/studios-base';
import { familyAddressRead } from './mails';

/**
 * Decision 098: where a family's mail goes reads its first user among the studio's people of that
 * family (family_people_family_idx by studio and family), never among every studio's people. Without
 * seq scans (a test's tables are tiny), the plan shows the index and both of its columns.
 */

const { t, s } = useTwoStudios();

describe("a family's first user (decision 098)", () => {
  it("is found by the studio and the family, not among every studio's people", async () => {
    const db = t.database.db;
    const family = await createFamily(db, s.companyA);
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const read = familyAddressRead(tx as unknown as typeof db, s.companyA, family.id);
      return (await tx.execute(sql`explain ${read}`)) as unknown as { rows: Record<string, string>[] };
    });
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toMatch(/family_people_family_idx on family_people[^\n]*\n\s*Index Cond: \(\(company_id = /);
  });
});
