import type { AccountStatus } from '@pirouette/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedRows, shaped } from '../../db/rows';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { auditLog } from '../../db/schema/security';
import { users } from '../../db/schema/users';

/** The reads of one family, each one query whatever the family holds. Every one is scoped by the studio. */

/** Bounds far above one family's size (FAMILY_LIMITS), so that one answer stays small whatever is stored. */
const PEOPLE_LIMIT = 200;
const STUDENTS_LIMIT = 200;
const CLASSES_LIMIT = 1000;
const DOCUMENTS_LIMIT = 50;

/**
 * Students in the order they were entered; students entered together (one registration, one
 * transaction, one created_at) by first name.
 */
export const studentOrder = [
  asc(students.createdAt),
  asc(sql`lower(${students.firstName})`),
  asc(sql`lower(${students.lastName})`),
  asc(students.id),
];

/** The parts of a family `readFamily` can read, each one JSON value of the statement. */
const FAMILY_PARTS = {
  /** The family with its status (kept by the database: account-status.ts), or null. */
  account: (c: string, f: string) => sql`(select json_build_object('id', a.id, 'lastName', a.last_name,
      'address', a.address, 'address2', a.address2, 'city', a.city, 'state', a.state, 'zipcode', a.zipcode,
      'phone', a.phone, 'email', a.email, 'createdAt', a.created_at, 'status', a.term_status)
    from family_accounts a where a.company_id = ${c} and a.id = ${f})`,
  /**
   * Its users and contacts, in the order they were added, each user with their sign-in state at the
   * studio: invited while their membership waits for them to set a password (decision 014).
   */
  people: (c: string, f: string) => sql`(select coalesce(json_agg(x), '[]') from (
      select p.id, p.kind, p.first_name as "firstName", p.last_name as "lastName", p.phone, p.role,
        coalesce(u.email, '') as email,
        case when u.id is null then 'none' when m.pending is not false then 'invited' else 'active' end as login
      from family_people p
      left join users u on u.id = p.user_id
      left join memberships m on m.user_id = p.user_id and m.company_id = ${c}
      where p.company_id = ${c} and p.family_id = ${f}
      order by p.created_at, lower(p.first_name), p.id
      limit ${PEOPLE_LIMIT}) x)`,
  /** Its students, in studentOrder. */
  students: (c: string, f: string) => sql`(select coalesce(json_agg(x), '[]') from (
      select s.id, s.first_name as "firstName", s.last_name as "lastName", s.phone, s.dob, s.gender,
        s.allergies, s.teacher_note as "teacherNote"
      from students s where s.company_id = ${c} and s.family_id = ${f}
      order by ${STUDENT_ORDER}
      limit ${STUDENTS_LIMIT}) x)`,
  /**
   * Its class registrations in classes of the studio's current term, dropped ones too, with the class,
   * its teacher, room and location: by student, then day and time. The registrations are found from
   * each of the family's dancers (a lateral sub-select, `offset 0` so the planner cannot fold it into
   * the join): the plan PostgreSQL keeps for a prepared statement is made for any studio, and for the
   * large studio among 10,000 small ones it started from the current term's classes and read every
   * registration of the term (12,500 buffers a request against 250; issue 39 point 3).
   */
  classes: (c: string, f: string) => sql`(select coalesce(json_agg(x), '[]') from (
      select r.id, r.class_id as "classId", r.student_id as "studentId", r.name, r.day,
        r.time_start as "timeStart", r.time_end as "timeEnd", r.level,
        t.first_name as "teacherFirstName", t.last_name as "teacherLastName", rm.name as room,
        l.name as location, r.pr_0 as "pr0", r.pr_i as "prI", r.pr_f as "prF", r.n_th as "nTh",
        r.i_status as "iStatus", r.status, r.date_i as "dateI", r.date_f as "dateF",
        r.is_dropped as "isDropped"
      from students s
      cross join lateral (
        select cr.id, cr.class_id, cr.student_id, cr.pr_0, cr.pr_i, cr.pr_f, cr.n_th, cr.i_status,
          cr.status, cr.date_i, cr.date_f, cr.is_dropped, k.name, k.day, k.time_start, k.time_end,
          k.level, k.teacher_id, k.room_id, k.year_term_id
        from class_registrations cr
        join classes k on k.id = cr.class_id and k.company_id = ${c}
        where cr.company_id = ${c} and cr.student_id = s.id
        offset 0
      ) r
      join year_terms y on y.id = r.year_term_id and y.company_id = ${c} and y.is_current
      join teachers t on t.id = r.teacher_id
      join rooms rm on rm.id = r.room_id
      join locations l on l.id = rm.location_id
      where s.company_id = ${c} and s.family_id = ${f}
      order by ${STUDENT_ORDER}, r.day, r.time_start, r.name, r.id
      limit ${CLASSES_LIMIT}) x)`,
  /**
   * Every terms document of the studio, with the family's latest acceptance of it (its version, when,
   * by whom), in the documents' order.
   */
  terms: (c: string, f: string) => sql`(select coalesce(json_agg(x), '[]') from (
      select d.id, d.title, d.version, latest.version as "acceptedVersion", latest.created_at as "acceptedAt",
        u.first_name as "acceptedByFirstName", u.last_name as "acceptedByLastName"
      from terms_documents d
      left join (
        select distinct on (a.document_id) a.document_id, a.version, a.created_at, a.user_id
        from terms_acceptances a
        where a.company_id = ${c} and a.family_id = ${f} and a.accepted = true
        order by a.document_id, a.created_at desc, a.id desc
      ) latest on latest.document_id = d.id
      left join users u on u.id = latest.user_id
      where d.company_id = ${c}
      order by d.sort_order, d.created_at, d.id
      limit ${DOCUMENTS_LIMIT}) x)`,
};

