import { defineCall } from '../contract';
import { idParams } from '../ids';
import {
  termsDocumentList,
  termsDocumentVersionList,
  updateTermsDocumentInput,
  updateTermsDocumentResult,
} from './schema';

const tags = ['terms documents'];

/** The studio's terms documents (000 §3): read, edited into new versions, their history. */
export const termsDocumentCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/documents',
    answer: termsDocumentList,
    access: 'owner',
    keep: true,
    summary: "The studio's terms documents at their current version",
    tags,
  }),
  versions: defineCall({
    method: 'GET',
    path: '/api/mystudio/documents/:id/versions',
    params: idParams,
    answer: termsDocumentVersionList,
    access: 'owner',
    keep: true,
    summary: "A document's versions, newest first",
    tags,
  }),
  edit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/documents/:id',
    params: idParams,
    body: updateTermsDocumentInput,
    answer: updateTermsDocumentResult,
    access: 'owner',
    summary: 'Save an edit of a document as its next version',
    tags,
  }),
};
