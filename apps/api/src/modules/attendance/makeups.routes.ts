import { makeupCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  attendanceSettingsFor,
  grantMakeup,
  ownerFamilyMakeups,
  removeMakeup,
  saveAttendanceSettings,
} from './makeups.owner';
import { bookMakeup, parentCancelMakeup, parentMakeups } from './makeups.service';

/** Make-up classes (issue 36 point 4, decision 064): the parent's, the owner's, the studio's settings. */
export function makeupRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, appUrl } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    appUrl,
    actor: actorOfRequest(request),
  });
  routes(app, makeupCalls, {
    parentList: ({ request }) => parentMakeups(ctx(request)),
    book: ({ request, body }) => bookMakeup(ctx(request), body),
    cancel: ({ request, params }) => parentCancelMakeup(ctx(request), params.id),
    ofFamily: ({ request, params }) => ownerFamilyMakeups(ctx(request), params.id),
    grant: ({ request, params, body }) => grantMakeup(ctx(request), params.id, body),
    remove: ({ request, params, query }) => removeMakeup(ctx(request), params.id, query.note ?? ''),
    settings: ({ request }) => attendanceSettingsFor(ctx(request)),
    saveSettings: ({ request, body }) => saveAttendanceSettings(ctx(request), body),
  });
}
