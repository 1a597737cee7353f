import { z } from 'zod';
import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import {
  aboutStudioAnswer,
  accountDeleteParams,
  accountFilterInput,
  accountFilterResult,
  accountInfoAnswer,
  accountList,
  accountListParams,
  accountListQuery,
  accountLog,
  accountLogQuery,
  accountParams,
  accountStudentsAnswer,
  addPersonInput,
  editPersonInput,
  frontDeskFamilyInput,
  frontDeskFamilyResult,
  inviteParams,
  ownerAddPersonInput,
  ownerContactInfoInput,
  ownerDeletePersonParams,
  parentAccountAnswer,
  parentContactInfoInput,
  parentDeletePersonParams,
  personAdded,
  termsStatus,
} from './account';
import { acceptTermsInput, parentTermsAnswer } from './terms-acceptance';

/** The owner's family accounts (001 §7): lists, one account's overview, the front desk, deletion. */
export const accountCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/list/:status',
    params: accountListParams,
    query: accountListQuery,
    answer: accountList,
    access: 'owner',
    keep: true,
    summary: 'A page of the active, inactive or incomplete accounts, by family name',
    tags: ['accounts'],
  }),
  emails: defineCall({
    method: 'POST',
    path: '/api/mystudio/account/filter/accounts',
    body: accountFilterInput,
    answer: accountFilterResult,
    access: 'owner',
    summary: 'Every account of a list (all pages) and its e-mail list',
    tags: ['accounts'],
  }),
  create: defineCall({
    method: 'POST',
    path: '/api/mystudio/account',
    body: frontDeskFamilyInput,
    answer: frontDeskFamilyResult,
    access: 'owner',
    summary: 'Create a family at the front desk',
    tags: ['accounts'],
  }),
  info: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/info',
    params: accountParams,
    answer: accountInfoAnswer,
    access: 'owner',
    summary: 'An account: its information, users and contacts',
    tags: ['accounts'],
  }),
  students: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/students',
    params: accountParams,
    answer: accountStudentsAnswer,
    access: 'owner',
    summary: "An account's students and their classes in the current term",
    tags: ['accounts'],
  }),
  terms: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/toc',
    params: accountParams,
    answer: z.array(termsStatus),
    access: 'owner',
    summary: "The studio's terms and the account's acceptance of each",
    tags: ['accounts'],
  }),
  about: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/aboutStudio',
    params: accountParams,
    answer: aboutStudioAnswer,
    access: 'owner',
    summary: 'How the family heard of the studio',
    tags: ['accounts'],
  }),
  log: defineCall({
    method: 'GET',
    path: '/api/mystudio/account/:id/logs',
    params: accountParams,
    query: accountLogQuery,
    answer: accountLog,
    access: 'owner',
    summary: "An account's log, newest first",
    tags: ['accounts'],
  }),
  invite: defineCall({
    method: 'POST',
    path: '/api/mystudio/account/:id/invite/:userId',
    params: inviteParams,
    answer: messageResult,
    access: 'owner',
    summary: "Mail a family's user a new invitation to set a password",
    tags: ['accounts'],
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/account/:acctId/:coAcctMemID',
    params: accountDeleteParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Delete an account and all it holds',
    tags: ['accounts'],
  }),
};

/** The parent's own family account (001 §7 Parent). */
export const parentAccountCalls = {
  account: defineCall({
    method: 'GET',
    path: '/api/parents/account/',
    answer: parentAccountAnswer,
    access: 'parent',
    summary: "The parent's family: its information, people, students, classes and terms",
    tags: ['parent account'],
  }),
};

/** The parent reads the studio's terms and accepts them for their own family (issue 13 item 16). */
export const parentTermsCalls = {
  read: defineCall({
    method: 'GET',
    path: '/api/parents/account/terms',
    answer: parentTermsAnswer,
    access: 'parent',
    summary: "The studio's terms documents, each in the version in force, to read",
    tags: ['parent account'],
  }),
  accept: defineCall({
    method: 'POST',
    path: '/api/parents/account/terms',
    body: acceptTermsInput,
    answer: messageResult,
    access: 'parent',
    summary: "Accept a terms document, in the version in force, for the parent's own family",
    description: 'A version other than the one in force is refused with 409: the parent reads again.',
    tags: ['parent account'],
  }),
};

/**
 * A family's students, users and contacts, and its contact information (001 §5, §7): the owner's on
 * any family of the studio (the family named in the request), the parent's on their own (the session's,
 * never one named in the request).
 */
export const familyPeopleCalls = {
  ownerAdd: defineCall({
    method: 'POST',
    path: '/api/mystudio/account/user',
    body: ownerAddPersonInput,
    answer: personAdded,
    access: 'owner',
    summary:
      'Add a student, user or contact to a family (a user with an e-mail address is invited to sign in)',
    tags: ['families'],
  }),
  ownerEdit: defineCall({
    method: 'PUT',
    path: '/api/mystudio/account/user/',
    body: editPersonInput,
    answer: messageResult,
    access: 'owner',
    summary: "Edit a family's student, user or contact",
    tags: ['families'],
  }),
  ownerRemove: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/account/user/:type/:id/:accountKey',
    params: ownerDeletePersonParams,
    answer: messageResult,
    access: 'owner',
    summary: "Remove a family's student, user or contact",
    tags: ['families'],
  }),
  ownerContactInfo: defineCall({
    method: 'PUT',
    path: '/api/mystudio/account/contactInfo',
    body: ownerContactInfoInput,
    answer: messageResult,
    access: 'owner',
    summary: "Change a family's address, phone and e-mail address",
    tags: ['families'],
  }),
  parentAdd: defineCall({
    method: 'POST',
    path: '/api/parents/account/user',
    body: addPersonInput,
    answer: personAdded,
    access: 'parent',
    summary:
      'Add a student, user or contact to your family (a user without an e-mail address: only the studio invites someone to sign in)',
    tags: ['families'],
  }),
  parentEdit: defineCall({
    method: 'PUT',
    path: '/api/parents/account/user/',
    body: editPersonInput,
    answer: messageResult,
    access: 'parent',
    summary: "Edit your family's student, user or contact",
    tags: ['families'],
  }),
  parentRemove: defineCall({
    method: 'DELETE',
    path: '/api/parents/account/user/:type/:id',
    params: parentDeletePersonParams,
    answer: messageResult,
    access: 'parent',
    summary: "Remove your family's student, user or contact",
    tags: ['families'],
  }),
  parentContactInfo: defineCall({
    method: 'PUT',
    path: '/api/parents/account/contactInfo',
    body: parentContactInfoInput,
    answer: messageResult,
    access: 'parent',
    summary: "Change your family's address, phone and e-mail address",
    tags: ['families'],
  }),
};
