import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';

/** The family's calendar feed (issue 19 point 5). Placeholder. */
export function calendarFeedRoutes(_app: FastifyInstance, _deps: AppDeps): void {}
