import {
  accountMessages,
  FAMILY_LOG_ACTIONS,
  familyMessages,
  messages,
  type ParentRegistration,
  registrationMessages,
} from '@pirouette/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { familyAccounts, familyPeople, students, termsAcceptances } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { termsDocuments } from '../../db/schema/terms';
import { users } from '../../db/schema/users';
import { duplicateAs } from '../../db/unique-violation';
import { AppError } from '../../http/errors';
import { nthCreatedAt } from '../../kernel/entry-order';
import { logFamily } from '../../kernel/family-log';
import { findUserByEmail } from '../../kernel/users';
import type { Clock } from '../../lib/clock';
import { consume, type Rule, rules } from '../../lib/rate-limit';
import { hashPassword } from '../../lib/secrets';
import { claimInvitedUser, INVITED_PASSWORD_HASH } from '../families';
import { limitVerificationMail, writeEmailVerification } from './links.service';

async function invitedHere(tx: Db, companyId: string): Promise<AppError> {
  const [company] = await tx
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return new AppError('conflict', accountMessages.invitedByStudio(company?.name ?? ''));
}

/** 409 when the studio already gave the invited person a place (in a family) there. */
async function mustNotBeInvitedHere(tx: Db, companyId: string, userId: string): Promise<void> {
  const [member] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.companyId, companyId), eq(memberships.userId, userId)));
  if (member) throw await invitedHere(tx, companyId);
}

/**
 * The studio's terms a registration accepts: every document of the studio, accepted, in the version
 * now in force (when the form names the version it showed).
 */
function acceptedTerms(
  documents: { id: string; version: number }[],
  terms: ParentRegistration['terms'],
): { documentId: string; version: number }[] {
  return documents.map((doc) => {
    const answer = terms.find((t) => t.coTermID === doc.id);
    if (!answer?.accepted) throw new AppError('unprocessable', familyMessages.termsRequired);
    if (answer.version !== undefined && answer.version !== doc.version) {
      throw new AppError('conflict', familyMessages.termsChanged, 'terms_changed');
    }
    return { documentId: doc.id, version: doc.version };
  });
}

/** The address is held by an invitation only: no password chosen yet. */
const onlyInvited = (user: { passwordHash: string } | null) => user?.passwordHash === INVITED_PASSWORD_HASH;

/**
 * A parent registers their family at a studio through its link (000 §3): the person who signs in, the
 * family account and its membership at the studio, its contacts and students, and an acceptance of
 * each terms document in the version read, and the mailed link that confirms the address, in one
 * transaction, every limit checked before it. An address that already has an account is told to sign in (no second account). An address
 * held only by a studio's invitation does not block the person: they claim it (their password and
 * names), and the studios that invited them wait, as before, for a mailed link to be followed
 * (decision 014); but at a studio that invited them they are sent to that invitation (409), since the
 * studio has already given them a place in a family there.
 */
