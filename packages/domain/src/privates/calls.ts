import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import { activityStepInput } from '../schedule/schema';
import {
  locationParams,
  newPrivateInput,
  privateDetail,
  privateLessonList,
  privateListQuery,
  privateRegistrationCreated,
  privateRegistrationInput,
  privateRegParams,
  privatesAnswer,
  privatesQuery,
  updatePrivateInput,
} from './schema';

const tags = ['privates'];

/** Private lessons and their registrations (002 §7 "Privates"): owner only, of the session's studio. */
export const privateCalls = {
  overview: defineCall({
    method: 'GET',
    path: '/api/mystudio/privates',
    query: privatesQuery,
    answer: privatesAnswer,
    access: 'owner',
    summary: "The teachers, the locations and a term's private lessons at the selected location",
    tags,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/privates/list/:locID',
    params: locationParams,
    query: privateListQuery,
    answer: privateLessonList,
    access: 'owner',
    summary: "A term's private lessons at a location, by type, teacher and name",
    tags,
  }),
  detail: defineCall({
    method: 'GET',
    path: '/api/mystudio/privates/:id',
    params: idParams,
    answer: privateDetail,
    access: 'owner',
    summary: 'A private lesson and its registrations',
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/privates',
    body: newPrivateInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a private lesson (its year term is its price’s)',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/privates',
    body: updatePrivateInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Edit a private lesson: its id beside its fields',
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/privates/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a private lesson with its registrations',
    tags,
  }),
  setActivity: defineCall({
    method: 'PUT',
    path: '/api/mystudio/privates/reg/:regID',
    params: privateRegParams,
    body: activityStepInput,
    answer: messageResult,
    access: 'owner',
    summary: "Set a registration's activity (step 1 also its status)",
    tags,
  }),
  register: defineCall({
    method: 'POST',
    path: '/api/mystudio/privates/reg/student',
    body: privateRegistrationInput,
    answer: privateRegistrationCreated,
    access: 'owner',
    summary: 'Register a student in a private lesson until the end of its year term',
    tags,
  }),
};
