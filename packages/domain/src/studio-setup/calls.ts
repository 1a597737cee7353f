import { defineCall } from '../contract';
import { setupStepParams, studioSetupAnswer } from './schema';

const tags = ['studio setup'];

/** The setup checklist on the owner's dashboard (issue 13 item 19). */
export const studioSetupCalls = {
  get: defineCall({
    method: 'GET',
    path: '/api/mystudio/setup',
    answer: studioSetupAnswer,
    access: 'owner',
    keep: true,
    summary: "The studio's setup checklist: each step, and whether the studio's data shows it done",
    tags,
  }),
  mark: defineCall({
    method: 'POST',
    path: '/api/mystudio/setup/:step',
    params: setupStepParams,
    answer: studioSetupAnswer,
    access: 'owner',
    summary:
      'Tick a step only the owner can know is done: terms (reviewed as they are) or parentLink (copied)',
    tags,
  }),
};
