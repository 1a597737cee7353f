import { defineCall } from '../contract';
import {
  classFormInputs,
  competitionEntryOptions,
  danceNumberFormInputs,
  inputsTermQuery,
  privateFormInputs,
  studentOptions,
  studentOptionsQuery,
  yearTermOptions,
} from './schema';

const tags = ['inputs'];

/** The option lists the schedule's and the private lessons' dialogs need: owner only. */
export const formInputCalls = {
  classForm: defineCall({
    method: 'GET',
    path: '/api/mystudio/inputs/classform',
    query: inputsTermQuery,
    answer: classFormInputs,
    access: 'owner',
    keep: true,
    summary: "The class dialog's options: teachers, rooms, a term's class prices, genres, levels, terms",
    tags,
  }),
  danceNumberForm: defineCall({
    method: 'GET',
    path: '/api/mystudio/inputs/dncNumForm',
    answer: danceNumberFormInputs,
    access: 'owner',
    keep: true,
    summary: "The dance-number dialog's options: the genres still offered",
    tags,
  }),
  privateForm: defineCall({
    method: 'GET',
    path: '/api/mystudio/inputs/privateForm',
    query: inputsTermQuery,
    answer: privateFormInputs,
    access: 'owner',
    keep: true,
    summary:
      "The private-lesson dialog's options: teachers, a term's private prices, genres, locations, types",
    tags,
  }),
  students: defineCall({
    method: 'GET',
    path: '/api/mystudio/inputs/student',
    query: studentOptionsQuery,
    answer: studentOptions,
    access: 'owner',
    keep: true,
    summary: 'Students whose name contains q, by last name then first name',
    tags,
  }),
  yearTerms: defineCall({
    method: 'GET',
    path: '/api/mystudio/inputs/yearTerms',
    answer: yearTermOptions,
    access: 'owner',
    keep: true,
    summary: "The studio's year terms, the current one marked",
    tags,
  }),
  competitionEntries: defineCall({
    method: 'GET',
    path: '/api/mystudio/inputs/competition/entries',
    answer: competitionEntryOptions,
    access: 'owner',
    keep: true,
    summary: "The studio's competition entries, each named with its event, by the event's first day",
    tags,
  }),
};
