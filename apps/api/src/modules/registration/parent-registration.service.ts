import { randomUUID } from 'node:crypto';
import {
  accountMessages,
  FAMILY_LOG_ACTIONS,
  familyMessages,
  messages,
  type ParentRegistration,
  registrationMessages,
} from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { batch } from '../../db/batch';
import type { Db } from '../../db/client';
import { type NamedWrite, oneStatement, type PendingWrite } from '../../db/one-statement';
import { rowsOf } from '../../db/rows';
import { companies } from '../../db/schema/companies';
import { familyAccounts, familyPeople, students, termsAcceptances } from '../../db/schema/families';
import { memberships } from '../../db/schema/memberships';
import { termsDocuments } from '../../db/schema/terms';
import { users } from '../../db/schema/users';
import { duplicateAs, isUniqueViolation } from '../../db/unique-violation';
import { AppError } from '../../http/errors';
import { nthCreatedAt } from '../../kernel/entry-order';
import { familyLogEntry } from '../../kernel/family-log';
import { findUserByEmail, userByEmailRead } from '../../kernel/users';
import { auditInsert } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { consume, consumeAll, type Rule, rules } from '../../lib/rate-limit';
import { hashPassword } from '../../lib/secrets';
import { claimInvitedUser, INVITED_PASSWORD_HASH } from '../families';
import { emailVerificationWrites, verificationMailLimits } from './links.service';

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
 * each terms document in the version read, and the mailed link that confirms the address, written
 * together (one statement for a new address, a transaction for one held by an invitation: decision
 * 128), every limit checked before. An address that already has an account is told to sign in (no
 * second account). An address held only by a studio's invitation does not block the person: they
 * claim it (their password and names), and the studios that invited them wait, as before, for a mailed
 * link to be followed (decision 014); but at a studio that invited them they are sent to that
 * invitation (409), since the studio has already given them a place in a family there.
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
  const emailAddress = input.login.email;
  // The studio, the address's person and the studio's terms, in one round trip.
  const found = await batch(db, {
    studio: db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)),
    person: userByEmailRead(db, emailAddress),
    documents: db
      .select({ id: termsDocuments.id, version: termsDocuments.version })
      .from(termsDocuments)
      .where(eq(termsDocuments.companyId, companyId)),
  });
  if (!found.studio[0]) throw new AppError('not_found', messages.parentStudioMissing);
  const existing = found.person[0] ?? null;
  const registerLimit = [`register:parent:${client.ip}`, rules.mailPerClient] as const;
  if (existing && !onlyInvited(existing)) {
    // Counted per client all the same: the answer tells whether an address has an account.
    await consume(db, clock, ...registerLimit);
    throw new AppError('conflict', messages.emailTaken, 'email_taken');
  }
  const accepted = acceptedTerms(found.documents, input.terms);
  // Every limit is taken before anything is written, in one statement: a 429 is never the answer to a
  // family made.
  await consumeAll(db, clock, [registerLimit, ...verificationMailLimits(emailAddress, client)]);
  const passwordHash = await hashPassword(input.login.password);
  const family = { companyId, clock, appUrl, input, accepted, client };

  // A new address (nearly every registration): the person, the family and the mailed link in one
  // statement, which is atomic by itself. The address taken meanwhile (a registration or an invitation
  // at this moment) refuses the person's row, and the statement writes nothing: the transaction below
  // then finds the address as it is now.
  if (!existing) {
    const person = { id: randomUUID(), email: emailAddress, firstName: input.user.firstName };
    const newPerson = db
      .insert(users)
      .values({ id: person.id, email: emailAddress, ...loginOf(input, passwordHash) });
    const made = await writeFamily(db, person, family, [newPerson]).then(
      () => true,
      (error: unknown) => {
        if (isUniqueViolation(error)) return false;
        throw error;
      },
    );
    if (made) return { msg: familyMessages.registered(emailAddress) };
  }

  // Two registrations of one new address at once (a parent's, a studio's): the loser is told it is taken.
  await duplicateAs(
    messages.emailTaken,
    () =>
      db.transaction(async (tx) => {
        const person = await personOf(tx, { companyId, clock, input, existing, passwordHash });
        await writeFamily(tx, person, family);
      }),
    'email_taken',
  );
  return { msg: familyMessages.registered(emailAddress) };
}

/**
 * The family's rows and the mailed link that confirms the person's address, in one statement, after
 * `before` (the person's own row, when it is new): the link is mailed in the family's own commit (the
 * outbox), both or neither. 409 when the studio invited the address at this very moment: nothing is kept.
 */
