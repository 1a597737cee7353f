import type { Actor, Role } from '@pirouette/domain';
import type { findLiveSession } from './auth.queries';

/** What a request knows about its signed-in person; built once per request from the session row. */
export type SessionContext = NonNullable<Awaited<ReturnType<typeof findLiveSession>>> & { token: string };

export function actorOf(session: SessionContext): Actor {
  return {
    userId: session.userId,
    companyId: session.companyId,
    membershipId: session.membershipId,
    role: session.role as Role,
    familyAccountId: session.familyId,
  };
}
