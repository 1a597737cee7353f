import { competitionOverviewCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  eventRunningOrder,
  overviewEvents,
  overviewSettings,
  saveOverviewSettings,
  saveRunningOrder,
} from './overview.service';

/** The competition overview's calls (issue 19 point 4, decision 033): the owner's only. */
export function competitionOverviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    actor: actorOfRequest(request),
  });
  routes(app, competitionOverviewCalls, {
    events: ({ request }) => overviewEvents(ctx(request)),
    order: ({ request, params }) => eventRunningOrder(ctx(request), params.eventId),
    saveOrder: ({ request, params, body }) => saveRunningOrder(ctx(request), params.eventId, body.order),
    settings: ({ request }) => overviewSettings(ctx(request)),
    saveSettings: ({ request, body }) => saveOverviewSettings(ctx(request), body.quickChangeGap),
  });
}
