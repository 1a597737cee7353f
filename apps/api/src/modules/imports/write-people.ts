import { randomUUID } from 'node:crypto';
import {
  CONTACT_ROLES,
  type ContactRecord,
  type DancerRecord,
  type FamilyRecord,
  type FamilyTarget,
  type ImportPlan,
  type PlannedChild,
  type RecordPlace,
} from '@pirouette/domain';
import { inArray, sql } from 'drizzle-orm';
import { familyAccounts, familyPeople, students } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { users } from '../../db/schema/users';
import { INVITED_PASSWORD_HASH } from '../families';
import { ImportWriteError, insertRows, updateRows } from './bulk';
import type { LinkWrite, WriteCtx } from './write-context';

/**
 * The import's families, their parents and contacts, and their dancers, written in bulk (decision 054):
 * new ones inserted, matched ones changed in the fields that changed since their last import, each
 * remembered by its link.
 */

const isRole = (role: string): role is (typeof CONTACT_ROLES)[number] =>
  (CONTACT_ROLES as readonly string[]).includes(role);
const userRole = (role: string) => (isRole(role) ? role : 'Legal Guardian');

/** Families written: the id of every family of the files, by its key and its e-mail address. */
export type FamilyIds = Map<string, string>;

/** The id a child's family has now: the studio's, or the one the import gave a family of the files. */
export function familyIdOf(ids: FamilyIds, target: FamilyTarget | null): string | null {
  if (!target) return null;
  return 'existing' in target ? target.existing : (ids.get(target.fileKey) ?? null);
}

const FAMILY_COLUMNS = [
  'lastName',
  'email',
  'phone',
  'address',
  'address2',
  'city',
  'state',
  'zipcode',
] as const;
const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function familyValues(ctx: WriteCtx, id: string, f: FamilyRecord) {
  return {
    id,
    companyId: ctx.companyId,
    lastName: f.lastName,
    email: f.email.toLowerCase(),
    phone: f.phone || f.phone2,
    address: f.address,
    address2: f.address2,
    city: f.city,
    state: f.state,
    zipcode: f.zipcode,
    // Made by the import: no mail until the owner sends its invitations (decision 056).
    mailHeld: true,
  };
}

/** Writes the families (new and changed); answers their ids by key and e-mail, and their parents to make. */
export async function writeFamilies(ctx: WriteCtx, plan: ImportPlan, links: LinkWrite[]): Promise<FamilyIds> {
  const ids: FamilyIds = new Map();
  const fresh: { id: string; f: FamilyRecord }[] = [];
  const changed: { id: string; set: Record<string, string>; place: RecordPlace }[] = [];
  const logged: { familyId: string; changes: string[] }[] = [];
  const parentChanges: { id: string; set: Record<string, string>; place: RecordPlace }[] = [];
  for (const p of plan.families) {
    if (p.fate === 'refused' || p.fate === 'skipped') continue;
    const id = p.entityId ?? randomUUID();
    ids.set(p.key, id);
    if (p.record.email) ids.set(p.record.email.toLowerCase(), id);
    if (p.fate === 'new') fresh.push({ id, f: p.record });
    const record = p.record as unknown as Record<string, string>;
    const set = Object.fromEntries(
      p.changes
        .filter((k) => (FAMILY_COLUMNS as readonly string[]).includes(k))
        .map((k) => [snake(k), record[k]!]),
    );
    if (Object.keys(set).length > 0) changed.push({ id, set, place: p.record });
    if (p.fate === 'matched' && p.changes.length > 0) logged.push({ familyId: id, changes: p.changes });
    const parentSet: Record<string, string> = {};
    if (p.changes.includes('parentFirstName')) parentSet.first_name = p.record.parentFirstName;
    if (p.changes.includes('parentLastName'))
      parentSet.last_name = p.record.parentLastName || p.record.lastName;
    if (p.changes.includes('phone2')) parentSet.phone = p.record.phone2;
    if (p.parentId && Object.keys(parentSet).length > 0)
      parentChanges.push({ id: p.parentId, set: parentSet, place: p.record });
    links.push(ctx.link('families', p, id));
  }
  await insertRows(
    ctx.tx,
    familyAccounts,
    fresh.map(({ id, f }) => familyValues(ctx, id, f)),
    fresh.map(({ f }) => f),
  );
  const text = (name: string) => ({ name, type: 'text' as const });
  await updateRows(ctx.tx, 'family_accounts', ctx.companyId, FAMILY_COLUMNS.map(snake).map(text), changed);
  await updateRows(
    ctx.tx,
    'family_people',
    ctx.companyId,
    ['first_name', 'last_name', 'phone'].map(text),
    parentChanges,
  );
  ctx.log.push(...fresh.map(({ id }) => ({ familyId: id, changes: null })), ...logged);
  return ids;
}

type Login = {
  id: string;
  familyId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  role: string;
  place: RecordPlace;
};

/**
 * Parents who will sign in once invited: a user (made, or the one the address has), a pending
 * membership at the studio, and their family person; no mail (the owner sends the invitations).
 */
