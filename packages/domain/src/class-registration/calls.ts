import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { idParams } from '../ids';
import {
  clsRegParams,
  coAcctMemParams,
  discountPlans,
  familyTuition,
  ownerRegistrationInput,
  parentClassRegistrationInput,
  pendingRegistrations,
  registrationActivity,
  registrationBuilder,
  registrationChangeInput,
  registrationResult,
  registrationStatusBulkInput,
  registrationStatusInput,
} from './schema';

const tags = ['class registration'];

/** The parent's side (001 §7 Parent): always the session's own family, never one the request names. */
export const parentRegistrationCalls = {
  builder: defineCall({
    method: 'GET',
    path: '/api/parents/registration/',
    answer: registrationBuilder,
    access: 'parent',
    summary:
      "The schedule builder: the current term's classes, the family's dancers and registrations, discounts and plans",
    tags,
  }),
  activity: defineCall({
    method: 'GET',
    path: '/api/parents/registration/activity',
    answer: registrationActivity,
    access: 'parent',
    summary: "The family's registrations of the current term and its plan's revisions",
    tags,
  }),
  submit: defineCall({
    method: 'POST',
    path: '/api/parents/registration/',
    body: parentClassRegistrationInput,
    answer: registrationResult,
    access: 'parent',
    summary:
      'Register the family’s dancers for classes and drop others, with the plan, the fee and the terms, in one transaction',
    description:
      'Prices, discounts, the cap, the plan and the fee are computed on the server; the figures sent are only compared, and a difference answers 409 with the new ones.',
    tags,
  }),
  restore: defineCall({
    method: 'POST',
    path: '/api/parents/registration/:id',
    params: idParams,
    body: registrationChangeInput,
    answer: registrationResult,
    access: 'parent',
    summary: 'Take a dropped class back, from today',
    tags,
  }),
  drop: defineCall({
    method: 'PUT',
    path: '/api/parents/registration/drop/:id',
    params: idParams,
    body: registrationChangeInput,
    answer: registrationResult,
    access: 'parent',
    summary: 'Drop a class from today; the remaining payments are recomputed as a new revision of the plan',
    tags,
  }),
  tuition: defineCall({
    method: 'GET',
    path: '/api/parents/tuition/schedule',
    answer: familyTuition,
    access: 'parent',
    summary: "The family's tuition worked out and its payment schedule, for the current term",
    tags,
  }),
  discountPlans: defineCall({
    method: 'GET',
    path: '/api/parents/tuition/discount/plans',
    answer: discountPlans,
    access: 'parent',
    summary: "The studio's discounts and the current term's payment plans",
    tags,
  }),
};

/** The owner's side (002 §7): any family of the session's studio. */
export const ownerRegistrationCalls = {
  builder: defineCall({
    method: 'GET',
    path: '/api/myStudio/schedule/class/registration/activity/:coAcctMemID',
    params: coAcctMemParams,
    answer: registrationBuilder,
    access: 'owner',
    summary: 'The schedule builder for one family of the studio',
    tags,
  }),
  submit: defineCall({
    method: 'POST',
    path: '/api/mystudio/schedule/class/registration',
    body: ownerRegistrationInput,
    answer: registrationResult,
    access: 'owner',
    summary: "Register a family's dancers for classes (and drop others) from an effective date",
    tags,
  }),
  restore: defineCall({
    method: 'POST',
    path: '/api/mystudio/schedule/class/registration/:id',
    params: idParams,
    body: registrationChangeInput,
    answer: registrationResult,
    access: 'owner',
    summary: 'Take a dropped class back from an effective date',
    tags,
  }),
  drop: defineCall({
    method: 'PUT',
    path: '/api/mystudio/schedule/class/registration/drop/:id',
    params: idParams,
    body: registrationChangeInput,
    answer: registrationResult,
    access: 'owner',
    summary: 'Drop a class from an effective date in the current period',
    tags,
  }),
  status: defineCall({
    method: 'PUT',
    path: '/api/mystudio/schedule/class/registration/status/:clsRegID',
    params: clsRegParams,
    body: registrationStatusInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Approve (1) or reject (-1) a pending registration',
    tags,
  }),
  statusBulk: defineCall({
    method: 'PUT',
    path: '/api/mystudio/schedule/class/registration/status',
    body: registrationStatusBulkInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Approve or reject many pending registrations at once',
    tags,
  }),
  pending: defineCall({
    method: 'GET',
    path: '/api/mystudio/schedule/class/registration/pending',
    answer: pendingRegistrations,
    access: 'owner',
    summary: "The studio's registrations waiting for approval, oldest first",
    tags,
  }),
  tuition: defineCall({
    method: 'GET',
    path: '/api/mystudio/paymentSystem/account/:coAcctMemID',
    params: coAcctMemParams,
    answer: familyTuition,
    access: 'owner',
    summary: "A family's tuition worked out and its payment schedule, for the current term",
    tags,
  }),
};
