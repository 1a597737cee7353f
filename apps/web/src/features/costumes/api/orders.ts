import { costumeAssignmentCalls, costumeOrderCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * The costume order calls as the owner's order screen makes them (issue 18 point 4, decision 029
 * "Orders"): a company's cart, what is left to order and its placed orders in one read; every change
 * answers the order, and refreshes that read.
 */

const orders = () => scopeOf(costumeOrderCalls.ofCompany);
/** A dance number's dancers show what is ordered of their costumes. */
const assigned = () => scopeOf(costumeAssignmentCalls.assigned);
/** Placing an order posts each family's costume balance: their account reads and the transactions too. */
const money = () => [['mystudio', 'account'], ['transactions']];

export const useCompanyOrders = (companyId: string | null) =>
  useCall(costumeOrderCalls.ofCompany, { params: { companyId: companyId ?? '' } }, { enabled: !!companyId });

/** Adds costumes to the company's cart, made with the id sent when there is none. */
export const useAddToCart = () => useCallMutation(costumeOrderCalls.create, { invalidates: [orders()] });
/** Replaces the cart's lines (a price changed, a line taken out). */
export const useReplaceCart = () => useCallMutation(costumeOrderCalls.replace, { invalidates: [orders()] });
export const usePlaceOrder = () =>
  useCallMutation(costumeOrderCalls.complete, { invalidates: [orders(), assigned(), ...money()] });
export const useReceiveShipment = () =>
  useCallMutation(costumeOrderCalls.shipment, { invalidates: [orders()] });
