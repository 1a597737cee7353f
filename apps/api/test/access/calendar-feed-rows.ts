import { type Expect, type Kit, PARENTS, type Row } from './kit';

/** Nobody, whoever they are: what a feed's address answers when its token names no feed. */
const NOBODY: Expect = {
  anonymous: 404,
  parentA: 404,
  parentB: 404,
  ownerX: 404,
  ownerY: 404,
  teacherX: 404,
};

/**
 * The access matrix of the family's calendar feed (issue 19 point 5, decision 035): each parent reads,
 * turns on (or renews) and turns off their own family's feed, the session naming the family (parent B
 * reaches nothing of family A's); owners have no family and are refused. The feed itself is public, found
 * by its token alone: a token that names no feed is the same 404 for anyone, signed in or not.
 */
export function calendarFeedRows(_kit: Kit): Record<string, Row> {
  return {
    'GET /api/parents/calendar': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/calendar' }),
    },
    'POST /api/parents/calendar': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/calendar', payload: {} }),
    },
    'DELETE /api/parents/calendar': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/calendar' }),
    },
    'GET /api/calendar/:token.ics': {
      access: 'public',
      expect: NOBODY,
      request: () => ({ url: `/api/calendar/${'Q'.repeat(43)}.ics` }),
    },
  };
}
