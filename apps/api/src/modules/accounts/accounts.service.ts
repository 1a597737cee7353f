import {
  type AccountList,
  type AccountListQuery,
  type AccountStatus,
  type Actor,
  type accountLog,
  accountMessages,
  can,
  emailList,
  type FamilyContact,
  type FamilyUser,
  messages,
  type ParentAccount,
  type TermsStatus,
} from '@pirouette/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { findFamily } from '../../kernel/family-scope';
import { countFamilyLog, findAboutUs, listFamilyLog, readFamily } from './account.queries';
import {
  type AccountCriteria,
  listAccountIds,
  listUserEmailsOf,
  readAccountList,
} from './account-list.queries';
import {
  presentAccountInfo,
  presentAccountListItem,
  presentLogEntry,
  presentPeople,
  presentStudent,
  presentStudentClass,
  presentTermsStatus,
} from './accounts.presenters';

type Ctx = { db: Db; actor: Actor };
type Page = { page: number; pageSize: number };

const accountNotFound = () => new AppError('not_found', messages.accountNotFound);
const pageOf = ({ page, pageSize }: Page) => ({ limit: pageSize, offset: (page - 1) * pageSize });

function mustRead(actor: Actor) {
  // A parent reads only through their own family's calls (getParentAccount).
  if (!can(actor, 'family:read')) throw forbidden();
}

/** GET mystudio/account/list/{status}: one page of a list, its total, and the tabs' counts. */
export async function getAccountList({
  db,
  actor,
  status,
  query,
}: Ctx & { status: AccountStatus; query: AccountListQuery }): Promise<AccountList> {
  mustRead(actor);
  const { page, pageSize, q, ...filter } = query;
  const criteria: AccountCriteria = { status, q, filter };
  const { total, items, ...counts } = await readAccountList(
    db,
    actor.companyId,
    criteria,
    pageOf({ page, pageSize }),
  );
  return { items: items.map(presentAccountListItem), total, page, pageSize, counts };
}

/**
 * POST mystudio/account/filter/accounts: every account the list of `criteria` shows across its pages,
 * and the e-mail list of those families (their own addresses and their users' sign-in addresses).
 */
export async function filterAccounts({
  db,
  actor,
  criteria,
}: Ctx & { criteria: AccountCriteria }): Promise<{ ids: string[]; emails: string[] }> {
  mustRead(actor);
  const rows = await listAccountIds(db, actor.companyId, criteria);
  const ids = rows.map((r) => r.id);
  const userEmails = await listUserEmailsOf(db, actor.companyId, ids);
  return { ids, emails: emailList([...rows.map((r) => r.email), ...userEmails]) };
}

/** GET mystudio/account/{id}/info: the family, its users and its contacts. */
export async function getAccountInfo({ db, actor, familyId }: Ctx & { familyId: string }) {
  mustRead(actor);
  const { account, people } = await readFamily(db, actor.companyId, familyId, ['account', 'people']);
  if (!account) throw accountNotFound();
  return { info: presentAccountInfo(account), ...presentPeople(people) };
}

/** GET mystudio/account/{id}/students: the students and their classes in the current term. */
export async function getAccountStudents({ db, actor, familyId }: Ctx & { familyId: string }) {
  mustRead(actor);
  const family = await readFamily(db, actor.companyId, familyId, ['account', 'students', 'classes']);
  if (!family.account) throw accountNotFound();
  return {
    students: family.students.map((s) => presentStudent(s, true)),
    classes: family.classes.map(presentStudentClass),
  };
}

/** GET mystudio/account/{id}/logs: the family's log, newest first, a page at a time. */
export async function getAccountLog({
  db,
  actor,
  familyId,
  page,
}: Ctx & { familyId: string; page: Page }): Promise<z.infer<typeof accountLog>> {
  mustRead(actor);
  await findFamily(db, actor.companyId, familyId);
  const [total, rows] = await Promise.all([
    countFamilyLog(db, actor.companyId, familyId),
    listFamilyLog(db, actor.companyId, familyId, pageOf(page)),
  ]);
  return { items: rows.map(presentLogEntry), total, page: page.page, pageSize: page.pageSize };
}

/** GET mystudio/account/{id}/toc: the studio's terms and the family's acceptance of each. */
export async function getAccountTerms({
  db,
  actor,
  familyId,
}: Ctx & { familyId: string }): Promise<TermsStatus[]> {
  mustRead(actor);
  const { account, terms } = await readFamily(db, actor.companyId, familyId, ['account', 'terms']);
  if (!account) throw accountNotFound();
  return terms.map(presentTermsStatus);
}

/** GET mystudio/account/{id}/aboutStudio: how the family heard of the studio. */
export async function getAboutStudio({ db, actor, familyId }: Ctx & { familyId: string }) {
  mustRead(actor);
  const row = await findAboutUs(db, actor.companyId, familyId);
  if (!row) throw accountNotFound();
  return { option: row.option, notes: row.notes };
}

/**
 * GET parents/account/: the parent's own family, whole — the same reads as the owner's, scoped by the
 * session's family only.
 */
export async function getParentAccount({ db, actor }: Ctx): Promise<ParentAccount> {
  if (!can(actor, 'parent:portal')) throw forbidden();
  const familyId = actor.familyAccountId;
  if (!familyId) throw new AppError('not_found', accountMessages.noFamilyHere);
  const { account, people, students, classes, terms } = await readFamily(db, actor.companyId, familyId, [
    'account',
    'people',
    'students',
    'classes',
    'terms',
  ]);
  if (!account) throw accountNotFound();
  const { users, contacts }: { users: FamilyUser[]; contacts: FamilyContact[] } = presentPeople(people);
  return {
    acctInfo: presentAccountInfo(account),
    users,
    contacts,
    stds: students.map((s) => presentStudent(s)),
    cls: classes.map(presentStudentClass),
    tuit: null,
    trmCond: terms.map(presentTermsStatus),
    aReg: account.status === 'active',
  };
}
