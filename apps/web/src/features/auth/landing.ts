import { homePath, type MeResult } from '@pirouette/domain';
import { afterSignIn } from '../../app/guards/guard-decision';

/** The owner's dashboard, whose setup checklist says what a new studio does first. */
export const DASHBOARD_PATH = '/accounts/admin';

/**
 * Where sign-in lands (issue 31 item 14, decision 041): where `afterSignIn` says (the page asked for,
 * the account picker, or the role's home: 000 §6), except that an owner bound for the accounts list
 * while the studio's setup is not done lands on the dashboard's checklist instead of an empty list.
 * `setupComplete` is the checklist's own answer (GET api/mystudio/setup); should it fail, the spec's
 * home stands.
 */
export async function landingAfterSignIn(
  session: MeResult,
  search: string,
  setupComplete: () => Promise<boolean>,
): Promise<string> {
  const to = afterSignIn(session, search);
  if (to !== homePath('owner') || session.user.nPriv !== 'owner') return to;
  try {
    return (await setupComplete()) ? to : DASHBOARD_PATH;
  } catch {
    return to;
  }
}
