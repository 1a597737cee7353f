import { defineCall } from '../contract';
import { idParams } from '../ids';
import {
  IMPORT_BODY_LIMIT,
  importBatch,
  importCheckInput,
  importedParentPage,
  importedParentsQuery,
  importList,
  importRowPage,
  importRowsQuery,
  importRunResult,
  importSetup,
  sendInvitationsInput,
  sendInvitationsResult,
} from './schema';

const tags = ['moving in and out'];

/** Moving a studio in (issue 35, decision 054): owner only. */
export const importCalls = {
  setup: defineCall({
    method: 'GET',
    path: '/api/mystudio/imports/setup',
    answer: importSetup,
    access: 'owner',
    summary:
      "What an import can fill (each kind's fields), the presets of known systems, and the studio's kept mappings",
    tags,
  }),
  check: defineCall({
    method: 'POST',
    path: '/api/mystudio/imports',
    body: importCheckInput,
    answer: importBatch,
    access: 'owner',
    bodyLimit: IMPORT_BODY_LIMIT,
    summary:
      'Check files to import (the dry run): writes nothing but the batch, answers each file, the totals and the balances',
    description:
      'JSON `{ source, files: [{ name, content, encoding, kind?, mapping? }] }`, or `multipart/form-data` with a `source` field and one part per file (`kind` and `mapping` as fields named `kind:<file name>`, `mapping:<file name>` holding JSON). CSV (comma, semicolon or tab), XLSX (first sheet), or a Pirouette export (`pirouette.json` or its ZIP).',
    tags,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/imports',
    answer: importList,
    access: 'owner',
    summary: "The studio's imports, newest first",
    tags,
  }),
  read: defineCall({
    method: 'GET',
    path: '/api/mystudio/imports/:id',
    params: idParams,
    answer: importBatch,
    access: 'owner',
    summary: 'One import: its dry run, and while it runs its progress',
    tags,
  }),
  rows: defineCall({
    method: 'GET',
    path: '/api/mystudio/imports/:id/rows',
    params: idParams,
    query: importRowsQuery,
    answer: importRowPage,
    access: 'owner',
    summary: "The dry run's rows, 100 a page, by file and row; ?fate= and ?kind= filter",
    tags,
  }),
  run: defineCall({
    method: 'POST',
    path: '/api/mystudio/imports/:id/run',
    params: idParams,
    answer: importRunResult,
    access: 'owner',
    summary:
      'Import a checked batch: one transaction, checked again inside it; a row that fails writes nothing',
    tags,
  }),
  parents: defineCall({
    method: 'GET',
    path: '/api/mystudio/imports/parents',
    query: importedParentsQuery,
    answer: importedParentPage,
    access: 'owner',
    summary: 'Parents brought by imports, to invite: 50 a page; ?invited=0 those not yet invited',
    tags,
  }),
  invite: defineCall({
    method: 'POST',
    path: '/api/mystudio/imports/invitations',
    body: sendInvitationsInput,
    answer: sendInvitationsResult,
    access: 'owner',
    summary:
      'Send the invitations: to every imported parent not yet invited ({ all: true }) or to those picked ({ ids })',
    tags,
  }),
};
