import { merchantCalls, studioSetupCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * The studio's merchant account as the "Get paid" page reads and sends it (issue 34 item 1, decision
 * 049). Sending it changes the setup checklist's "Get paid" step too.
 */

export const useMerchant = () => useCall(merchantCalls.merchant);

export const useSubmitMerchant = () =>
  useCallMutation(merchantCalls.submitMerchant, {
    invalidates: [scopeOf(merchantCalls.merchant), scopeOf(studioSetupCalls.get)],
  });
