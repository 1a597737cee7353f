import { defineCall } from '../contract';
import { backstageInput, backstagePage, backstageSaveResult } from './backstage-schema';
import { showParams } from './door-schema';

const tags = ['recital'];

/** Backstage (issue 38 item 6, decision 075): an owner's or a teacher's; no answer holds money. */
export const backstageCalls = {
  page: defineCall({
    method: 'GET',
    path: '/api/mystudio/backstage/:showId',
    params: showParams,
    answer: backstagePage,
    access: 'staff',
    summary: "A show's numbers in running order with their dancers, each signed in or out",
    tags,
  }),
  sign: defineCall({
    method: 'POST',
    path: '/api/mystudio/backstage/:showId',
    params: showParams,
    body: backstageInput,
    answer: backstageSaveResult,
    access: 'staff',
    summary: 'Sign dancers in and out backstage, each event once (its clientId); the family is told of each',
    tags,
  }),
};
