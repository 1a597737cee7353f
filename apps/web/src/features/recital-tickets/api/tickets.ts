import { type OwnerTicketOrdersQuery, ownerTicketCalls } from '@pirouette/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callQuery, scopeOf, useCall, useCallMutation } from '../../../lib/call';

/** The owner's ticket orders (issue 38 item 4, decision 074): the list, one order, a refund. */

export const ORDERS_PAGE_SIZE = 25;
/** The id a query is keyed by while there is none to ask about (it is not sent: the query waits). */
const NONE = '00000000-0000-4000-8000-000000000000';

/** One page of a recital's orders; a turned page keeps the last one on screen meanwhile. */
export const useTicketOrders = (recitalId: string | null, q: Partial<OwnerTicketOrdersQuery>) =>
  useQuery({
    ...callQuery(
      ownerTicketCalls.orders,
      { params: { id: recitalId ?? NONE }, query: { ...q, pageSize: ORDERS_PAGE_SIZE } },
      { enabled: !!recitalId },
    ),
    placeholderData: keepPreviousData,
  });

/** One order with its tickets, read when it is opened. */
export const useTicketOrder = (id: string | null) =>
  useCall(ownerTicketCalls.order, { params: { id: id ?? NONE } }, { enabled: !!id });

/** A refund refreshes the list and the order. */
export const useRefundTickets = () =>
  useCallMutation(ownerTicketCalls.refund, {
    invalidates: [scopeOf(ownerTicketCalls.orders), scopeOf(ownerTicketCalls.order)],
  });
