import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import {
  activityParams,
  activityStepInput,
  classGenreInput,
  classGenreParams,
  classInfo,
  classRoomParams,
  classSaved,
  danceNumberCreated,
  danceNumberDeleteParams,
  danceNumberParams,
  minGenreInput,
  minGenreResult,
  newClassInput,
  newDanceNumberInput,
  requirementCreated,
  requirementInput,
  requirementParams,
  requirementUpdateInput,
  roomParams,
  scheduleAnswer,
  scheduleBody,
  scheduleClassList,
  scheduleQuery,
  termDanceNumbers,
  termDanceNumbersQuery,
  termRoomParams,
  updateClassInput,
  updateDanceNumberInput,
} from './schema';

const tags = ['schedule'];

/** The weekly class schedule (002 §7 "Class and schedule"): owner only, always of the session's studio. */
export const scheduleCalls = {
  // The spec names these two with a trailing slash (002 §7); the server answers either spelling.
  week: defineCall({
    method: 'GET',
    path: '/api/mystudio/schedule/',
    query: scheduleQuery,
    answer: scheduleAnswer,
    access: 'owner',
    summary: "Locations, rooms, and the selected room's classes in a year term (default: current)",
    tags,
  }),
  term: defineCall({
    method: 'POST',
    path: '/api/mystudio/schedule/',
    body: scheduleBody,
    answer: scheduleAnswer,
    access: 'owner',
    summary: 'Locations, rooms, and every class of a year term (default: current)',
    tags,
  }),
  roomClasses: defineCall({
    method: 'GET',
    path: '/api/mystudio/schedule/class/list/:roomID',
    params: roomParams,
    answer: scheduleClassList,
    access: 'owner',
    summary: "A room's classes in the current year term",
    tags,
  }),
  roomClassesOfTerm: defineCall({
    method: 'GET',
    path: '/api/mystudio/schedule/class/list/:yearTermID/:roomID',
    params: termRoomParams,
    answer: scheduleClassList,
    access: 'owner',
    summary: "A room's classes in a year term",
    tags,
  }),
};

/** A class: its info, creation with its dance numbers, edit, delete, and its minGenreRequired. */
export const classCalls = {
  info: defineCall({
    method: 'GET',
    path: '/api/mystudio/schedule/class/info/:id',
    params: idParams,
    answer: classInfo,
    access: 'owner',
    summary: "A class's dance numbers, registrations with their activity, genres and requirements",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/schedule/class',
    body: newClassInput,
    answer: classSaved,
    access: 'owner',
    summary: 'Create a class with its dance numbers (409 when its room is taken at that time)',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/schedule/class/:id',
    params: idParams,
    body: updateClassInput,
    answer: classSaved,
    access: 'owner',
    summary: "Edit a class's fields (409 when its room is taken at that time)",
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/schedule/class/:id/room/:roomID',
    params: classRoomParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a class with its dance numbers, genres, requirements and registrations',
    tags,
  }),
  setMinGenre: defineCall({
    method: 'PUT',
    path: '/api/mystudio/schedule/class/:id/minGenreRequired',
    params: idParams,
    body: minGenreInput,
    answer: minGenreResult,
    access: 'owner',
    summary: 'Set how many requirement genres a student needs; the answer carries the value kept',
    tags,
  }),
};

/** The genres a class teaches and its other requirements. */
export const classPartCalls = {
  addGenre: defineCall({
    method: 'POST',
    path: '/api/mystudio/schedule/class/:id/genre',
    params: idParams,
    body: classGenreInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a genre the class teaches',
    tags,
  }),
  removeGenre: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/schedule/class/:id/genre/:clsGenreID',
    params: classGenreParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Remove a genre from the class',
    tags,
  }),
  addRequirement: defineCall({
    method: 'POST',
    path: '/api/mystudio/schedule/class/:id/otherRequirement',
    params: idParams,
    body: requirementInput,
    answer: requirementCreated,
    access: 'owner',
    summary: 'Add another requirement (a genre at a level); minGenreRequired is re-clamped',
    tags,
  }),
  editRequirement: defineCall({
    method: 'PUT',
    path: '/api/mystudio/schedule/class/:id/otherRequirement',
    params: idParams,
    body: requirementUpdateInput,
    answer: minGenreResult,
    access: 'owner',
    summary: 'Edit another requirement; minGenreRequired is re-clamped',
    tags,
  }),
  removeRequirement: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/schedule/class/:id/otherRequirement/:otherReqID',
    params: requirementParams,
    answer: minGenreResult,
    access: 'owner',
    summary: 'Remove another requirement; minGenreRequired is re-clamped',
    tags,
  }),
};

/** Dance numbers of a class and each registered student's activity in them. */
export const danceNumberCalls = {
  ofTerm: defineCall({
    method: 'GET',
    path: '/api/mystudio/schedule/danceNumbers',
    query: termDanceNumbersQuery,
    answer: termDanceNumbers,
    access: 'owner',
    summary:
      "A year term's dance numbers (default: the current term) with their class and active dancers, in the week's order",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/schedule/class/danceNumber',
    body: newDanceNumberInput,
    answer: danceNumberCreated,
    access: 'owner',
    summary: "Add a dance number to a class, with activity for each of the class's students",
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/schedule/class/danceNumber/:clSchID/:dncNumID',
    params: danceNumberParams,
    body: updateDanceNumberInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Edit a dance number',
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/schedule/class/danceNumber/:clSchID/:dncNumID/:count',
    params: danceNumberDeleteParams,
    answer: messageResult,
    access: 'owner',
    summary:
      "Delete a dance number and its activity; `count` is the class's registration count the owner saw (at least 1)",
    tags,
  }),
  setActivity: defineCall({
    method: 'PUT',
    path: '/api/mystudio/schedule/class/danceNumberActivity/:dncNumActID',
    params: activityParams,
    body: activityStepInput,
    answer: messageResult,
    access: 'owner',
    summary:
      "Set a student's activity in a dance number: step 1 all four flags, 2 competition, 3 recital, 4 costume",
    tags,
  }),
};
