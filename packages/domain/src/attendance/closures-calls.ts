import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { idParams } from '../ids';
import {
  closureCreated,
  closureInput,
  closureList,
  closurePeriodQuery,
  closurePreview,
  closurePreviewQuery,
  meetingList,
  meetingsQuery,
} from './closures-schema';

const tags = ['closures'];

/** The studio's closures and its class meetings (issue 36, decision 062): the owner's only. */
export const closureCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/closures',
    query: closurePeriodQuery,
    answer: closureList,
    access: 'owner',
    summary: 'The closures touching a period, each with the meetings it cancels and the families it told',
    tags,
  }),
  preview: defineCall({
    method: 'GET',
    path: '/api/mystudio/closures/preview',
    query: closurePreviewQuery,
    answer: closurePreview,
    access: 'owner',
    summary:
      'What a closure would cancel (meetings, families), and why it could not be saved, before saving it',
    tags,
  }),
  add: defineCall({
    method: 'POST',
    path: '/api/mystudio/closures',
    body: closureInput,
    answer: closureCreated,
    access: 'owner',
    summary:
      'Close one class or every class on some days: its meetings are cancelled and their families told once',
    tags,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/closures/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Remove a closure: its meetings are back on, its open make-up credits removed, families told',
    tags,
  }),
  meetings: defineCall({
    method: 'GET',
    path: '/api/mystudio/meetings',
    query: meetingsQuery,
    answer: meetingList,
    access: 'owner',
    summary: "The studio's class meetings in a period (at most 62 days), each with its closure",
    tags,
  }),
};
