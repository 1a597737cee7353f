import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import { idParams } from '../ids';
import {
  attendanceSettingsAnswer,
  attendanceSettingsInput,
  bookMakeupInput,
  grantMakeupInput,
  makeupsAnswer,
  removeMakeupQuery,
} from './makeups-schema';

const tags = ['makeups'];

/** Make-up classes (issue 36 point 4, decision 064): the parent's, the owner's, the studio's settings. */
export const makeupCalls = {
  parentList: defineCall({
    method: 'GET',
    path: '/api/parents/makeups',
    answer: makeupsAnswer,
    access: 'parent',
    summary: "The family's make-up credits, each open one with the next meetings it can be booked into",
    tags,
  }),
  book: defineCall({
    method: 'POST',
    path: '/api/parents/makeups',
    body: bookMakeupInput,
    answer: createdResult,
    access: 'parent',
    summary: 'Book a make-up: an open credit into a meeting with a place free (the booking’s id)',
    tags,
  }),
  cancel: defineCall({
    method: 'DELETE',
    path: '/api/parents/makeups/:id',
    params: idParams,
    answer: messageResult,
    access: 'parent',
    summary: 'Cancel a booked make-up (id: the booking) before the cut-off; the credit is open again',
    tags,
  }),
  ofFamily: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/makeups',
    params: idParams,
    answer: makeupsAnswer,
    access: 'owner',
    summary: "A family's make-up credits (id: the family's coAcctMemID)",
    tags,
  }),
  grant: defineCall({
    method: 'POST',
    path: '/api/mystudio/account/:id/makeups',
    params: idParams,
    body: grantMakeupInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Give a dancer of the family a make-up credit by hand, with a note and its expiry',
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/makeups/:id',
    params: idParams,
    query: removeMakeupQuery,
    answer: messageResult,
    access: 'owner',
    summary: 'Remove a make-up credit (a booked one’s booking is cancelled), with a note',
    tags,
  }),
  settings: defineCall({
    method: 'GET',
    path: '/api/mystudio/attendance/settings',
    answer: attendanceSettingsAnswer,
    access: 'owner',
    summary: 'The studio’s attendance settings: the make-up window, the cancel cut-off, closures’ default',
    tags,
  }),
  saveSettings: defineCall({
    method: 'PUT',
    path: '/api/mystudio/attendance/settings',
    body: attendanceSettingsInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Save the studio’s attendance settings',
    tags,
  }),
};
