import {
  type Actor,
  CALENDAR_REFRESH_HOURS,
  CALENDAR_TOKEN_PATTERN,
  type CalendarFeedAnswer,
  type CalendarFeedChanged,
  calendarMessages,
  calendarNameOf,
  type FeedClass,
  type FeedClassDancer,
  type FeedCompetition,
  familyCalendarEvents,
  todayInZone,
  writeICalendar,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { ownFamily } from '../../kernel/family-scope';
import { audit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { newToken } from '../../lib/secrets';
import {
  deleteFeed,
  familyClassRows,
  familyCompetitionRows,
  feedOfToken,
  findFeed,
  putFeedToken,
} from './calendar.queries';

/**
 * The family's calendar feed (issue 19 point 5, decision 035): the parent turns it on, gets a new
 * address, or turns it off; calendar apps fetch it by the secret token in its address. The feed is
 * written in three round trips whatever the number of dancers, classes and events: the token (with its
 * family and studio), the class registrations, the competition registrations.
 */

export type CalendarDeps = { db: Db; actor: Actor; appUrl: string };

/** The feed's address: `${APP_URL}/api/calendar/<token>.ics`. */
export const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar/${token}.ics`;

function answerOf(appUrl: string, row: Awaited<ReturnType<typeof findFeed>>): CalendarFeedAnswer {
  if (!row) return { on: false, url: null, createdAt: null, createdBy: null };
  const by = row.firstName === null ? '' : `${row.firstName} ${row.lastName ?? ''}`.trim();
  return {
    on: true,
    url: feedUrl(appUrl, row.token),
    createdAt: row.createdAt.toISOString(),
    createdBy: by || null,
  };
}

/** `GET /api/parents/calendar`: the parent's own family's feed. */
export async function parentFeed(deps: CalendarDeps): Promise<CalendarFeedAnswer> {
  const familyId = ownFamily(deps.actor);
  return answerOf(deps.appUrl, await findFeed(deps.db, deps.actor.companyId, familyId));
}

/**
 * `POST /api/parents/calendar`: turns the feed on, or gives it a new address. The new token replaces
 * the old one in the same row, so the old address stops working the moment this answers.
 */
export async function renewParentFeed(deps: CalendarDeps): Promise<CalendarFeedChanged> {
  const { db, actor } = deps;
  const familyId = ownFamily(actor);
  const answer = await db.transaction(async (tx) => {
    const before = await findFeed(tx, actor.companyId, familyId);
    await putFeedToken(tx, { companyId: actor.companyId, familyId, token: newToken(), userId: actor.userId });
    await audit(tx, {
      action: before ? 'calendar_feed.renewed' : 'calendar_feed.on',
      companyId: actor.companyId,
      userId: actor.userId,
      targetType: 'calendar_feed',
      targetId: familyId,
    });
    return { before, now: await findFeed(tx, actor.companyId, familyId) };
  });
  return {
    ...answerOf(deps.appUrl, answer.now),
    msg: answer.before ? calendarMessages.renewed : calendarMessages.turnedOn,
  };
}

/** `DELETE /api/parents/calendar`: turns the feed off; its address stops working. */
export async function turnOffParentFeed(deps: CalendarDeps): Promise<CalendarFeedChanged> {
  const { db, actor } = deps;
  const familyId = ownFamily(actor);
  const was = await db.transaction(async (tx) => {
    const deleted = await deleteFeed(tx, actor.companyId, familyId);
    if (deleted) {
      await audit(tx, {
        action: 'calendar_feed.off',
        companyId: actor.companyId,
        userId: actor.userId,
        targetType: 'calendar_feed',
        targetId: familyId,
      });
    }
    return deleted;
  });
  return {
    ...answerOf(deps.appUrl, undefined),
    msg: was ? calendarMessages.turnedOff : calendarMessages.alreadyOff,
  };
}

/** Each dancer by first name, or by full name when two of the family's dancers share a first name. */
function dancerNames(rows: readonly { studentId: string; firstName: string; lastName: string }[]) {
  const firsts = new Map<string, Set<string>>();
  for (const r of rows) {
    const first = r.firstName.trim();
    firsts.set(first, (firsts.get(first) ?? new Set()).add(r.studentId));
  }
  return (r: { studentId: string; firstName: string; lastName: string }) => {
    const first = r.firstName.trim();
    return (firsts.get(first)?.size ?? 0) > 1 || !first ? `${first} ${r.lastName.trim()}`.trim() : first;
  };
}

/**
 * `GET /api/calendar/:token.ics`: the family's calendar as iCalendar text, or null for a token that
 * names no feed (never made, retired, or its family or studio gone).
 */
export async function feedCalendar(
  deps: { db: Db; clock: Clock; appUrl: string },
  token: string,
): Promise<string | null> {
  // Anything not shaped like a token is not worth a query.
  if (!CALENDAR_TOKEN_PATTERN.test(token)) return null;
  const feed = await feedOfToken(deps.db, token);
  if (!feed) return null;
  const now = deps.clock.now();
  const today = todayInZone(feed.timeZone, now);
  const [classRows, competitionRows] = await Promise.all([
    familyClassRows(deps.db, feed.companyId, feed.familyId, today),
    familyCompetitionRows(deps.db, feed.companyId, feed.familyId, today),
  ]);
  const nameOf = dancerNames([...classRows, ...competitionRows]);

  const classes = new Map<string, Omit<FeedClass, 'dancers'> & { dancers: FeedClassDancer[] }>();
  for (const r of classRows) {
    const c = classes.get(r.classId) ?? {
      id: r.classId,
      name: r.name,
      day: r.day,
      timeStart: r.timeStart,
      timeEnd: r.timeEnd,
      termStart: r.termStart,
      termEnd: r.termEnd,
      place: r.place,
      teacher: r.teacher,
      closures: r.closures,
      dancers: [],
    };
    c.dancers.push({ name: nameOf(r), from: r.from, until: r.until });
    classes.set(r.classId, c);
  }

  const events = new Map<
    string,
    Omit<FeedCompetition, 'dancers'> & { dancers: { name: string; entries: string[] }[] }
  >();
  for (const r of competitionRows) {
    const e = events.get(r.eventId) ?? {
      id: r.eventId,
      name: r.name,
      dateStart: r.dateStart,
      dateEnd: r.dateEnd,
      place: r.place,
      dancers: [],
    };
    const name = nameOf(r);
    let dancer = e.dancers.find((d) => d.name === name);
    if (!dancer) {
      dancer = { name, entries: [] };
      e.dancers.push(dancer);
    }
    dancer.entries.push(r.routine ? `${r.entry}: ${r.routine}` : r.entry);
    events.set(r.eventId, e);
  }

  return writeICalendar({
    name: calendarNameOf(feed.studioName),
    description: `Classes and competitions of your dancers at ${feed.studioName}`,
    stamp: now,
    refreshHours: CALENDAR_REFRESH_HOURS,
    events: familyCalendarEvents({
      timeZone: feed.timeZone,
      classes: [...classes.values()],
      competitions: [...events.values()],
      uidDomain: new URL(deps.appUrl).hostname || 'pirouette',
    }),
  });
}
