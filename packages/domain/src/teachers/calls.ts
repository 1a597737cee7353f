import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import { teacherInput, teacherList } from './schema';

const tags = ['teachers'];

/** Teachers (002 §7; the spec leaves add, edit and delete paths unsaid, so they follow its style). */
export const teacherCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/teachers',
    answer: teacherList,
    access: 'owner',
    keep: true,
    summary: "The studio's teachers, by last name",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/teachers',
    body: teacherInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a teacher',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/teachers/:id',
    params: idParams,
    body: teacherInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Edit a teacher',
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/teachers/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a teacher',
    tags,
  }),
};
