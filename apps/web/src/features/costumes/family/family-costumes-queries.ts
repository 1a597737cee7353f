import { familyCostumeCalls } from '@pirouette/domain';
import { useCall } from '../../../lib/call';

/**
 * A family's costumes (issue 18 point 5). The owner's sits under `mystudio/account/{id}`, so a costume
 * assigned, taken off or ordered (each invalidates the families' account reads) refreshes it.
 */

/** The owner's: one family of the studio, by its account id. */
export const useAccountCostumes = (accountId: string) =>
  useCall(familyCostumeCalls.ofFamily, { params: { id: accountId } }, { enabled: accountId !== '' });

/** The parent's: their own family, which the session names. */
export const useParentCostumes = () => useCall(familyCostumeCalls.parent);
