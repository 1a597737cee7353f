import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import {
  accountIdParams,
  companyInfo,
  loginInput,
  loginResult,
  meResult,
  rememberedResult,
  sessionUser,
  switchAccountResult,
  userAndCompany,
} from './schema';

const tags = ['auth'];

const signOut = {
  method: 'GET',
  answer: messageResult,
  access: 'optional',
  // A GET that writes: a page of another site that points an image at it gets 403, not a signed-out
  // visitor (same-origin.ts).
  writes: true,
  summary: 'Sign out: the session ends on the server',
  tags,
} as const;

/** Sign-in, the session, sign-out and the switch between a person's studios. */
export const authCalls = {
  login: defineCall({
    method: 'POST',
    path: '/api/auth/login',
    body: loginInput,
    answer: loginResult,
    access: 'public',
    summary: 'Sign in',
    tags,
  }),
  // 000 §7 "credentials → token": the same sign-in under the spec's other path (decision 043).
  authLogin: defineCall({
    method: 'POST',
    path: '/api/auth/authlogin',
    body: loginInput,
    answer: loginResult,
    access: 'public',
    summary: 'Sign in (the same call as auth/login, by its other name in the spec)',
    tags,
  }),
  me: defineCall({
    method: 'GET',
    path: '/api/auth/me',
    // Nobody signed in is an answer, not an error: `null` (decision 041; 000 §7 gives "a flag plus user").
    answer: meResult.nullable(),
    access: 'optional',
    keep: true,
    summary: 'The session, or null when nobody is signed in',
    tags,
  }),
  authUser: defineCall({
    method: 'GET',
    path: '/api/auth/authuser',
    answer: sessionUser,
    access: 'signed-in',
    keep: true,
    summary: 'The signed-in person',
    tags,
  }),
  // The spec's two sign-out paths (000 §7), the same call.
  logout: defineCall({ ...signOut, path: '/api/auth/logout' }),
  authLogout: defineCall({ ...signOut, path: '/api/auth/authlogout' }),
  switchAccount: defineCall({
    method: 'GET',
    path: '/api/auth/userAccount/:id',
    params: accountIdParams,
    answer: switchAccountResult,
    access: 'signed-in',
    writes: true,
    summary: "Switch the session to another of the person's studio memberships",
    tags,
  }),
  // 000 §7: "user and company information (fields not shown)" (decision 043).
  userAndCompany: defineCall({
    method: 'GET',
    path: '/api/x_AOS',
    answer: userAndCompany,
    access: 'signed-in',
    summary: 'The signed-in person, their studio and its current year term',
    tags,
  }),
  company: defineCall({
    method: 'GET',
    path: '/api/x_AOS/comp',
    answer: companyInfo,
    access: 'signed-in',
    summary: "The signed-in person's studio: its name, address and contact",
    tags,
  }),
  remembered: defineCall({
    method: 'GET',
    path: '/api/auth/remember',
    answer: rememberedResult,
    access: 'public',
    summary: 'The remembered sign-in e-mail',
    tags,
  }),
};
