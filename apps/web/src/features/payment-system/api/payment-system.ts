import { paymentSystemCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** Every term's payment system: a change to a plan or an option refreshes them all. */
const paymentSystems = scopeOf(paymentSystemCalls.get);

/** A year term's payment plans and their options; nothing is asked until a term is known. */
export const usePaymentSystem = (yearTermId: string | null) =>
  useCall(
    paymentSystemCalls.get,
    { query: { yearTermID: yearTermId ?? undefined } },
    { enabled: !!yearTermId },
  );

/** A plan's discount, sent as a fraction: 0.05 is 5 % off. */
export const useUpdatePlanDiscount = () =>
  useCallMutation(paymentSystemCalls.planDiscount, { invalidates: [paymentSystems] });

export const useUpdateOptionDueDay = () =>
  useCallMutation(paymentSystemCalls.optionDueDay, { invalidates: [paymentSystems] });
