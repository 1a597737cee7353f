import {
  type Actor,
  type AdultFields,
  accountMessages,
  type ContactInfo,
  can,
  changedFields,
  FAMILY_LIMITS,
  FAMILY_LOG_ACTIONS,
  FAMILY_USERS_LIMIT,
  holders,
  messages,
  type PersonType,
  personName,
  type TypedPerson,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import type { familyAccounts } from '../../db/schema/families';
import { AppError, forbidden } from '../../http/errors';
import { logFamily } from '../../kernel/family-log';
import { findFamily, refreshFamilyName } from '../../kernel/family-scope';
import type { Clock } from '../../lib/clock';
import { addFamilyUser, type InvitationContext, linkFamilyLogin } from '../families';
import {
  countPeople,
  countStudents,
  deletePerson,
  deleteStudent,
  familyOfPerson,
  findPerson,
  findStudent,
  insertPerson,
  insertStudent,
  type PersonValues,
  removeFromStudio,
  type StudentValues,
  studentRegistrations,
  studioName,
  updatePerson,
  updateStudent,
  writeFamilyContact,
} from './family-people.queries';

/**
 * A family's students, users and contacts, and its contact information (001 §5, §7), changed by the
 * studio's owner or by a parent of the family: one set of rules for both, each change one transaction
 * with its entry in the family's log.
 */

type Ctx = { db: Db; clock: Clock; appUrl: string; actor: Actor; familyId: string };
type Scope = { companyId: string; familyId: string };
type Family = typeof familyAccounts.$inferSelect;

const personFailed = () => new AppError('not_found', accountMessages.personFailed);
const accountNotFound = () => new AppError('not_found', messages.accountNotFound);

/** The family of the session's parent: a parent without one has no family to change (404). */
export function parentFamilyId(actor: Actor): string {
  if (!actor.familyAccountId) throw accountNotFound();
  return actor.familyAccountId;
}

/** The owner names the family by its id and, optionally, by its membership: the same id (decision 013). */
export function ownerFamilyId(familyId: string, coAcctMemID: string | undefined): string {
  if (coAcctMemID !== undefined && coAcctMemID !== familyId) throw accountNotFound();
  return familyId;
}

/** The owner changes any family of the studio; a parent only their own (another family reads as unknown). */
function mustChange(actor: Actor, familyId: string) {
  if (can(actor, 'family:manage')) return;
  if (!can(actor, 'parent:portal')) throw forbidden();
  if (actor.familyAccountId !== familyId) throw accountNotFound();
}

/** Runs `work` in one transaction, the family of the session's studio held until it ends. */
function inFamily<T>(ctx: Ctx, work: (tx: Db, scope: Scope, family: Family) => Promise<T>): Promise<T> {
  mustChange(ctx.actor, ctx.familyId);
  return ctx.db.transaction(async (tx) => {
    const family = await findFamily(tx, ctx.actor.companyId, ctx.familyId, { lock: true });
    return work(tx, { companyId: ctx.actor.companyId, familyId: ctx.familyId }, family);
  });
}

/**
 * Inviting someone to sign in (a user given an e-mail address) is the studio's: parent sign-up is
 * public, so a parent who could name any address could mail strangers, learn who has an account and
 * hold addresses (decision 014). A parent's user without an address is theirs to add.
 */
async function mustInvite(tx: Db, ctx: Ctx): Promise<void> {
  if (can(ctx.actor, 'family:manage')) return;
  throw new AppError(
    'unprocessable',
    accountMessages.studioInvites(await studioName(tx, ctx.actor.companyId)),
  );
}

/** How many of each a family keeps: FAMILY_LIMITS for students and contacts, FAMILY_USERS_LIMIT for users. */
const PERSON_LIMITS: Record<PersonType, [number, string]> = {
  student: [FAMILY_LIMITS.students, 'students'],
  contact: [FAMILY_LIMITS.contacts, 'contacts'],
  user: [FAMILY_USERS_LIMIT, 'users'],
};

/** Refuses (422) a person the family has no room for; counted under the family's lock. */
async function mustHaveRoom(tx: Db, scope: Scope, type: PersonType): Promise<void> {
  const [limit, noun] = PERSON_LIMITS[type];
  const n = type === 'student' ? await countStudents(tx, scope) : await countPeople(tx, scope, type);
  if (n >= limit) throw new AppError('unprocessable', accountMessages.tooManyPeople(limit, noun));
}

async function invitationContext(tx: Db, ctx: Ctx): Promise<InvitationContext> {
  return {
    clock: ctx.clock,
    appUrl: ctx.appUrl,
    actor: ctx.actor,
    familyId: ctx.familyId,
    studioName: await studioName(tx, ctx.actor.companyId),
  };
}

/** A student's columns; the allergies and teacher note only from the owner, and only when sent. */
const studentValues = (
  s: Extract<TypedPerson, { type: 'student' }>['person'],
  actor: Actor,
): StudentValues => ({
  firstName: s.firstName,
  lastName: s.lastName,
  phone: s.phone,
  dob: s.dob,
  gender: s.gender,
  ...(actor.role === 'owner' && s.allergies !== undefined ? { allergies: s.allergies } : {}),
  ...(actor.role === 'owner' && s.teacherNote !== undefined ? { teacherNote: s.teacherNote } : {}),
});

const personValues = (p: AdultFields): PersonValues => ({
  firstName: p.firstName,
  lastName: p.lastName,
  phone: p.phone,
  role: p.role,
});

function logPerson(
  tx: Db,
  ctx: Ctx,
  action: (typeof FAMILY_LOG_ACTIONS)['personAdded' | 'personUpdated' | 'personRemoved'],
  detail: { type: PersonType; name: string; changes?: string[] },
) {
  return logFamily(tx, { actor: ctx.actor, familyId: ctx.familyId, action, detail });
}

/**
 * Adds a student, user or contact, within the family's limits. A user with an e-mail address (the
 * owner's to give) gets a login at the studio and is invited to set a password (or told they joined,
 * when they have an account elsewhere); a contact's e-mail address is not kept, since contacts do not
 * sign in.
 */
export function addPerson(ctx: Ctx & { person: TypedPerson }): Promise<{ id: string; msg: string }> {
  const { person } = ctx;
  return inFamily(ctx, async (tx, scope) => {
    const invites = person.type === 'user' && person.person.email !== '';
    if (invites) await mustInvite(tx, ctx);
    await mustHaveRoom(tx, scope, person.type);
    let id: string;
    if (person.type === 'student') {
      ({ id } = await insertStudent(tx, scope, studentValues(person.person, ctx.actor)));
    } else if (invites) {
      ({ id } = await addFamilyUser(tx, await invitationContext(tx, ctx), person.person));
    } else {
      ({ id } = await insertPerson(tx, scope, person.type, personValues(person.person)));
    }
    await logPerson(tx, ctx, FAMILY_LOG_ACTIONS.personAdded, {
      type: person.type,
      name: personName(person.person.firstName, person.person.lastName),
    });
    if (person.type === 'user') await refreshFamilyName(tx, scope);
    return { id, msg: messages.insertSuccessful };
  });
}

/**
 * Edits a student, user or contact of the family. A user without a login whom the owner gives an
 * e-mail address gets one (as when added); a user who signs in keeps their address, which only they
 * change.
 * The owner's edit names no family (001 §7 PUT api/mystudio/account/user/): it is the person's own, at
 * the session's studio.
 */
export async function editPerson(
  options: Omit<Ctx, 'familyId'> & { familyId?: string; person: TypedPerson; id: string },
): Promise<{ msg: string }> {
  const { person, id } = options;
  let familyId = options.familyId;
  if (familyId === undefined) {
    if (!can(options.actor, 'family:manage')) throw forbidden();
    const found = await familyOfPerson(options.db, options.actor.companyId, person.type, id);
    if (!found) throw personFailed();
    familyId = found;
  }
  const ctx: Ctx = { ...options, familyId };
  return inFamily(ctx, async (tx, scope) => {
    let changes: string[];
    if (person.type === 'student') {
      const before = await findStudent(tx, scope, id);
      if (!before) throw personFailed();
      const after = studentValues(person.person, ctx.actor);
      changes = changedFields(before, after);
      await updateStudent(tx, scope, id, after);
    } else {
      const before = await findPerson(tx, scope, person.type, id);
      if (!before) throw personFailed();
      const after = personValues(person.person);
      const email = person.person.email;
      let loginEmail = before.email ?? '';
      let userId: string | undefined;
      if (person.type === 'user' && email && email !== loginEmail.toLowerCase()) {
        if (before.userId) throw new AppError('unprocessable', accountMessages.loginEmailLocked);
        await mustInvite(tx, ctx);
        ({ userId } = await linkFamilyLogin(tx, await invitationContext(tx, ctx), { ...after, email }));
        loginEmail = email;
      }
      changes = changedFields(
        { ...before, email: before.email ?? '' },
        person.type === 'user' ? { ...after, email: loginEmail } : after,
      );
      await updatePerson(tx, scope, id, userId ? { ...after, userId } : after);
    }
    await logPerson(tx, ctx, FAMILY_LOG_ACTIONS.personUpdated, {
      type: person.type,
      name: personName(person.person.firstName, person.person.lastName),
      changes,
    });
    if (person.type === 'user') await refreshFamilyName(tx, scope);
    return { msg: messages.updateSuccessful };
  });
}

/**
 * Removes a student, user or contact. A student with registrations stays until they are dropped; the
 * family keeps at least one user, and a parent does not remove themselves. A user who signs in loses
 * their place at the studio (membership and sessions there); their account stays for other studios.
 */
export function removePerson(ctx: Ctx & { type: PersonType; id: string }): Promise<{ msg: string }> {
  const { type, id } = ctx;
  return inFamily(ctx, async (tx, scope) => {
    let name: string;
    if (type === 'student') {
      const student = await findStudent(tx, scope, id, { lock: true });
      if (!student) throw personFailed();
      const held = await studentRegistrations(tx, scope.companyId, id);
      if (held.classes > 0 || held.privates > 0) {
        const what = holders([
          [held.classes, 'class', 'classes'],
          [held.privates, 'private lesson', 'private lessons'],
        ]);
        throw new AppError('unprocessable', accountMessages.studentRegistered(what.text));
      }
      await deleteStudent(tx, scope, id);
      name = personName(student.firstName, student.lastName);
    } else {
      const person = await findPerson(tx, scope, type, id);
      if (!person) throw personFailed();
      if (type === 'user') {
        if (person.userId && person.userId === ctx.actor.userId) {
          throw new AppError('unprocessable', accountMessages.removeSelf);
        }
        if ((await countPeople(tx, scope, 'user')) <= 1)
          throw new AppError('unprocessable', accountMessages.lastUser);
        if (person.userId) await removeFromStudio(tx, scope, person.userId, ctx.clock.now());
      }
      await deletePerson(tx, scope, id);
      name = personName(person.firstName, person.lastName);
    }
    await logPerson(tx, ctx, FAMILY_LOG_ACTIONS.personRemoved, { type, name });
    if (type === 'user') await refreshFamilyName(tx, scope);
    return { msg: messages.deleteSuccessful };
  });
}

/**
 * The family's address, phone and e-mail address (001 §5: every field, else 'insufficient data'), with
 * the log line of what changed, in one statement (decision 099).
 */
export async function updateContactInfo(ctx: Ctx & { info: ContactInfo }): Promise<{ msg: string }> {
  mustChange(ctx.actor, ctx.familyId);
  const written = await writeFamilyContact(
    ctx.db,
    { companyId: ctx.actor.companyId, familyId: ctx.familyId },
    ctx.info,
    { userId: ctx.actor.userId, action: FAMILY_LOG_ACTIONS.contactInfoUpdated },
  );
  if (!written) throw accountNotFound();
  return { msg: messages.updateSuccessful };
}
