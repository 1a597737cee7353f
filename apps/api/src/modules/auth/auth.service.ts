import {
  type CompanyInfo,
  type LoginInput,
  type LoginResult,
  type MeResult,
  messages,
  registrationMessages,
  type UserAndCompany,
  windows,
} from '@pirouette/domain';
import { batchBeside, preparedBatch } from '../../db/batch';
import type { Db } from '../../db/client';
import { AppError, unauthorized } from '../../http/errors';
import type { SessionContext } from '../../http/session';
import { currentTermRead, findCurrentYearTerm } from '../../kernel/current-term';
import { userByEmailRead, userIdByEmail } from '../../kernel/users';
import { audit, auditInsert } from '../../lib/audit';
import { addDays, addHours, type Clock } from '../../lib/clock';
import { reserving, rules } from '../../lib/rate-limit';
import {
  hashPassword,
  hashSecret,
  needsRehash,
  newToken,
  verifyDecoy,
  verifyPassword,
} from '../../lib/secrets';
import { familyPlacesRead, openFamilyPlaces } from '../families';
import { remindEmailVerification } from '../registration';
import { presentAccounts, presentUser, presentYearTerm } from './auth.presenters';
import {
  findCompanyInfo,
  findLiveSession,
  findMembership,
  listMemberships,
  replacePasswordHash,
  revokeSession,
  sessionInsert,
  setSessionMembership,
} from './auth.queries';

type Client = { ip: string; userAgent?: string | undefined };
type Deps = { db: Db; clock: Clock; appUrl: string };

/**
 * Signs a person in. Every failure (an unknown address, one only invited, a wrong password, no studio
 * open to them) gets the same answer after one argon2 verification (verifyPassword), in the same time.
 *
 * One statement on each side of the hash when nothing waits to open: the places under the limits taken
 * beside one read of the person, their studios and the places waiting for them (a refused attempt reads
 * them for nothing, and a wrong password leaves them unused); then one statement that writes the session, gives the places
 * back and writes the audit row, and reads the studio's year term (six statements side by side, as the
 * sign-in was, took every connection of the pool). The answer is made from what was read, as `me` would read it.
 * A hash made with older settings is replaced beside them (decision 120), once.
 */
export async function login({
  db,
  clock,
  appUrl,
  input,
  client,
}: Deps & { input: LoginInput; client: Client }): Promise<LoginResult> {
  const readAt = clock.now();
  const taking = reserving(clock, [
    [`login:email:${input.email}`, rules.loginPerEmail],
    [`login:client:${client.ip}`, rules.loginPerClient],
  ]);
  const { reads: found, json } = await batchBeside(
    db,
    taking.writes,
    {
      user: userByEmailRead(db, input.email),
      accounts: listMemberships(db, userIdByEmail(db, input.email)),
      places: familyPlacesRead(db, userIdByEmail(db, input.email), readAt),
    },
    { counted: taking.counted },
  );
  const attempt = await taking.reserve(db, json.counted);
  const user = found.user[0] ?? null;
  const valid = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyDecoy(input.password);
  let accounts = found.accounts;
  // The places studios gave this person open as they sign in with a confirmed address (decision 014).
  if (user && valid && user.emailVerifiedAt) {
    const places = found.places.map((p) => p.companyId);
    if (await openFamilyPlaces(db, user.id, readAt, places)) accounts = await listMemberships(db, user.id);
  }
  const first = user && valid ? accounts[0] : undefined;
  if (!user || !valid || !first) {
    await audit(db, { action: 'auth.login_failed', userId: user?.id ?? null, ip: client.ip });
    throw unauthorized(messages.wrongCredentials);
  }
  if (!user.emailVerifiedAt) {
    await attempt.release();
    // Said plainly: a link is on its way (or was, a moment ago), and any link sent before still works.
    const link = await remindEmailVerification({
      db,
      clock,
      appUrl,
      user,
      companyId: first.companyId,
      client,
    });
    throw new AppError(
      'forbidden',
      link === 'sent' ? messages.verificationMailSent : registrationMessages.verificationMailRecent,
    );
  }

  const now = clock.now();
  const expiresAt = input.remember ? addDays(now, windows.rememberDays) : addHours(now, windows.sessionHours);
  const token = newToken();
  // The session, the places given back and the audit row written in one statement that also reads the
  // studio's current term: one round trip on one connection (a new hash, rarely, beside it).
  const release = attempt.releasing();
  const [{ reads }] = await Promise.all([
    batchBeside(
      db,
      [
        ...(release ? [release] : []),
        sessionInsert(db, {
          tokenHash: hashSecret(token),
          userId: user.id,
          membershipId: first.id,
          companyId: first.companyId,
          remember: input.remember,
          expiresAt,
          ip: client.ip,
          userAgent: client.userAgent?.slice(0, 300) ?? null,
        }),
        auditInsert(db, [
          { action: 'auth.login', companyId: first.companyId, userId: user.id, ip: client.ip },
        ]),
      ],
      { term: currentTermRead(db, first.companyId) },
    ),
    storeFreshHash(db, user, input.password),
  ]);
  const yearTerm = reads.term[0] ?? null;
  const accts = presentAccounts(accounts);
  return {
    user: presentUser({
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.phone,
      role: first.role,
      companyId: first.companyId,
      companyName: first.companyName,
      timeZone: first.timeZone,
      expiresAt,
    }),
    token,
    nAccts: accts.length,
    cName: first.companyName,
    yrTrm: presentYearTerm(yearTerm),
    accts,
  };
}

