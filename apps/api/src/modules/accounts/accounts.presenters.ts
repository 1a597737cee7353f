import {
  type AccountInfo,
  type AccountListItem,
  type AccountLogEntry,
  centsToDollars,
  type FamilyContact,
  type FamilyStudent,
  type FamilyUser,
  familyLogText,
  registrationSpecFields,
  type StudentClass,
  type TermsStatus,
} from '@pirouette/domain';
import type {
  AccountRow,
  FamilyClassRow,
  FamilyLogRow,
  FamilyPersonRow,
  FamilyStudentRow,
  FamilyTermsRow,
} from './account.queries';
import type { AccountListRead } from './account-list.queries';

/** The spec's names for a family's rows (001 §3); coAcctMemID is the family's own id (decision 013). */

const personName = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();
const iso = (value: Date | string) => new Date(value).toISOString();

export function presentAccountListItem(row: AccountListRead['items'][number]): AccountListItem {
  return {
    id: row.id,
    coAcctMemID: row.id,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    students: row.students,
    balance: centsToDollars(Number(row.balance)),
    status: row.status,
    createdAt: iso(row.createdAt),
  };
}

export function presentAccountInfo(row: AccountRow): AccountInfo {
  return {
    id: row.id,
    coAcctMemID: row.id,
    lastName: row.lastName,
    address: row.address,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zipcode: row.zipcode,
    phone: row.phone,
    email: row.email,
    status: row.status,
    createdAt: iso(row.createdAt),
  };
}

/** A family's people as the account shows them: its users (with how they sign in) and its contacts. */
export function presentPeople(rows: FamilyPersonRow[]): { users: FamilyUser[]; contacts: FamilyContact[] } {
  const users: FamilyUser[] = [];
  const contacts: FamilyContact[] = [];
  for (const row of rows) {
    const person = {
      id: row.id,
      firstName: row.firstName,
      lastName: row.lastName,
      phone: row.phone,
      role: row.role,
    };
    if (row.kind === 'user') users.push(Object.assign(person, { email: row.email, login: row.login }));
    else contacts.push(person);
  }
  return { users, contacts };
}

/** A student; `withNotes` (the owner's answers) adds what the studio's teachers are shown. */
export function presentStudent(row: FamilyStudentRow, withNotes = false): FamilyStudent {
  const student: FamilyStudent = {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone,
    dob: row.dob.slice(0, 10),
    gender: row.gender,
  };
  return withNotes
    ? Object.assign(student, { allergies: row.allergies, teacherNote: row.teacherNote })
    : student;
}

export function presentStudentClass(row: FamilyClassRow): StudentClass {
  // The spec's fields by name, not spread in the middle of the literal (decision 091).
  const spec = registrationSpecFields(row);
  return {
    clsRegID: row.id,
    clSchID: row.classId,
    acctStudentID: row.studentId,
    name: row.name,
    day: row.day,
    timeStart: row.timeStart,
    timeEnd: row.timeEnd,
    teacher: personName(row.teacherFirstName, row.teacherLastName),
    room: row.room,
    location: row.location,
    level: row.level,
    Pr_0: centsToDollars(row.pr0),
    Pr_i: centsToDollars(row.prI),
    Pr_f: centsToDollars(row.prF),
    nTh: row.nTh,
    iStatus: row.iStatus,
    status: row.status,
    status_clsReg: spec.status_clsReg,
    status_clsRegAct: spec.status_clsRegAct,
    approved: spec.approved,
    Date_i: row.dateI,
    Date_f: row.dateF,
    isDropped: row.isDropped,
  };
}

export function presentTermsStatus(row: FamilyTermsRow): TermsStatus {
  const acceptedVersion = row.acceptedVersion ?? null;
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    accepted: acceptedVersion !== null,
    acceptedVersion,
    acceptedAt: row.acceptedAt ? iso(row.acceptedAt) : null,
    acceptedBy: acceptedVersion !== null ? personName(row.acceptedByFirstName, row.acceptedByLastName) : null,
    outdated: acceptedVersion !== null && acceptedVersion < row.version,
  };
}

/** Who made a change: the studio's owner, a parent of the studio, or the system (no person). */
function logAuthor(row: FamilyLogRow): AccountLogEntry['by'] {
  if (!row.userId) return { name: 'System', role: 'system' };
  const name = personName(row.firstName, row.lastName);
  return { name, role: row.role === 'owner' ? 'owner' : 'parent' };
}

export function presentLogEntry(row: FamilyLogRow): AccountLogEntry {
  return {
    id: row.id,
    ts: iso(row.createdAt),
    action: row.action,
    text: familyLogText(row.action, row.detail ?? {}),
    by: logAuthor(row),
  };
}
