import {
  competitionCompanyCalls,
  competitionEntryCalls,
  competitionEventCalls,
  competitionLocationCalls,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  addCompany,
  addLocation,
  companies,
  editCompany,
  editLocation,
  locationsOf,
  removeCompany,
  removeLocation,
} from './companies.service';
import {
  addEntry,
  addEvent,
  addEventWithEntries,
  editEntry,
  editEvent,
  entriesOf,
  events,
  removeEntry,
  removeEvent,
} from './events.service';

/** Competitions' calls (issue 19, decision 031; 002 §7 "Competitions"): the owner's only. */
export function competitionRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({ db, actor: actorOfRequest(request) });
  routes(app, competitionCompanyCalls, {
    list: ({ request }) => companies(ctx(request)),
    add: ({ request, body }) => addCompany(ctx(request), body),
    edit: ({ request, params, body }) => editCompany(ctx(request), params.id, body),
    remove: ({ request, params }) => removeCompany(ctx(request), params.id),
  });
  routes(app, competitionLocationCalls, {
    ofCompany: ({ request, params }) => locationsOf(ctx(request), params.companyId),
    add: ({ request, params, body }) => addLocation(ctx(request), params.companyId, body),
    edit: ({ request, params, body }) => editLocation(ctx(request), params.id, body),
    remove: ({ request, params }) => removeLocation(ctx(request), params.id),
  });
  routes(app, competitionEventCalls, {
    list: ({ request }) => events(ctx(request)),
    add: ({ request, body }) => addEvent(ctx(request), body),
    addWithEntries: ({ request, body }) => addEventWithEntries(ctx(request), body),
    edit: ({ request, params, body }) => editEvent(ctx(request), params.id, body),
    remove: ({ request, params }) => removeEvent(ctx(request), params.id),
  });
  routes(app, competitionEntryCalls, {
    ofEvent: ({ request, params }) => entriesOf(ctx(request), params.eventId),
    add: ({ request, body }) => addEntry(ctx(request), body),
    edit: ({ request, params, body }) => editEntry(ctx(request), params.id, body),
    remove: ({ request, params }) => removeEntry(ctx(request), params.id),
  });
}
