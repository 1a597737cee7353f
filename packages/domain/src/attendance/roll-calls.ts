import { defineCall } from '../contract';
import { createdResult, messageResult } from '../envelope';
import {
  dayMeetings,
  dayQuery,
  meetingParams,
  rollMarksInput,
  rollOfMeeting,
  rollSaveResult,
  trialInput,
  trialParams,
} from './roll-schema';

const tags = ['attendance'];

/**
 * The roll (issue 36, decision 063): an owner's any class of the studio, a teacher's only their own
 * (another class answers 404). No answer holds money.
 */
export const rollCalls = {
  day: defineCall({
    method: 'GET',
    path: '/api/mystudio/attendance/meetings',
    query: dayQuery,
    answer: dayMeetings,
    access: 'staff',
    summary:
      "A day's meetings (today in the studio's time zone by default): a teacher's own, the owner's all",
    tags,
  }),
  roll: defineCall({
    method: 'GET',
    path: '/api/mystudio/attendance/class/:clSchID/:date',
    params: meetingParams,
    answer: rollOfMeeting,
    access: 'staff',
    summary: 'The roll of one meeting: the dancers expected, make-up guests and trial guests apart',
    tags,
  }),
  mark: defineCall({
    method: 'PUT',
    path: '/api/mystudio/attendance/:clSchID/:date',
    params: meetingParams,
    body: rollMarksInput,
    answer: rollSaveResult,
    access: 'staff',
    summary: 'Marks of one meeting, each written once (its clientId); an older tap changes nothing',
    tags,
  }),
  addTrial: defineCall({
    method: 'POST',
    path: '/api/mystudio/attendance/:clSchID/:date/trials',
    params: meetingParams,
    body: trialInput,
    answer: createdResult,
    access: 'owner',
    summary: 'Add a trial guest to a meeting',
    tags,
  }),
  removeTrial: defineCall({
    method: 'DELETE',
    path: '/api/mystudio/attendance/:clSchID/:date/trials/:id',
    params: trialParams,
    answer: messageResult,
    access: 'owner',
    summary: 'Remove a trial guest from a meeting',
    tags,
  }),
};
