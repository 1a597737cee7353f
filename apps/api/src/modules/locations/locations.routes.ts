import {
  createdResult,
  idParams,
  messageResult,
  newLocationInput,
  newLocationResult,
  newRoomInput,
  ok,
  okSchema,
  studioLocationList,
  updateLocationInput,
  updateRoomInput,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import {
  createLocation,
  createRoom,
  editLocation,
  editRoom,
  getLocations,
  removeLocation,
  removeRoom,
} from './locations.service';

const tags = ['locations'];

/** Locations and rooms (002 §7): owner only, always of the session's studio. */
export function locationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/locations',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The studio's locations with their rooms",
        response: { 200: okSchema(studioLocationList) },
      },
    },
    async (request) => ok(await getLocations({ db, actor: actorOfRequest(request) })),
  );

  r.post(
    '/api/mystudio/locations',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Create a location with at least one room',
        body: newLocationInput,
        response: { 200: okSchema(newLocationResult) },
      },
    },
    async (request) => ok(await createLocation({ db, actor: actorOfRequest(request), ...request.body })),
  );

  r.put(
    '/api/mystudio/locations',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Edit a location's details",
        body: updateLocationInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) => ok(await editLocation({ db, actor: actorOfRequest(request), ...request.body })),
  );

  r.delete(
    '/api/mystudio/locations/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Delete a location and its rooms',
        params: idParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(await removeLocation({ db, actor: actorOfRequest(request), id: request.params.id })),
  );

  r.post(
    '/api/mystudio/locations/room',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Add a room to a location',
        body: newRoomInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) => {
      const { locationID, ...room } = request.body;
      return ok(await createRoom({ db, actor: actorOfRequest(request), locationId: locationID, room }));
    },
  );

  r.put(
    '/api/mystudio/locations/room',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Edit a room',
        body: updateRoomInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) => ok(await editRoom({ db, actor: actorOfRequest(request), ...request.body })),
  );

  r.delete(
    '/api/mystudio/locations/room/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Delete a room (never a location's last one)",
        params: idParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) => ok(await removeRoom({ db, actor: actorOfRequest(request), id: request.params.id })),
  );
}