/** Students in the order they were entered; students entered together (one created_at) by name. */
const STUDENT_ORDER = sql.raw('s.created_at, lower(s.first_name), lower(s.last_name), s.id');

export type AccountRow = {
  id: string;
  lastName: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  phone: string;
  email: string;
  createdAt: string;
  status: AccountStatus;
};
export type FamilyPersonRow = {
  id: string;
  kind: 'user' | 'contact';
  firstName: string;
  lastName: string;
  phone: string;
  role: string;
  email: string;
  login: 'none' | 'invited' | 'active';
};
export type FamilyStudentRow = {
  id: string;
  firstName: string;
  lastName: string;
  phone: string;
  dob: string;
  gender: string;
  allergies: string;
  teacherNote: string;
};
export type FamilyClassRow = {
  id: string;
  classId: string;
  studentId: string;
  name: string;
  day: number;
  timeStart: string;
  timeEnd: string;
  level: number;
  teacherFirstName: string;
  teacherLastName: string;
  room: string;
  location: string;
  pr0: number;
  prI: number;
  prF: number;
  nTh: number;
  iStatus: number;
  status: number;
  dateI: string;
  dateF: string;
  isDropped: boolean;
};
export type FamilyTermsRow = {
  id: string;
  title: string;
  version: number;
  acceptedVersion: number | null;
  acceptedAt: string | null;
  acceptedByFirstName: string | null;
  acceptedByLastName: string | null;
};
type FamilyParts = {
  account: AccountRow | null;
  people: FamilyPersonRow[];
  students: FamilyStudentRow[];
  classes: FamilyClassRow[];
  terms: FamilyTermsRow[];
};

/**
 * The parts of one family of the studio asked for, in one statement (one round trip, prepared once:
 * db/prepared.ts), each scoped by the studio. A family of another studio, or none, reads as an account
 * of null and empty lists.
 */
export async function readFamily<const K extends keyof FamilyParts>(
  db: Db,
  companyId: string,
  familyId: string,
  parts: readonly K[],
): Promise<Pick<FamilyParts, K>> {
  const [row] = await familyRead(parts.join(','))(db, { companyId, familyId });
  return row as Pick<FamilyParts, K>;
}

/** readFamily's statement for a list of parts, built once (db/rows.ts). */
const familyRead = shaped((shape: string) =>
  preparedRows<Partial<FamilyParts>, 'companyId' | 'familyId'>(['companyId', 'familyId'], (p) => {
    const parts = shape.split(',') as (keyof FamilyParts)[];
    const columns = sql.join(
      parts.map((part) => sql`${FAMILY_PARTS[part](p.companyId, p.familyId)} as ${sql.identifier(part)}`),
      sql`, `,
    );
    return sql`select ${columns}`;
  }),
);

/** One user of a family (by their family_people id) and whom they sign in as, or null. */
export async function findFamilyUser(db: Db, companyId: string, familyId: string, personId: string) {
  const [row] = await db
    .select({ id: familyPeople.id, userId: familyPeople.userId })
    .from(familyPeople)
    .where(
      and(
        eq(familyPeople.companyId, companyId),
        eq(familyPeople.familyId, familyId),
        eq(familyPeople.id, personId),
        eq(familyPeople.kind, 'user'),
      ),
    );
  return row ?? null;
}

const familyEntries = (companyId: string, familyId: string) =>
  and(eq(auditLog.companyId, companyId), eq(auditLog.targetType, 'family'), eq(auditLog.targetId, familyId));

export async function countFamilyLog(db: Db, companyId: string, familyId: string) {
  const [row] = await db.select({ n: count() }).from(auditLog).where(familyEntries(companyId, familyId));
  return row?.n ?? 0;
}

/** A page of the family's log, newest first, with who made each change and their role at the studio. */
export function listFamilyLog(
  db: Db,
  companyId: string,
  familyId: string,
  page: { limit: number; offset: number },
) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      detail: auditLog.detail,
      createdAt: auditLog.createdAt,
      userId: auditLog.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      role: memberships.role,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .leftJoin(memberships, and(eq(memberships.userId, auditLog.userId), eq(memberships.companyId, companyId)))
    .where(familyEntries(companyId, familyId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
}
export type FamilyLogRow = Awaited<ReturnType<typeof listFamilyLog>>[number];

export async function findAboutUs(db: Db, companyId: string, familyId: string) {
  const [row] = await db
    .select({ option: familyAccounts.aboutUsOption, notes: familyAccounts.aboutUsNotes })
    .from(familyAccounts)
    .where(and(eq(familyAccounts.companyId, companyId), eq(familyAccounts.id, familyId)));
  return row ?? null;
}
