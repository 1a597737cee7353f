import { defineCall } from '../contract';
import { healthAnswer } from './schema';

/** Whether the server and its database answer (for probes and the journeys' start-up wait). */
export const healthCalls = {
  check: defineCall({
    method: 'GET',
    path: '/api/health',
    answer: healthAnswer,
    access: 'public',
    summary: 'Is the server up and its database answering',
    tags: ['health'],
  }),
};
