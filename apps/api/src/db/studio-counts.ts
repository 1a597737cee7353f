import { type SQL, sql } from 'drizzle-orm';

/**
 * The studio's kept counts (schema/studio-counts.ts, decision 109): a count is the sum of its key's rows,
 * written by the database's triggers as what it counts changes, and compacted by the minute's look. A
 * read costs a few rows whatever the studio's size.
 */

/**
 * What is counted: the studio's families by status, a term's registrations waiting for approval, a
 * class's places taken (its registrations that count, decision 121).
 */
export type StudioCounter = 'families' | 'pending' | 'places';

/** The kept count of `counter` under `key` for the studio, as a scalar sub-select (0 when none). */
export const keptCount = (companyId: SQL | string, counter: StudioCounter, key: SQL | string): SQL<number> =>
  sql<number>`(select coalesce(sum(k.n), 0)::int from studio_counts k
    where k.company_id = ${companyId} and k.counter = ${counter} and k.key = ${key})`;

/**
 * The account list's tabs: the studio's families by their kept status, as one row (`active`,
 * `inactive`, `incomplete`), to select from.
 */
export const familyTabs = (companyId: SQL | string): SQL =>
  sql`(select coalesce(sum(k.n) filter (where k.key = 'active'), 0)::int as active,
      coalesce(sum(k.n) filter (where k.key = 'inactive'), 0)::int as inactive,
      coalesce(sum(k.n) filter (where k.key = 'incomplete'), 0)::int as incomplete
    from studio_counts k where k.company_id = ${companyId} and k.counter = 'families')`;