async function writeFamily(
  db: Db,
  person: Person,
  a: FamilyAsked & { clock: Clock; appUrl: string },
  before: PendingWrite[] = [],
): Promise<void> {
  const { companyId, clock, appUrl, input, accepted, client } = a;
  const [written] = await rowsOf<{ members: number }>(
    db,
    oneStatement(
      [
        ...before,
        ...familyWrites(db, { companyId, familyId: randomUUID(), person, input, accepted, client }),
        ...emailVerificationWrites(db, { clock, appUrl, user: person, companyId }),
      ],
      sql`select count(*)::int as members from ${sql.identifier(MEMBER)}`,
    ),
  );
  if (!written?.members) throw await invitedHere(db, companyId);
}

/** The person's sign-in and names as the registration gives them. */
const loginOf = (input: ParentRegistration, passwordHash: string) => ({
  passwordHash,
  firstName: input.user.firstName,
  lastName: input.user.lastName,
  phone: input.user.phone,
  address: input.acctInfo.address,
  city: input.acctInfo.city,
  state: input.acctInfo.state,
  zipcode: input.acctInfo.zipcode,
});

type Person = { id: string; email: string; firstName: string };

/** What a registration asks to write of the family: at which studio, what the form says, from where. */
type FamilyAsked = {
  companyId: string;
  input: ParentRegistration;
  accepted: { documentId: string; version: number }[];
  client: { ip: string };
};

/**
 * The person who registers, in the registration's transaction: made, or claimed from an invitation
 * (their password and names) unless this studio invited them; 409 when the address was taken since.
 */
async function personOf(
  tx: Db,
  a: {
    companyId: string;
    clock: Clock;
    input: ParentRegistration;
    existing: { passwordHash: string } | null;
    passwordHash: string;
  },
): Promise<Person> {
  const { input } = a;
  const email = input.login.email;
  const login = loginOf(input, a.passwordHash);
  let created: Person | null | undefined;
  if (!a.existing) {
    [created] = await tx
      .insert(users)
      .values({ email, ...login })
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email, firstName: users.firstName });
  }
  // Held by an invitation (now, or since a moment ago): claimed, unless this studio invited them.
  const invited = created ? null : await findUserByEmail(tx, email);
  if (invited && onlyInvited(invited)) {
    await mustNotBeInvitedHere(tx, a.companyId, invited.id);
    // The address is proved by the link mailed below, as for anyone who registers.
    created = await claimInvitedUser(tx, invited.id, {
      ...login,
      emailVerifiedAt: null,
      updatedAt: a.clock.now(),
    });
  }
  // Two registrations of one address at once: the second finds it taken.
  if (!created) throw new AppError('conflict', messages.emailTaken, 'email_taken');
  return created;
}

/** The CTE of the family's membership: its row, none when the studio invited the address meanwhile. */
const MEMBER = 'member';

/**
 * The family's rows as writes of one statement (decision 078): the account, the membership (named
 * MEMBER), the person and the contacts, the students, the terms accepted and the family's log line.
 */
function familyWrites(
  tx: Db,
  a: FamilyAsked & { familyId: string; person: Person },
): (PendingWrite | NamedWrite)[] {
  const { companyId, familyId, person, input } = a;
  const { acctInfo, aboutUS } = input;
  const writes: (PendingWrite | NamedWrite)[] = [
    tx.insert(familyAccounts).values({
      id: familyId,
      companyId,
      lastName: input.user.lastName,
      email: input.login.email,
      phone: acctInfo.phone,
      address: acctInfo.address,
      address2: acctInfo.address2,
      city: acctInfo.city,
      state: acctInfo.state,
      zipcode: acctInfo.zipcode,
      aboutUsOption: aboutUS.option,
      aboutUsNotes: aboutUS.notes,
    }),
    {
      name: MEMBER,
      write: tx
        .insert(memberships)
        .values({ companyId, userId: person.id, role: 'user', familyId })
        .onConflictDoNothing()
        .returning({ id: memberships.id }),
    },
    tx.insert(familyPeople).values([
      { companyId, familyId, kind: 'user' as const, userId: person.id, ...input.user },
      ...input.contacts.map((c, i) => ({
        companyId,
        familyId,
        kind: 'contact' as const,
        ...c,
        createdAt: nthCreatedAt(i + 1),
      })),
    ]),
    tx
      .insert(students)
      .values(input.students.map((s, i) => ({ companyId, familyId, ...s, createdAt: nthCreatedAt(i) }))),
    auditInsert(tx, [
      familyLogEntry({
        actor: { companyId, userId: person.id },
        familyId,
        action: FAMILY_LOG_ACTIONS.registered,
        ip: a.client.ip,
        detail: { students: input.students.length, contacts: input.contacts.length },
      }),
    ]),
  ];
  if (a.accepted.length > 0) {
    writes.push(
      tx
        .insert(termsAcceptances)
        .values(a.accepted.map((t) => ({ companyId, familyId, userId: person.id, accepted: true, ...t }))),
    );
  }
  return writes;
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