async function writeLogins(ctx: WriteCtx, logins: Login[]): Promise<void> {
  if (logins.length === 0) return;
  const { tx } = ctx;
  await tx
    .insert(users)
    .values(
      logins.map((l) => ({
        email: l.email,
        passwordHash: INVITED_PASSWORD_HASH,
        firstName: l.firstName,
        lastName: l.lastName,
        phone: l.phone,
      })),
    )
    .onConflictDoNothing();
  const emails = logins.map((l) => l.email);
  const found = await tx
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const userOf = new Map(found.map((u) => [u.email, u.id]));
  const joined = await tx
    .insert(memberships)
    .values(
      logins.map((l) => ({
        companyId: ctx.companyId,
        userId: userOf.get(l.email)!,
        role: 'user' as const,
        familyId: l.familyId,
        pending: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ userId: memberships.userId });
  if (joined.length < logins.length) {
    const got = new Set(joined.map((j) => j.userId));
    const taken = logins.find((l) => !got.has(userOf.get(l.email)!));
    throw new ImportWriteError(
      taken?.place ?? null,
      new Error(`${taken?.email} already belongs to someone at your studio.`),
    );
  }
  await insertRows(
    tx,
    familyPeople,
    logins.map((l) => ({
      id: l.id,
      companyId: ctx.companyId,
      familyId: l.familyId,
      kind: 'user' as const,
      userId: userOf.get(l.email)!,
      firstName: l.firstName,
      lastName: l.lastName,
      phone: l.phone,
      role: userRole(l.role),
    })),
    logins.map((l) => l.place),
  );
}

/** The families' first parents, then the contacts (parents who sign in, and contacts who do not). */
export async function writeParentsAndContacts(
  ctx: WriteCtx,
  plan: ImportPlan,
  ids: FamilyIds,
  links: LinkWrite[],
): Promise<void> {
  const logins: Login[] = [];
  for (const p of plan.families) {
    if (!p.addParent || (p.fate !== 'new' && p.fate !== 'matched')) continue;
    const f = p.record;
    const id = randomUUID();
    logins.push({
      id,
      familyId: ids.get(p.key)!,
      email: f.email.toLowerCase(),
      firstName: f.parentFirstName,
      lastName: f.parentLastName || f.lastName,
      phone: f.phone2 || f.phone,
      role: 'Legal Guardian',
      place: f,
    });
    links.push(ctx.link('parent', { ...p, fate: 'new', changes: [] }, id));
  }
  const contacts: { id: string; familyId: string; c: ContactRecord }[] = [];
  const changed: { id: string; set: Record<string, string>; place: RecordPlace }[] = [];
  for (const p of plan.contacts) {
    const familyId = familyIdOf(ids, p.family);
    if (p.fate === 'refused' || p.fate === 'skipped' || !familyId) continue;
    const id = p.entityId ?? randomUUID();
    links.push(ctx.link('contacts', p, id));
    if (p.fate === 'matched') {
      const set = personChanges(p);
      if (Object.keys(set).length > 0) changed.push({ id, set, place: p.record });
      continue;
    }
    const c = p.record;
    if (c.kind === 'user') {
      logins.push({
        id,
        familyId,
        email: c.email.toLowerCase(),
        ...names(c),
        phone: c.phone,
        role: c.role,
        place: c,
      });
    } else contacts.push({ id, familyId, c });
  }
  await writeLogins(ctx, logins);
  await insertRows(
    ctx.tx,
    familyPeople,
    contacts.map(({ id, familyId, c }) => ({
      id,
      companyId: ctx.companyId,
      familyId,
      kind: 'contact' as const,
      ...names(c),
      phone: c.phone,
      role: isRole(c.role) ? c.role : 'Legal Guardian',
    })),
    contacts.map(({ c }) => c),
  );
  const text = (name: string) => ({ name, type: 'text' as const });
  await updateRows(
    ctx.tx,
    'family_people',
    ctx.companyId,
    ['first_name', 'last_name', 'phone', 'role'].map(text),
    changed,
  );
}

const names = (p: { firstName: string; lastName: string }) => ({
  firstName: p.firstName,
  lastName: p.lastName,
});

function personChanges(p: PlannedChild<ContactRecord | DancerRecord>): Record<string, string> {
  const record = p.record as unknown as Record<string, string>;
  const set: Record<string, string> = {};
  for (const k of p.changes) {
    if (k === 'role') set.role = userRole(record.role ?? '');
    else if (['firstName', 'lastName', 'phone', 'dob', 'gender'].includes(k)) set[snake(k)] = record[k]!;
  }
  return set;
}

/** The dancers: new ones inserted, matched ones changed where their file changed. */
export async function writeDancers(ctx: WriteCtx, plan: ImportPlan, ids: FamilyIds, links: LinkWrite[]) {
  const fresh: { id: string; familyId: string; d: DancerRecord }[] = [];
  const changed: { id: string; set: Record<string, string>; place: RecordPlace }[] = [];
  const dancerIds = new Map<string, string>();
  for (const p of plan.dancers) {
    const familyId = familyIdOf(ids, p.family);
    if (p.fate === 'refused' || p.fate === 'skipped' || !familyId) continue;
    const id = p.entityId ?? randomUUID();
    dancerIds.set(p.key, id);
    links.push(ctx.link('dancers', p, id));
    if (p.fate === 'new') fresh.push({ id, familyId, d: p.record });
    else {
      const set = personChanges(p);
      if (Object.keys(set).length > 0) changed.push({ id, set, place: p.record });
    }
  }
  await insertRows(
    ctx.tx,
    students,
    fresh.map(({ id, familyId, d }) => ({
      id,
      companyId: ctx.companyId,
      familyId,
      ...names(d),
      dob: d.dob,
      gender: d.gender,
    })),
    fresh.map(({ d }) => d),
  );
  await updateRows(
    ctx.tx,
    'students',
    ctx.companyId,
    [
      { name: 'first_name', type: 'text' },
      { name: 'last_name', type: 'text' },
      { name: 'dob', type: 'date' },
      { name: 'gender', type: 'text' },
    ],
    changed,
  );
  return dancerIds;
}
