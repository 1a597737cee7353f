import { familyTicketCalls, publicTicketCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * Buying recital tickets as the screens make the calls (issue 38 item 4, decision 077): a family from
 * the portal, anyone with the recital's public link; one ticket by its code. A hold, a payment or a
 * release changes the seat map and the show's seats left, so each reads them again.
 */

/** A seat map is read again this often while it is open: other buyers' holds appear without a reload. */
const MAP_REFRESH_MS = 20_000;

export const useFamilyRecitals = () => useCall(familyTicketCalls.recitals);

export const useFamilySeats = (showId: string) =>
  useCall(
    familyTicketCalls.seats,
    { params: { showId } },
    { enabled: showId !== '', refetchInterval: MAP_REFRESH_MS },
  );

export const useFamilyOrders = () => useCall(familyTicketCalls.orders);

/** Everything of the family's tickets: recitals (seats left, comps), maps, orders. */
const familyScopes = () => [scopeOf(familyTicketCalls.recitals), scopeOf(familyTicketCalls.orders)];

export const useFamilyHold = () => useCallMutation(familyTicketCalls.hold);
export const useFamilyPay = () => useCallMutation(familyTicketCalls.pay, { invalidates: familyScopes });

export const usePublicRecital = (token: string) =>
  useCall(publicTicketCalls.recital, { params: { token } }, { enabled: token !== '' });

export const usePublicSeats = (token: string, showId: string) =>
  useCall(
    publicTicketCalls.seats,
    { params: { token, showId } },
    { enabled: token !== '' && showId !== '', refetchInterval: MAP_REFRESH_MS },
  );

export const usePublicHold = () => useCallMutation(publicTicketCalls.hold);
export const usePublicPay = (token: string) =>
  useCallMutation(publicTicketCalls.pay, {
    invalidates: [scopeOf(publicTicketCalls.recital, { token })],
  });

export const usePublicTicket = (code: string) =>
  useCall(publicTicketCalls.ticket, { params: { code } }, { enabled: code !== '' });
