import type { MeResult } from '@pirouette/domain';
import { useMe } from './api/auth';

/**
 * The session inside guarded pages. The guard renders them only with a session, so null here means it
 * just ended (logout, expiry) and the guard is about to send the person away.
 */
export function useSession(): MeResult | null {
  return useMe().data ?? null;
}
