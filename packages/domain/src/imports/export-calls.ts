import { defineCall } from '../contract';
import { archiveFile } from './schema';

const tags = ['moving in and out'];

const ZIP =
  'Not JSON: a ZIP archive, `Content-Type: application/zip`, `Content-Disposition: attachment`. A refusal is the usual `[false, message]` JSON.';

/** Moving out (issue 35 item 6): the studio's whole data, and a family's own. */
export const exportCalls = {
  studio: defineCall({
    method: 'GET',
    path: '/api/mystudio/export',
    answer: archiveFile,
    access: 'owner',
    summary:
      "The studio's whole data: a CSV per table a person can open, and pirouette.json, which a new Pirouette studio imports back whole",
    description: ZIP,
    tags,
  }),
  family: defineCall({
    method: 'GET',
    path: '/api/parents/export',
    answer: archiveFile,
    access: 'parent',
    summary: "The parent's own family: its people, dancers, classes, and its statement",
    description: ZIP,
    tags,
  }),
};