export async function registerParent({
  db,
  clock,
  appUrl,
  companyId,
  input,
  client,
}: {
  db: Db;
  clock: Clock;
  appUrl: string;
  companyId: string;
  input: ParentRegistration;
  client: { ip: string };
}): Promise<{ msg: string }> {
  await mustBeStudio(db, companyId);
  await consume(db, clock, `register:parent:${client.ip}`, rules.mailPerClient);
  const emailAddress = input.login.email;
  const existing = await findUserByEmail(db, emailAddress);
  if (existing && !onlyInvited(existing)) throw new AppError('conflict', messages.emailTaken, 'email_taken');
  // Every limit is taken before anything is written: a 429 is never the answer to a family made.
  await limitVerificationMail(db, clock, emailAddress, client);
  const passwordHash = await hashPassword(input.login.password);

  // Two registrations of one new address at once (a parent's, a studio's): the loser is told it is taken.
  await duplicateAs(
    messages.emailTaken,
    () =>
      db.transaction(async (tx) => {
        const documents = await tx
          .select({ id: termsDocuments.id, version: termsDocuments.version })
          .from(termsDocuments)
          .where(eq(termsDocuments.companyId, companyId));
        const accepted = acceptedTerms(documents, input.terms);
        const { acctInfo, aboutUS } = input;
        const login = {
          passwordHash,
          firstName: input.user.firstName,
          lastName: input.user.lastName,
          phone: input.user.phone,
          address: acctInfo.address,
          city: acctInfo.city,
          state: acctInfo.state,
          zipcode: acctInfo.zipcode,
        };
        let created: { id: string; email: string; firstName: string } | null | undefined;
        if (!existing) {
          [created] = await tx
            .insert(users)
            .values({ email: emailAddress, ...login })
            .onConflictDoNothing()
            .returning({ id: users.id, email: users.email, firstName: users.firstName });
        }
        // Held by an invitation (now, or since a moment ago): claimed, unless this studio invited them.
        const invited = created ? null : await findUserByEmail(tx, emailAddress);
        if (invited && onlyInvited(invited)) {
          await mustNotBeInvitedHere(tx, companyId, invited.id);
          // The address is proved by the link mailed below, as for anyone who registers.
          created = await claimInvitedUser(tx, invited.id, {
            ...login,
            emailVerifiedAt: null,
            updatedAt: clock.now(),
          });
        }
        // Two registrations of one address at once: the second finds it taken.
        if (!created) throw new AppError('conflict', messages.emailTaken, 'email_taken');
        const [family] = await tx
          .insert(familyAccounts)
          .values({
            companyId,
            lastName: input.user.lastName,
            email: emailAddress,
            phone: acctInfo.phone,
            address: acctInfo.address,
            address2: acctInfo.address2,
            city: acctInfo.city,
            state: acctInfo.state,
            zipcode: acctInfo.zipcode,
            aboutUsOption: aboutUS.option,
            aboutUsNotes: aboutUS.notes,
          })
          .returning({ id: familyAccounts.id });
        const familyId = family!.id;
        const [member] = await tx
          .insert(memberships)
          .values({ companyId, userId: created.id, role: 'user', familyId })
          .onConflictDoNothing()
          .returning({ id: memberships.id });
        // The studio invited the address at this very moment.
        if (!member) throw await invitedHere(tx, companyId);
        await tx.insert(familyPeople).values([
          { companyId, familyId, kind: 'user' as const, userId: created.id, ...input.user },
          ...input.contacts.map((c, i) => ({
            companyId,
            familyId,
            kind: 'contact' as const,
            ...c,
            createdAt: nthCreatedAt(i + 1),
          })),
        ]);
        await tx
          .insert(students)
          .values(input.students.map((s, i) => ({ companyId, familyId, ...s, createdAt: nthCreatedAt(i) })));
        if (accepted.length > 0) {
          await tx
            .insert(termsAcceptances)
            .values(accepted.map((a) => ({ companyId, familyId, userId: created.id, accepted: true, ...a })));
        }
        await logFamily(tx, {
          actor: { companyId, userId: created.id },
          familyId,
          action: FAMILY_LOG_ACTIONS.registered,
          ip: client.ip,
          detail: { students: input.students.length, contacts: input.contacts.length },
        });
        // The link is mailed in the family's own commit (the outbox): both or neither.
        await writeEmailVerification(tx, { clock, appUrl, user: created, companyId });
      }),
    'email_taken',
  );
  return { msg: familyMessages.registered(emailAddress) };
}

async function mustBeStudio(db: Db, companyId: string): Promise<void> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw new AppError('not_found', messages.parentStudioMissing);
}

/** Lookups of an address at the parent registration's first step, per client (decision 017). */
export const parentEmailCheckRule = { limit: 30, windowSeconds: 10 * 60 } satisfies Rule;

/**
 * The parent registration's first step asks whether its address can register here, so a person learns
 * it where they type it rather than at the last step (issue 13). It says no more than the registration
 * itself would (409 for an address that signs in, or that this studio invited), and is limited per
 * client like the registration.
 */
export async function checkParentEmail({
  db,
  clock,
  companyId,
  email,
  client,
}: {
  db: Db;
  clock: Clock;
  companyId: string;
  email: string;
  client: { ip: string };
}): Promise<{ msg: string }> {
  await mustBeStudio(db, companyId);
  await consume(db, clock, `check:parent-email:${client.ip}`, parentEmailCheckRule);
  const existing = await findUserByEmail(db, email);
  if (existing && !onlyInvited(existing)) throw new AppError('conflict', messages.emailTaken, 'email_taken');
  if (existing) await mustNotBeInvitedHere(db, companyId, existing.id);
  return { msg: registrationMessages.emailAvailable };
}
