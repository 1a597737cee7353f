import { ownerRegistrationCalls, parentRegistrationCalls } from '@pirouette/domain';
import { useCall } from '../../../lib/call';

/**
 * A family's tuition for the current term (issue 15 point 8), as the server worked it out. The keys come
 * from the calls' paths, so the registration wizard's changes refresh these answers too.
 */

/** The owner's reading of one family's tuition. */
export const useOwnerFamilyTuition = (coAcctMemID: string) =>
  useCall(ownerRegistrationCalls.tuition, { params: { coAcctMemID } }, { enabled: coAcctMemID !== '' });

/** The signed-in parent's own family. */
export const useParentFamilyTuition = () => useCall(parentRegistrationCalls.tuition);
