import type { Actor, Role } from '@pirouette/domain';

/** A live session as the database holds it: who is signed in, through which membership, at which studio. */
export type LiveSession = {
  sessionId: string;
  /** The SHA-256 of the session's token, as the database keeps it (the token itself is never kept). */
  tokenHash: string;
  expiresAt: Date;
  membershipId: string;
  companyId: string;
  role: string;
  familyId: string | null;
  /** The teacher record a teacher's membership signs in as (issue 36). */
  teacherId: string | null;
  companyName: string;
  timeZone: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
};

/** Reads the live session behind a token hash (modules/auth supplies it: http never reads tables itself). */
export type FindSession = (tokenHash: string, now: Date) => Promise<LiveSession | null>;

/**
 * What a request knows about its signed-in person: the session row as read (and kept, access.ts), the
 * same object for every request of the session, never changed.
 */
export type SessionContext = Readonly<LiveSession>;

export function actorOf(session: SessionContext): Actor {
  return {
    userId: session.userId,
    companyId: session.companyId,
    membershipId: session.membershipId,
    role: session.role as Role,
    familyAccountId: session.familyId,
    teacherId: session.teacherId,
  };
}
