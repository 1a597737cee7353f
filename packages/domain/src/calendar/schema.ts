import { z } from 'zod';

/**
 * The family's calendar feed (issue 19 point 5, decision 035): its answers and messages. A parent turns
 * the feed on and gets a secret address that calendar apps subscribe to; a new address retires the old
 * one at once, and turning it off retires it too.
 */

/** The feed's secret in its address: 256 random bits, URL-safe (43 characters). */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** How often calendar apps are asked to fetch the feed again, in hours (they may take longer). */
export const CALENDAR_REFRESH_HOURS = 6;

export const calendarFeedAnswer = z.object({
  /** Whether the family has a feed. */
  on: z.boolean(),
  /** The feed's address (https:// or http://), null while off. */
  url: z.string().nullable(),
  /** When this address was made (ISO instant), null while off. */
  createdAt: z.string().nullable(),
  /** Who made it: the parent's or owner's name, null while off or when that person is gone. */
  createdBy: z.string().nullable(),
});
export type CalendarFeedAnswer = z.infer<typeof calendarFeedAnswer>;

export const calendarFeedChanged = calendarFeedAnswer.extend({ msg: z.string() });
export type CalendarFeedChanged = z.infer<typeof calendarFeedChanged>;

/** The feed's address as its path names it: the token and `.ics`. */
export const calendarTokenParams = z.object({
  token: z.string().max(200),
});

export const calendarMessages = {
  turnedOn: 'Your calendar feed is on.',
  renewed: 'Your calendar has a new address: the old one no longer works.',
  turnedOff: 'Your calendar feed is off: its address no longer works.',
  alreadyOff: 'Your calendar feed was already off.',
} as const;

/** The feed's address for Apple Calendar and Outlook, which subscribe to `webcal://`. */
export function webcalUrlOf(url: string): string {
  return url.replace(/^https?:\/\//, 'webcal://');
}

/** Google Calendar's "add by URL" page for the feed (it takes the webcal address as `cid`). */
export function googleCalendarUrlOf(url: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrlOf(url))}`;
}

/** The calendar's name in the family's app: the studio's. */
export function calendarNameOf(studioName: string): string {
  return studioName.trim() || 'Dance studio';
}
