import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import { genreList, genreListQuery, genreNameInput, levelList } from './schema';

const tags = ['genres and levels'];

/** The studio's genres and the fixed levels (studio settings). */
export const genreCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/genres',
    query: genreListQuery,
    answer: genreList,
    access: 'owner',
    keep: true,
    summary: "The studio's genres in order; ?all=1 includes retired ones",
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/genres',
    body: genreNameInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a genre (names are unique per studio, ignoring case)',
    tags,
  }),
  rename: defineCall({
    method: 'PUT',
    path: '/api/mystudio/genres/:id',
    params: idParams,
    body: genreNameInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Rename a genre',
    tags,
  }),
  retire: defineCall({
    method: 'PUT',
    path: '/api/mystudio/genres/:id/retire',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Retire a genre: no longer offered, still named by the classes that have it',
    tags,
  }),
  restore: defineCall({
    method: 'PUT',
    path: '/api/mystudio/genres/:id/restore',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Bring a retired genre back',
    tags,
  }),
  levels: defineCall({
    method: 'GET',
    path: '/api/mystudio/levels',
    answer: levelList,
    access: 'owner',
    keep: true,
    summary: 'The seven fixed levels, ids 1–7',
    tags,
  }),
};
