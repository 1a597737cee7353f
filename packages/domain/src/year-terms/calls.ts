import { yearTerm } from '../auth/schema';
import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import {
  newYearTermInput,
  setCurrentYearTermInput,
  updateYearTermInput,
  yearTermCounts,
  yearTermList,
} from './schema';

const tags = ['year terms'];

/** The studio's year terms (dance years) and which one is current. */
export const yearTermCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/yearTerms',
    answer: yearTermList,
    access: 'owner',
    keep: true,
    summary: "The studio's year terms",
    tags,
  }),
  counts: defineCall({
    method: 'GET',
    path: '/api/mystudio/yearTerms/counts',
    answer: yearTermCounts,
    access: 'owner',
    // Not kept: classes, lessons and families change on other pages and at the front desk.
    summary: 'What each year term holds: classes, private lessons and active families',
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/yearTerms/new',
    body: newYearTermInput,
    answer: createdResult,
    access: 'owner',
    summary: 'A new year term, with its payment system generated from its dates',
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/yearTerms',
    body: updateYearTermInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Change a year term; new dates rebuild its payment system',
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/yearTerms/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a year term that is not current, with its tuition prices and payment plans',
    tags,
  }),
  setCurrent: defineCall({
    method: 'PUT',
    path: '/api/mystudio/yearTerms/set/:id',
    params: idParams,
    // The spec's call has no body; the term the owner saw as current may be named (decision 021).
    body: setCurrentYearTermInput.nullish(),
    answer: yearTerm,
    access: 'owner',
    summary: "Make a term the studio's current one",
    description:
      'The optional body names the term the caller saw as current; when another has become current since, the change is refused with 409.',
    tags,
  }),
};
