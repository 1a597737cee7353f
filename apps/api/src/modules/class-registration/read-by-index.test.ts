import type { SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { planWithoutSeqScans } from '../../../test/query-count';
import { useTwoStudios } from '../../../test/studios-base';
import { countClassRegistrations } from '../../kernel/counting-registrations';
import { enrol } from '../schedule/schedule.fixture';
import { weekClasses } from './builder.queries';
import { registrationStudio } from './class-registration.fixture';
import { familyLatestRevisionRead, pendingCountRead } from './enrolment.queries';

/**
 * Decision 098 (issue 39 points 1 and 3): the builder's week and the approvals' count read what they
 * answer, whatever the studio's size and whatever plan the database keeps for their statements. Without
 * seq scans (a test's tables are tiny), each statement's plan names the indexes it goes by: the week's
 * classes by their keys, never by the studio's term (which would read every class of the term); the
 * waiting registrations' kept count (decision 109), never the studio's registrations; a class's places
 * from its kept count (decision 121), never its registrations; a family's plan
 * revisions by its term, looked up once.
 */

const { t, s } = useTwoStudios();
let setting: Awaited<ReturnType<typeof registrationStudio>>;

const planOf = (read: SQLWrapper) => planWithoutSeqScans(t.database.db, read);

beforeAll(async () => {
  setting = await registrationStudio(s);
});

/** The builder's week of studio A's location, as a parent's builder asks (no class to register from). */
const locationWeek = () => {
  const { st } = setting;
  return weekClasses(
    t.database.db,
    st.companyId,
    '00000000-0000-4000-8000-000000000000',
    st.term,
    st.location,
  );
};

describe("the builder's week (decision 098)", () => {
  it("reads the week's classes by their keys, never every class of the studio's term", async () => {
    const read = locationWeek();
    const plan = await planOf(read);
    // The week's classes by their keys.
    expect(plan).toContain('classes_pkey');
    // Never the studio's classes of the term (what the read did before: every class of the term).
    expect(plan).not.toMatch(/Index Cond: \(\(company_id = [^)]+\) AND \(year_term_id = [^)]+\)\)/);
    // And it answers the location's classes.
    const rows = await read;
    expect(rows.map((r) => r.name).sort()).toEqual(['Ballet 1', 'Jazz 1', 'Tap 1']);
  });

  it("counts each class's places from its kept count, never from the class's registrations (decision 121)", async () => {
    const { st, classes } = setting;
    // Two that count in Jazz 1 (approved; one new), and three that do not: dropped, removed, rejected.
    const states = [
      { status: 1 },
      { iStatus: 1, status: 1 },
      { isDropped: true, iStatus: -1, status: 1 },
      { iStatus: -2, status: 1 },
      { status: -1 },
    ] as const;
    for (const registration of states) await enrol(t, st, classes.tuesday, registration);
    const read = locationWeek();
    const plan = await planOf(read);
    expect(plan).toContain('studio_counts_key_idx');
    expect(plan).not.toContain('class_registrations_counting_idx');
    const counts = Object.fromEntries((await read).map((row) => [row.name, row.nReg]));
    expect(counts).toEqual({ 'Jazz 1': 2, 'Tap 1': 0, 'Ballet 1': 0 });
    expect(await countClassRegistrations(t.database.db, st.companyId, classes.tuesday, 'counting')).toBe(2);
  });
});

describe("the approvals' count (decisions 098 and 109)", () => {
  it("reads the term's kept count, never a registration", async () => {
    const { st } = setting;
    const read = pendingCountRead(t.database.db, st.companyId);
    const plan = await planOf(read);
    expect(plan).toContain('studio_counts_key_idx');
    expect(plan).not.toMatch(/class_registrations|students|family_accounts/);
    expect(await read).toEqual([{ n: 0 }]);
  });
});

describe("a family's plan revisions (decision 098)", () => {
  it("looks the family's term up once, not again for each revision", async () => {
    const { st } = setting;
    const read = familyLatestRevisionRead(t.database.db, st.companyId, st.companyId, st.term);
    const plan = await planOf(read);
    // Its term a value worked out before the revisions are read (an InitPlan), never joined to them.
    expect(plan).toMatch(/InitPlan/);
    expect(plan).not.toMatch(/Join|Nested Loop/);
    expect(await read).toEqual([]);
  });
});
