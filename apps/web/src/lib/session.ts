import type { Actor, MeResult } from '@pirouette/domain';

/** The acting person of a session, in the shape the domain policies take. */
export function actorOf(session: MeResult | null | undefined): Actor | null {
  if (!session) return null;
  const { user, accts } = session;
  const membership = accts.find((a) => a.cID === user.cID && a.nPriv === user.nPriv);
  return {
    userId: user.id,
    companyId: user.cID,
    membershipId: membership?.id ?? '',
    role: user.nPriv,
  };
}

/** True once the session's expiry time (expT) has passed. */
export function isExpired(session: MeResult | null | undefined, now = Date.now()): boolean {
  if (!session) return false;
  const end = Date.parse(session.user.expT);
  return Number.isFinite(end) && end <= now;
}
