import { familyCompetitionCalls } from '@pirouette/domain';
import { useCall } from '../../../lib/call';

/**
 * A family's competition entries (issue 19 point 5). The owner's sits under `mystudio/account/{id}`, so a
 * registration or a removal on the registration page (each refreshes the accounts' reads with the
 * competition ones) refreshes it.
 */

/** The owner's: one family of the studio, by its account id. */
export const useAccountCompetitions = (accountId: string) =>
  useCall(familyCompetitionCalls.ofFamily, { params: { id: accountId } }, { enabled: accountId !== '' });

/** The parent's: their own family, which the session names. */
export const useParentCompetitions = () => useCall(familyCompetitionCalls.parent);
