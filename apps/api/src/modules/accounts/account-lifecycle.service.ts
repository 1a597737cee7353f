import {
  type Actor,
  accountMessages,
  can,
  FAMILY_LOG_ACTIONS,
  type FrontDeskFamily,
  messages,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../http/errors';
import { logFamily } from '../../kernel/family-log';
import { findFamily } from '../../kernel/family-scope';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { addFamilyUser, resendInvitation } from '../families';
import { deletionRefusal } from '../ledger';
import { findFamilyUser } from './account.queries';
import {
  countFamilyStudents,
  deleteFamilyMemberships,
  deleteFamilyRow,
  findStudioName,
  insertFamilyPeople,
  insertFamilyStudents,
  insertFrontDeskFamily,
} from './account-lifecycle.queries';

/** A family made at the front desk, a family deleted, an invitation sent again (001 §7, §8). */

type Ctx = { db: Db; actor: Actor };
type MailCtx = Ctx & { clock: Clock; appUrl: string };

/**
 * The audit action of a deleted family. The family's log entries stay in the audit log (they are not
 * deleted with the family), and this one joins them (target the family, with its name and number of
 * students); but the API reads a family's log only through the family, which no longer exists, so
 * these rows are reachable in the database alone.
 */
export const FAMILY_DELETED = 'family.deleted';

const accountNotFound = () => new AppError('not_found', messages.accountNotFound);

function mustManage(actor: Actor) {
  if (!can(actor, 'family:manage')) throw forbidden();
}

/**
 * DELETE mystudio/account/{acctId}/{coAcctMemID}: the family and all it holds, in one transaction. Its
 * parents' memberships at the studio end first (their sessions there with them, and the studio's
 * invitations to them); the people, students, registrations and terms acceptances go with the family's
 * row. Both ids name the family (decision 013).
 *
 * A family that owes money or holds credit stays (422, with what to settle first): its books must be
 * square. Its ledger is never deleted (the ledger's rows name the family without a foreign key, and
 * refuse DELETE), so a deleted family's history stays in the studio's books and exports.
 */
export async function deleteAccount({
  db,
  actor,
  acctId,
  coAcctMemID,
}: Ctx & { acctId: string; coAcctMemID: string }): Promise<{ msg: string }> {
  mustManage(actor);
  if (acctId !== coAcctMemID) throw accountNotFound();
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    // Locked: a user being added to the family meanwhile waits, then finds it gone.
    const family = await findFamily(tx, companyId, acctId, { lock: 'to delete' });
    // Under the family's lock, which every ledger write takes too: no charge or payment slips in.
    const refusal = await deletionRefusal(tx, companyId, family.id);
    if (refusal) throw new AppError('unprocessable', refusal);
    const nStudents = await countFamilyStudents(tx, companyId, family.id);
    await deleteFamilyMemberships(tx, companyId, family.id);
    if (!(await deleteFamilyRow(tx, companyId, family.id))) throw accountNotFound();
    await audit(tx, {
      action: FAMILY_DELETED,
      companyId,
      userId: actor.userId,
      targetType: 'family',
      targetId: family.id,
      detail: { lastName: family.lastName, students: nStudents },
    });
    return { msg: accountMessages.deleted };
  });
}

/**
 * POST mystudio/account: the owner makes a family at the front desk, in one transaction. A first user
 * with an e-mail address is invited to set a password (or, with an account elsewhere, joins and is
 * told so); one without is a user who does not sign in. An address already at this studio is refused
 * (409) and nothing is written.
 */
export async function createFrontDeskFamily({
  db,
  actor,
  clock,
  appUrl,
  input,
}: MailCtx & { input: FrontDeskFamily }): Promise<{ id: string; msg: string }> {
  mustManage(actor);
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    const familyId = await insertFrontDeskFamily(tx, companyId, input);
    const email = input.user.email;
    let invited = false;
    if (email) {
      const studioName = await findStudioName(tx, companyId);
      ({ invited } = await addFamilyUser(tx, { clock, appUrl, actor, studioName, familyId }, input.user));
    }
    await insertFamilyPeople(tx, companyId, familyId, [
      ...(email ? [] : [{ kind: 'user' as const, person: input.user }]),
      ...input.contacts.map((person) => ({ kind: 'contact' as const, person })),
    ]);
    await insertFamilyStudents(tx, companyId, familyId, input.students);
    await logFamily(tx, {
      actor,
      familyId,
      action: FAMILY_LOG_ACTIONS.created,
      detail: {
        students: input.students.length,
        contacts: input.contacts.length,
        invited: invited ? email : undefined,
      },
    });
    return {
      id: familyId,
      msg: invited ? accountMessages.familyCreatedInvited(email) : accountMessages.familyCreated,
    };
  });
}

/**
 * POST mystudio/account/{id}/invite/{userId}: mails a family's user a new invitation to set a password
 * (`userId` is the user's id in the family, as the account lists them). The family is locked, so two
 * resends at once run one after the other and only the newer link works.
 */
export async function inviteFamilyUser({
  db,
  actor,
  clock,
  appUrl,
  familyId,
  personId,
}: MailCtx & { familyId: string; personId: string }): Promise<{ msg: string }> {
  mustManage(actor);
  const companyId = actor.companyId;
  return db.transaction(async (tx) => {
    await findFamily(tx, companyId, familyId, { lock: true });
    const person = await findFamilyUser(tx, companyId, familyId, personId);
    if (!person) throw accountNotFound();
    if (!person.userId) throw new AppError('unprocessable', accountMessages.invitationNoEmail);
    const studioName = await findStudioName(tx, companyId);
    const { email } = await resendInvitation(
      tx,
      { clock, appUrl, actor, studioName, familyId },
      person.userId,
    );
    return { msg: accountMessages.invitationSent(email) };
  });
}
