import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { idParams } from '../ids';
import {
  acceptedInvitation,
  acceptInvitationInput,
  invitationInfo,
  invitationTokenInput,
  inviteTeacherInput,
  staffList,
  teacherClasses,
} from './schema';

const tags = ['staff'];

/** Staff → Registration: the studio's teachers who sign in (issue 36, decision 061). */
export const staffCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/staff/registration',
    answer: staffList,
    access: 'owner',
    summary: "The studio's teachers and how each signs in: none, invited, active or revoked",
    tags,
  }),
  invite: defineCall({
    method: 'POST',
    path: '/api/mystudio/staff/registration',
    body: inviteTeacherInput,
    answer: messageResult,
    access: 'owner',
    summary: 'Mail a teacher the link to sign in (again: the earlier link stops working)',
    tags,
  }),
  revoke: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/staff/registration/:id',
    params: idParams,
    answer: messageResult,
    access: 'owner',
    summary: "End a teacher's sign-in at the studio (their sessions end at once); :id is the teacher's",
    tags,
  }),
};

/** The invitation link's page: public, the link's secret in the body. */
export const teacherInvitationCalls = {
  read: defineCall({
    method: 'POST',
    path: '/api/staff/invitation',
    body: invitationTokenInput,
    answer: invitationInfo,
    access: 'public',
    summary: 'What a teacher invitation link is for (the studio, the address), without using it',
    tags,
  }),
  accept: defineCall({
    method: 'POST',
    path: '/api/staff/invitation/accept',
    body: acceptInvitationInput,
    answer: acceptedInvitation,
    access: 'public',
    summary: 'Accept a teacher invitation: choose a password, or give the password of an existing account',
    tags,
  }),
};

/** The teacher's own pages. */
export const teacherClassCalls = {
  classes: defineCall({
    method: 'GET',
    path: '/api/teacher/classes',
    answer: teacherClasses,
    access: 'teacher',
    summary:
      "The teacher's classes and privates of the current term, with dancers and family phones; no money",
    tags,
  }),
};
