import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import { yearTermQuery } from '../year-terms/schema';
import {
  classTuitionList,
  newClassTuitionInput,
  newPrivateTuitionInput,
  privateTuitionList,
  updateClassTuitionInput,
  updatePrivateTuitionInput,
} from './schema';

const tags = ['tuition prices'];

/** Class and private tuition prices of a year term (002 §3, §7). Prices travel in dollars. */
export const tuitionPriceCalls = {
  classes: defineCall({
    method: 'GET',
    path: '/api/mystudio/tuition/classes',
    query: yearTermQuery,
    answer: classTuitionList,
    access: 'owner',
    keep: true,
    summary: "A year term's class prices (default: the current term)",
    tags,
  }),
  addClass: defineCall({
    method: 'POST',
    path: '/api/mystudio/tuition/classes',
    body: newClassTuitionInput,
    answer: createdResult,
    access: 'owner',
    summary: 'A new class price',
    tags,
  }),
  editClass: defineCall({
    method: 'PUT',
    path: '/api/mystudio/tuition/classes',
    body: updateClassTuitionInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Change a class price',
    tags,
  }),
  removeClass: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/tuition/classes/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a class price',
    tags,
  }),
  privates: defineCall({
    method: 'GET',
    path: '/api/mystudio/tuition/privates',
    query: yearTermQuery,
    answer: privateTuitionList,
    access: 'owner',
    keep: true,
    summary: "A year term's private-lesson prices (default: the current term)",
    tags,
  }),
  addPrivate: defineCall({
    method: 'POST',
    path: '/api/mystudio/tuition/privates',
    body: newPrivateTuitionInput,
    answer: createdResult,
    access: 'owner',
    summary: 'A new private-lesson price',
    tags,
  }),
  editPrivate: defineCall({
    method: 'PUT',
    path: '/api/mystudio/tuition/privates',
    body: updatePrivateTuitionInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Change a private-lesson price',
    tags,
  }),
  removePrivate: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/tuition/privates/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete a private-lesson price',
    tags,
  }),
};
