import { createHash } from 'node:crypto';
import { calendarFeedCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { notFound } from '../../http/errors';
import { routes } from '../../http/route';
import { feedCalendar, parentFeed, renewParentFeed, turnOffParentFeed } from './calendar.service';

/**
 * Calendar apps fetch a subscription every few hours and may be offered a stored copy; the address is a
 * secret, so no shared cache keeps it.
 */
const FEED_CACHE_CONTROL = 'private, max-age=900';

/**
 * The feed's ETag: its text without the DTSTAMP lines, which say when it was written and so change on
 * every fetch; the same events give the same tag, and an app that sends it back gets a 304.
 */
export const feedEtag = (text: string) =>
  `"${createHash('sha256')
    .update(text.replace(/^DTSTAMP:[^\r\n]*\r\n/gm, ''))
    .digest('base64url')
    .slice(0, 27)}"`;

/** The family's calendar feed (issue 19 point 5, decision 035). */
export function calendarFeedRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, appUrl, clock } = deps;
  const { feed, ...parentCalls } = calendarFeedCalls;
  routes(app, parentCalls, {
    get: ({ request }) => parentFeed({ db, actor: actorOfRequest(request), appUrl }),
    renew: ({ request }) => renewParentFeed({ db, actor: actorOfRequest(request), appUrl }),
    turnOff: ({ request }) => turnOffParentFeed({ db, actor: actorOfRequest(request), appUrl }),
  });

  // The feed is the iCalendar text itself, not the API's `[true, data]` JSON: registered from its
  // declaration (path, params, access, OpenAPI) by hand, as `route` writes only JSON answers.
  app.route({
    method: feed.method,
    url: feed.path,
    config: { access: feed.access, call: feed },
    schema: {
      tags: [...feed.tags],
      summary: feed.summary,
      description: feed.description,
      params: feed.params,
      produces: ['text/calendar'],
    },
    handler: async (request, reply) => {
      const { token } = request.params as { token: string };
      const text = await feedCalendar({ db, clock, appUrl }, token);
      // Unknown, retired, or its family or studio gone: the same 404 as any unknown address.
      if (text === null) throw notFound();
      const etag = feedEtag(text);
      reply
        .header('cache-control', FEED_CACHE_CONTROL)
        .header('etag', etag)
        .header('x-robots-tag', 'noindex');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="calendar.ics"')
        .send(text);
    },
  });
}