/**
 * A password that just checked against a hash of older settings (decision 120) hashed again at today's
 * and stored: one more hash, on that person's first sign-in since, and never again.
 */
async function storeFreshHash(db: Db, user: { id: string; passwordHash: string }, password: string) {
  if (!needsRehash(user.passwordHash)) return;
  await replacePasswordHash(db, user.id, user.passwordHash, await hashPassword(password));
}

/**
 * The session's current term and the person's studios, one statement built once (decision 124): the web
 * app asks them on every page it opens.
 */
const sessionRead = preparedBatch(['companyId', 'userId'], (db, p) => ({
  yearTerm: currentTermRead(db, p.companyId),
  accounts: listMemberships(db, p.userId),
}));

/** The session as the web app keeps it: the person, their current studio and year term, their studios. */
export async function describeSession({
  db,
  session,
}: {
  db: Db;
  session: SessionContext;
}): Promise<MeResult> {
  const { yearTerm, accounts } = await sessionRead(db, {
    companyId: session.companyId,
    userId: session.userId,
  });
  const accts = presentAccounts(accounts);
  return {
    user: presentUser(session),
    yrTrm: presentYearTerm(yearTerm[0] ?? null),
    nAccts: accts.length,
    accts,
  };
}

export async function logout({ db, clock, session }: { db: Db; clock: Clock; session: SessionContext }) {
  await Promise.all([
    revokeSession(db, session.sessionId, clock.now()),
    audit(db, { action: 'auth.logout', companyId: session.companyId, userId: session.userId }),
  ]);
}

/** Moves the session to another of the person's memberships; someone else's membership is not found. */
export async function switchAccount({
  db,
  clock,
  session,
  membershipId,
}: {
  db: Db;
  clock: Clock;
  session: SessionContext;
  membershipId: string;
}) {
  const membership = await findMembership(db, session.userId, membershipId);
  if (!membership) throw new AppError('not_found', messages.accountNotFound);
  await setSessionMembership(db, session.sessionId, membership);
  const moved = await findLiveSession(db, session.tokenHash, clock.now());
  if (!moved) throw unauthorized(messages.sessionExpired);
  await audit(db, { action: 'auth.switch_account', companyId: moved.companyId, userId: moved.userId });
  return {
    user: presentUser(moved),
    cName: moved.companyName,
    yrTrm: presentYearTerm(await findCurrentYearTerm(db, moved.companyId)),
  };
}

/** The session's studio (GET x_AOS/comp; 000 §7 "company information"). */
export async function describeCompany({
  db,
  companyId,
}: {
  db: Db;
  companyId: string;
}): Promise<CompanyInfo> {
  const row = await findCompanyInfo(db, companyId);
  if (!row) throw new AppError('not_found', messages.studioNotFound);
  const { name, ...rest } = row;
  return { ...rest, cName: name };
}

/** The signed-in person, their studio and its current term (GET x_AOS; 000 §7 "user and company information"). */
export async function describeUserAndCompany({
  db,
  session,
}: {
  db: Db;
  session: SessionContext;
}): Promise<UserAndCompany> {
  const [company, yearTerm] = await Promise.all([
    describeCompany({ db, companyId: session.companyId }),
    findCurrentYearTerm(db, session.companyId),
  ]);
  return { user: presentUser(session), yrTrm: presentYearTerm(yearTerm), company };
}
