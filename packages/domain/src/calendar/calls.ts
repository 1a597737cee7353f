import { z } from 'zod';
import { defineCall } from '../contract';
import { calendarFeedAnswer, calendarFeedChanged, calendarTokenParams } from './schema';

const tags = ['calendar'];

/**
 * The family's calendar feed (issue 19 point 5, decision 035): the parent's switch (read, turn on or
 * make a new address, turn off) and the feed itself, which calendar apps fetch without a session, found
 * by the secret token in its address.
 */
export const calendarFeedCalls = {
  get: defineCall({
    method: 'GET',
    path: '/api/parents/calendar',
    answer: calendarFeedAnswer,
    access: 'parent',
    summary: "The family's calendar feed: on or off, its address, when and by whom it was made",
    tags,
  }),
  renew: defineCall({
    method: 'POST',
    path: '/api/parents/calendar',
    answer: calendarFeedChanged,
    access: 'parent',
    summary: 'Turn the calendar feed on, or give it a new address (the old one stops working at once)',
    tags,
  }),
  turnOff: defineCall({
    method: 'DELETE',
    path: '/api/parents/calendar',
    answer: calendarFeedChanged,
    access: 'parent',
    summary: 'Turn the calendar feed off: its address stops working',
    tags,
  }),
  feed: defineCall({
    method: 'GET',
    path: '/api/calendar/:token.ics',
    params: calendarTokenParams,
    answer: z.string(),
    access: 'public',
    summary: "A family's calendar (text/calendar, RFC 5545), found by the secret token in its address",
    description:
      "The family's class meetings over the year terms not yet ended and the competition events its dancers are registered for. Not JSON: the iCalendar text itself, `Content-Type: text/calendar; charset=utf-8`, with an ETag. An unknown or retired token is a 404.",
    tags,
  }),
};
