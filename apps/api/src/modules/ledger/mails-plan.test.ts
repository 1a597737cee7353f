import { describe, expect, it } from 'vitest';
import { createFamily } from '../../../test/factories';
import { planWithoutSeqScans } from '../../../test/query-count';
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
    const text = await planWithoutSeqScans(db, familyAddressRead(db, s.companyA, family.id));
    expect(text).toMatch(/family_people_family_idx on family_people[^\n]*\n\s*Index Cond: \(\(company_id = /);
  });
});
