import { z } from 'zod';
import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { parentRegistrationInput, parentRegistrationResult, parentStudioParams } from '../families/schema';
import {
  codeCheckResult,
  companyParams,
  emailParams,
  hashParams,
  parentCompanyResult,
  parentEmailParams,
  passwordChangeInput,
  studioRegistrationInput,
  studioRegistrationResult,
  validateCodeParams,
} from './schema';

const tags = ['registration'];

/** A studio's registration, e-mail links, password resets and a parent's sign-up at a studio. */
export const registrationCalls = {
  sendCode: defineCall({
    method: 'GET',
    path: '/api/registration/confirm/email/:email',
    params: emailParams,
    answer: messageResult,
    access: 'public',
    summary: 'Mail a 6-digit code',
    tags,
  }),
  checkCode: defineCall({
    method: 'GET',
    path: '/api/registration/email/validate/:email/:code',
    params: validateCodeParams,
    answer: codeCheckResult,
    access: 'public',
    summary: 'Check the code',
    tags,
  }),
  /**
   * The same call without its code: always refused with the spec's own message (codeRequired) rather
   * than a bare 404, so it never answers, and its address is read as given (no e-mail check to fail first).
   */
  checkCodeMissing: defineCall({
    method: 'GET',
    path: '/api/registration/email/validate/:email',
    params: z.object({ email: z.string() }),
    answer: z.never(),
    access: 'public',
    hidden: true,
    summary: 'Check the code, without one: refused, the code is required',
    tags,
  }),
  registerStudio: defineCall({
    method: 'POST',
    path: '/api/registration/account',
    body: studioRegistrationInput,
    answer: studioRegistrationResult,
    access: 'public',
    summary: 'Register a studio and its owner',
    tags,
  }),
  verifyEmail: defineCall({
    method: 'PUT',
    path: '/api/registration/verify/email/:hash',
    params: hashParams,
    answer: messageResult,
    access: 'public',
    summary: 'Confirm an e-mail address from its link',
    tags,
  }),
  requestPasswordReset: defineCall({
    method: 'GET',
    path: '/api/registration/change/pass/:email',
    params: emailParams,
    answer: messageResult,
    access: 'public',
    summary: 'Mail a password reset link',
    tags,
  }),
  changePassword: defineCall({
    method: 'PUT',
    path: '/api/registration/change/pass',
    body: passwordChangeInput,
    answer: messageResult,
    access: 'public',
    summary: 'Set a new password from a reset link',
    tags,
  }),
  parentCompany: defineCall({
    method: 'GET',
    path: '/api/registration/parent/company/:id',
    params: companyParams,
    answer: parentCompanyResult,
    access: 'public',
    summary: 'A studio, for its parent sign-up page',
    tags,
  }),
  checkParentEmail: defineCall({
    method: 'GET',
    path: '/api/registration/parent/:id/email/:email',
    params: parentEmailParams,
    answer: messageResult,
    access: 'public',
    summary: 'Whether an address can register a family at the studio (its first step)',
    tags,
  }),
  registerParent: defineCall({
    method: 'POST',
    path: '/api/registration/parent/:id',
    params: parentStudioParams,
    body: parentRegistrationInput,
    answer: parentRegistrationResult,
    access: 'public',
    summary: 'A parent registers their family at a studio (its sign-up link)',
    tags,
  }),
};
