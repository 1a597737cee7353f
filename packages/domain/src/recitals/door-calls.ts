import { defineCall } from '../contract';
import { doorPage, scansInput, scansResult, showParams } from './door-schema';

const tags = ['recital'];

/** The door (issue 38 item 5, decision 075): an owner's or a teacher's; no answer holds money. */
export const doorCalls = {
  page: defineCall({
    method: 'GET',
    path: '/api/mystudio/door/:showId',
    params: showParams,
    answer: doorPage,
    access: 'staff',
    summary: "A show's door: counts, the latest scans, and its tickets for checking codes offline",
    tags,
  }),
  scan: defineCall({
    method: 'POST',
    path: '/api/mystudio/door/:showId/scans',
    params: showParams,
    body: scansInput,
    answer: scansResult,
    access: 'staff',
    summary: 'Scans at the door, one or a batch sent back from offline; each counted once (its clientScanId)',
    tags,
  }),
};
