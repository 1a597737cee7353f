import type { AccountFilter, AccountStatus } from '@pirouette/domain';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { ledgerEntries } from '../../db/schema/ledger';
import { users } from '../../db/schema/users';
import { studentOrder } from './account.queries';
import {
  flagsOf,
  hasFilter,
  matchesFilter,
  statusIs,
  statusOf,
  type TermFlags,
  termRegistrations,
  termStatuses,
  withTerm,
} from './account-status';

/** What picks the accounts of a list: its status, a search, and the active-filter. */
export type AccountCriteria = { status: AccountStatus; q: string; filter: AccountFilter };

/** The most accounts one e-mail list or id list gathers: far above a studio's families, and bounded. */
export const FILTER_LIMIT = 5000;
const STUDENTS_LIMIT = 2000;
const EMAILS_LIMIT = 20_000;

/** `q` as an ILIKE pattern that finds it anywhere, its own % and _ taken literally. */
export const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A family whose name, e-mail, or one of whose students' names contains `q` (case aside). */
function searchCondition(companyId: string, q: string): SQL | undefined {
  if (q === '') return undefined;
  const pattern = containsPattern(q);
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

/**
 * `balance` is the family's balance in cents (the sum of its receivable entries), as the query reads
 * it: owing families only when the filter asks.
 */
function criteriaCondition(companyId: string, term: TermFlags, criteria: AccountCriteria, balance: SQL) {
  return and(
    statusIs(term, criteria.status),
    searchCondition(companyId, criteria.q),
    hasFilter(classFilterOf(criteria.filter)) ? matchesFilter(term) : undefined,
    criteria.filter.owes ? sql`${balance} > 0` : undefined,
  );
}

const receivable = (companyId: string) =>
  and(eq(ledgerEntries.companyId, companyId), eq(ledgerEntries.account, 'receivable'));

/**
 * One family's balance in cents, as a LATERAL subquery of family_accounts (join it with
 * `.leftJoinLateral(balance, withTerm)`): the sum of its receivable entries, read by
 * ledger_entries_family_account_idx, so a page costs in proportion to its families.
 */
function familyBalance(db: Db, companyId: string) {
  return db
    .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int`.as('balance_cents') })
    .from(ledgerEntries)
    .where(and(receivable(companyId), eq(ledgerEntries.familyId, familyAccounts.id)))
    .as('family_balance');
}

/** Every family's balance of the studio in one grouped pass (a family without entries has no row). */
function studioBalances(db: Db, companyId: string) {
  return db
    .select({
      familyId: ledgerEntries.familyId,
      cents: sql<number>`sum(${ledgerEntries.amount})`.as('balances_cents'),
    })
    .from(ledgerEntries)
    .where(receivable(companyId))
    .groupBy(ledgerEntries.familyId)
    .as('family_balances');
}

const byName = [asc(sql`lower(${familyAccounts.lastName})`), asc(familyAccounts.id)];

/**
 * In one pass over the studio's families: how many each status holds (search and filter aside), and
 * how many the list of `criteria` holds. Every family is counted, so their statuses come from one
 * grouped pass over the term's registrations (termStatuses), not one lookup per family.
 */
export async function countAccounts(db: Db, companyId: string, criteria: AccountCriteria) {
  const statuses = termStatuses(db, companyId, classFilterOf(criteria.filter));
  const term = flagsOf(statuses);
  // The balances are read only for the "owes money" filter: one grouped pass over the studio's entries.
  const balances = criteria.filter.owes ? studioBalances(db, companyId) : null;
  const counted = (condition: SQL | undefined) =>
    sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);
  const query = db
    .select({
      active: counted(statusIs(term, 'active')),
      inactive: counted(statusIs(term, 'inactive')),
      incomplete: counted(statusIs(term, 'incomplete')),
      total: counted(
        criteriaCondition(companyId, term, criteria, balances ? sql`coalesce(${balances.cents}, 0)` : sql`0`),
      ),
    })
    .from(familyAccounts)
    .leftJoin(statuses, eq(statuses.familyId, familyAccounts.id))
    .$dynamic();
  if (balances) query.leftJoin(balances, eq(balances.familyId, familyAccounts.id));
  const [row] = await query.where(eq(familyAccounts.companyId, companyId));
  return row ?? { active: 0, inactive: 0, incomplete: 0, total: 0 };
}

/** One page of the list of `criteria`, by family name, each family with its balance (cents). */
export function listAccountsPage(
  db: Db,
  companyId: string,
  criteria: AccountCriteria,
  page: { limit: number; offset: number },
) {
  const term = termRegistrations(db, companyId, classFilterOf(criteria.filter));
  const balance = familyBalance(db, companyId);
  return db
    .select({
      id: familyAccounts.id,
      lastName: familyAccounts.lastName,
      email: familyAccounts.email,
      phone: familyAccounts.phone,
      createdAt: familyAccounts.createdAt,
      status: statusOf(term),
      balance: sql<number>`coalesce(${balance.cents}, 0)`.mapWith(Number),
    })
    .from(familyAccounts)
    .leftJoinLateral(term, withTerm)
    .leftJoinLateral(balance, withTerm)
    .where(
      and(
        eq(familyAccounts.companyId, companyId),
        criteriaCondition(companyId, term, criteria, sql`coalesce(${balance.cents}, 0)`),
      ),
    )
    .orderBy(...byName)
    .limit(page.limit)
    .offset(page.offset);
}
export type AccountListRow = Awaited<ReturnType<typeof listAccountsPage>>[number];

/** Every account of `criteria` (up to FILTER_LIMIT), by family name, with the family's e-mail. */
export function listAccountIds(db: Db, companyId: string, criteria: AccountCriteria) {
  const term = termRegistrations(db, companyId, classFilterOf(criteria.filter));
  // The balance is read only for the "owes money" filter.
  const balance = criteria.filter.owes ? familyBalance(db, companyId) : null;
  const query = db
    .select({ id: familyAccounts.id, email: familyAccounts.email })
    .from(familyAccounts)
    .leftJoinLateral(term, withTerm)
    .$dynamic();
  if (balance) query.leftJoinLateral(balance, withTerm);
  return query
    .where(
      and(
        eq(familyAccounts.companyId, companyId),
        criteriaCondition(companyId, term, criteria, balance ? sql`coalesce(${balance.cents}, 0)` : sql`0`),
      ),
    )
    .orderBy(...byName)
    .limit(FILTER_LIMIT);
}

/** The students of a set of families (one query for a whole page), in the order they were added. */
export function listStudentsOf(db: Db, companyId: string, familyIds: string[]) {
  if (familyIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: students.id,
      familyId: students.familyId,
      firstName: students.firstName,
      lastName: students.lastName,
    })
    .from(students)
    .where(and(eq(students.companyId, companyId), inArray(students.familyId, familyIds)))
    .orderBy(...studentOrder)
    .limit(STUDENTS_LIMIT);
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
