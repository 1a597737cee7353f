import { locationCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  createLocation,
  createRoom,
  editLocation,
  editRoom,
  getLocations,
  removeLocation,
  removeRoom,
} from './locations.service';

/** Locations and rooms (002 §7): owner only, always of the session's studio. */
export function locationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, locationCalls, {
    list: ({ request }) => getLocations({ db, actor: actorOfRequest(request) }),
    add: ({ request, body }) => createLocation({ db, actor: actorOfRequest(request), ...body }),
    edit: ({ request, body }) => editLocation({ db, actor: actorOfRequest(request), ...body }),
    remove: ({ request, params }) => removeLocation({ db, actor: actorOfRequest(request), id: params.id }),
    addRoom: ({ request, body }) => {
      const { locationID, ...room } = body;
      return createRoom({ db, actor: actorOfRequest(request), locationId: locationID, room });
    },
    editRoom: ({ request, body }) => editRoom({ db, actor: actorOfRequest(request), ...body }),
    removeRoom: ({ request, params }) => removeRoom({ db, actor: actorOfRequest(request), id: params.id }),
  });
}
