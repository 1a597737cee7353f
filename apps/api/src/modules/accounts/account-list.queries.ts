import type { AccountFilter, AccountStatus } from '@pirouette/domain';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows, shaped } from '../../db/rows';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { users } from '../../db/schema/users';
import { familyTabs } from '../../db/studio-counts';
import { familyBalance } from '../ledger';
import { hasFilter, matchesFilter, statusIs } from './account-status';

/** What picks the accounts of a list: its status, a search, and the active-filter. */
export type AccountCriteria = { status: AccountStatus; q: string; filter: AccountFilter };

/** The most accounts one e-mail list or id list gathers: far above a studio's families, and bounded. */
export const FILTER_LIMIT = 5000;
const EMAILS_LIMIT = 20_000;

/** `q` as an ILIKE pattern that finds it anywhere, its own % and _ taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A family whose name, e-mail, or one of whose students' names contains `q` (case aside). */
function searchCondition(companyId: string, q: string): SQL | undefined {
  return q === '' ? undefined : patternCondition(companyId, containsPattern(q));
}

/** searchCondition of an ILIKE pattern (a value, or a placeholder for one). */
function patternCondition(companyId: string, pattern: string): SQL | undefined {
  const studentMatch = sql`exists (
    select 1 from ${students}
    where ${students.companyId} = ${companyId} and ${students.familyId} = ${familyAccounts.id}
      and (${students.firstName} ilike ${pattern} or ${students.lastName} ilike ${pattern}
        or (${students.firstName} || ' ' || ${students.lastName}) ilike ${pattern})
  )`;
  return or(
    sql`${familyAccounts.lastName} ilike ${pattern}`,
    sql`${familyAccounts.email} ilike ${pattern}`,
    studentMatch,
  );
}

/** The filter's class fields (the active-filter) apart from `owes`, which reads the ledger. */
function classFilterOf(filter: AccountFilter): AccountFilter {
  const { owes: _owes, ...classFilter } = filter;
  return classFilter;
}

/** A family's balance in cents: the ledger's (familyBalance). */
const balanceOf = (companyId: string) => familyBalance(companyId, sql`${familyAccounts.id}`);

/** The families of the list of `criteria`, as a condition on family_accounts. */
function criteriaCondition(companyId: string, criteria: AccountCriteria) {
  const classFilter = classFilterOf(criteria.filter);
  return and(
    eq(familyAccounts.companyId, companyId),
    statusIs(criteria.status),
    searchCondition(companyId, criteria.q),
    hasFilter(classFilter) ? matchesFilter(companyId, classFilter) : undefined,
    criteria.filter.owes ? sql`${balanceOf(companyId)} > 0` : undefined,
  );
}

type ListedFamily = {
  id: string;
  lastName: string;
  email: string;
  phone: string;
  createdAt: string;
  status: AccountStatus;
  /** Cents. */
  balance: number;
  students: { id: string; firstName: string; lastName: string }[];
};
export type AccountListRead = {
  active: number;
  inactive: number;
  incomplete: number;
  total: number;
  items: ListedFamily[];
};

/**
 * The account list in one statement: the tabs' counts (every family of the studio by its kept status,
 * search and filter aside, kept by the database: db/studio-counts.ts), how many the list of `criteria`
 * holds, and its page by family name, each family with its balance (cents) and students. No
 * registration is read unless the active-filter asks (decision 036).
 */
export async function readAccountList(
  db: Db,
  companyId: string,
  criteria: AccountCriteria,
  page: { limit: number; offset: number },
): Promise<AccountListRead> {
  const { filter } = criteria;
  const asked = CLASS_FIELDS.filter((f) => filter[f] !== undefined && filter[f] !== null);
  const search = criteria.q !== '';
  const shape = [...(search ? ['search'] : []), ...(filter.owes ? ['owes'] : []), ...asked].join(',');
  const [row] = await listRead(shape)(db, {
    companyId,
    status: criteria.status,
    pattern: search ? containsPattern(criteria.q) : null,
    locID: filter.locID ?? null,
    rmID: filter.rmID ?? null,
    clSchID: filter.clSchID ?? null,
    day: filter.day ?? null,
    level: filter.level ?? null,
    limit: page.limit,
    offset: page.offset,
  });
  return row!;
}

/** The active-filter's class fields, in the order a shape names them. */
const CLASS_FIELDS = ['locID', 'rmID', 'clSchID', 'day', 'level'] as const;
type ClassField = (typeof CLASS_FIELDS)[number];
type ListValue = 'companyId' | 'status' | 'pattern' | 'limit' | 'offset' | ClassField;

/**
 * readAccountList's statement for one shape of list (which of a search, "owes" and the class fields it
 * asks: at most 2^7 shapes, each built once, db/rows.ts), with a place for each value asked, so that
 * neither Drizzle nor PostgreSQL builds or plans a list's text again (a filter's list was built on every
 * request, a seventh of the server's CPU under the reference's mix).
 */
