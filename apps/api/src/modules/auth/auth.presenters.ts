import type { Account, Role, SessionUser, YearTerm } from '@pirouette/domain';
import type { yearTerms } from '../../db/schema/companies';
import type { SessionContext } from '../../http/session';
import type { listMemberships } from './auth.queries';

export function presentYearTerm(row: typeof yearTerms.$inferSelect | null): YearTerm | null {
  if (!row) return null;
  return {
    id: row.id,
    companyID: row.companyId,
    name: row.name,
    dateStart: row.dateStart,
    dateEnd: row.dateEnd,
    notes: row.notes,
    isCurrent: row.isCurrent,
  };
}

/** The person and studio a session acts for: what `me` reads, and what sign-in read before writing it. */
type SessionPerson = Pick<
  SessionContext,
  | 'userId'
  | 'role'
  | 'companyName'
  | 'companyId'
  | 'expiresAt'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'timeZone'
>;

export function presentUser(s: SessionPerson): SessionUser {
  return {
    id: s.userId,
    nPriv: s.role as Role,
    cName: s.companyName,
    cID: s.companyId,
    expT: s.expiresAt.toISOString(),
    firstName: s.firstName,
    lastName: s.lastName,
    email: s.email,
    phone: s.phone,
    timeZone: s.timeZone,
  };
}

export function presentAccounts(rows: Awaited<ReturnType<typeof listMemberships>>): Account[] {
  return rows.map((r) => ({ id: r.id, cID: r.companyId, cName: r.companyName, nPriv: r.role as Role }));
}
