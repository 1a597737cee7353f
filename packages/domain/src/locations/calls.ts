import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import {
  newLocationInput,
  newLocationResult,
  newRoomInput,
  studioLocationList,
  updateLocationInput,
  updateRoomInput,
} from './schema';

const tags = ['locations'];

/** Locations and rooms (002 §7): owner only, always of the session's studio. */
export const locationCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/locations',
    answer: studioLocationList,
    access: 'owner',
    keep: true,
    summary: "The studio's locations with their rooms",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/locations',
    body: newLocationInput,
    answer: newLocationResult,
    access: 'owner',
    summary: 'Create a location with at least one room',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/locations',
    body: updateLocationInput,
    answer: messageResult,
    access: 'owner',
    summary: "Edit a location's details",
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/locations/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a location and its rooms',
    tags,
  }),
  addRoom: defineCall({
    method: 'POST',
    path: '/api/mystudio/locations/room',
    body: newRoomInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a room to a location',
    tags,
  }),
  editRoom: defineCall({
    method: 'PUT',
    path: '/api/mystudio/locations/room',
    body: updateRoomInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Edit a room',
    tags,
  }),
  removeRoom: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/locations/room/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: "Delete a room (never a location's last one)",
    tags,
  }),
};