const listRead = shaped((shape: string) => {
  const parts = new Set(shape.split(','));
  const fields = CLASS_FIELDS.filter((f) => parts.has(f));
  const search = parts.has('search');
  const owes = parts.has('owes');
  const names: ListValue[] = [
    'companyId',
    'status',
    ...(search ? (['pattern'] as const) : []),
    ...fields,
    'limit',
    'offset',
  ];
  return preparedRows<AccountListRead, ListValue>(names, (p) => {
    // Each asked field's place, passing for its value in the filter's conditions.
    const classFilter = Object.fromEntries(fields.map((f) => [f, p[f]])) as AccountFilter;
    return listStatement(
      p.companyId,
      and(
        eq(familyAccounts.companyId, p.companyId),
        statusIs(p.status as AccountStatus),
        search ? patternCondition(p.companyId, p.pattern) : undefined,
        fields.length > 0 ? matchesFilter(p.companyId, classFilter) : undefined,
        owes ? sql`${balanceOf(p.companyId)} > 0` : undefined,
      ),
      { limit: p.limit, offset: p.offset },
      search || owes || fields.length > 0 ? undefined : sql`${p.status}::text`,
    );
  });
});

/**
 * readAccountList's statement, for the families of `condition` (decision 088). A tab's list
 * (`totalIsTab`: no search, no filter) reads its page by name through family_accounts_status_name_idx,
 * cut by LIMIT, never the whole list gathered and sorted, and its total is the tab's count. A list of a
 * search or a filter must find every family it holds to count them: they are found once (`shown`) and
 * both counted and paged from there, where the count and the page had each looked for them. The tabs are
 * the studio's kept counts of its families by status (decision 109), a few rows whatever its size.
 */
export function listStatement(
  companyId: string,
  condition: SQL | undefined,
  page: { limit: number | string; offset: number | string },
  totalIsTab?: SQL,
): SQL {
  const columns = sql`${familyAccounts.id} as id, ${familyAccounts.lastName} as last_name,
    ${familyAccounts.email} as email, ${familyAccounts.phone} as phone, ${familyAccounts.createdAt} as created_at,
    ${familyAccounts.termStatus} as status`;
  const found = totalIsTab
    ? sql`page as (
        select ${columns} from ${familyAccounts} where ${condition}
        order by lower(${familyAccounts.lastName}), ${familyAccounts.id}
        limit ${page.limit} offset ${page.offset}
      )`
    : sql`shown as materialized (select ${columns} from ${familyAccounts} where ${condition}),
      page as (select * from shown order by lower(last_name), id limit ${page.limit} offset ${page.offset})`;
  const total = totalIsTab
    ? sql`(case ${totalIsTab} when 'active' then tabs.active when 'inactive' then tabs.inactive
        when 'incomplete' then tabs.incomplete else 0 end)`
    : sql`(select count(*) from shown)::int`;
  return sql`with ${found}
    select tabs.active, tabs.inactive, tabs.incomplete,
      ${total} as total,
      (select coalesce(json_agg(json_build_object(
          'id', p.id, 'lastName', p.last_name, 'email', p.email, 'phone', p.phone, 'createdAt', p.created_at,
          'status', p.status,
          'balance', ${familyBalance(companyId, sql`p.id`)},
          'students', (select coalesce(json_agg(json_build_object(
              'id', s.id, 'firstName', s.first_name, 'lastName', s.last_name)
              order by s.created_at, lower(s.first_name), lower(s.last_name), s.id), '[]')
            from students s where s.company_id = ${companyId} and s.family_id = p.id)
        ) order by lower(p.last_name), p.id), '[]') from page p) as items
    from ${familyTabs(companyId)} tabs`;
}

const byName = [asc(sql`lower(${familyAccounts.lastName})`), asc(familyAccounts.id)];

/** Every account of `criteria` (up to FILTER_LIMIT), by family name, with the family's e-mail. */
export function listAccountIds(db: Db, companyId: string, criteria: AccountCriteria) {
  return db
    .select({ id: familyAccounts.id, email: familyAccounts.email })
    .from(familyAccounts)
    .where(criteriaCondition(companyId, criteria))
    .orderBy(...byName)
    .limit(FILTER_LIMIT);
}

/** The sign-in addresses of the users of a set of families (one query). */
export async function listUserEmailsOf(db: Db, companyId: string, familyIds: string[]) {
  if (familyIds.length === 0) return [];
  const rows = await db
    .select({ email: users.email })
    .from(familyPeople)
    .innerJoin(users, eq(users.id, familyPeople.userId))
    .where(and(eq(familyPeople.companyId, companyId), inArray(familyPeople.familyId, familyIds)))
    .limit(EMAILS_LIMIT);
  return rows.map((r) => r.email);
}
