import { calendarFeedCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../lib/call';

/** The family's calendar feed on the portal (issue 19 point 5, decision 035). */
const feedScope = () => scopeOf(calendarFeedCalls.get);

/** On or off, its address, when and by whom it was made. */
export const useCalendarFeed = () => useCall(calendarFeedCalls.get);

/** Turns it on, or gives it a new address (the old one stops working). */
export const useRenewCalendarFeed = () =>
  useCallMutation(calendarFeedCalls.renew, { invalidates: [feedScope()] });

/** Turns it off: its address stops working. */
export const useTurnOffCalendarFeed = () =>
  useCallMutation(calendarFeedCalls.turnOff, { invalidates: [feedScope()] });
