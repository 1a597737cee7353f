import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { idParams } from '../ids';
import {
  recitalFeeOverview,
  recitalFeePageQuery,
  recitalFeeRunResult,
  recitalFeeSettingsInput,
} from './fees-schema';

const tags = ['recital fees'];
const FEES = '/api/mystudio/recitals/:id/fees';

/** The recital fee (issue 38 item 3, decision 073): the owner's settings, the list, and the posting run. */
export const recitalFeeCalls = {
  overview: defineCall({
    method: 'GET',
    path: FEES,
    params: idParams,
    query: recitalFeePageQuery,
    answer: recitalFeeOverview,
    access: 'owner',
    summary:
      "The recital's fee settings, each performing dancer's (or family's) fee state and what posting would do; 50 rows a page",
    tags,
  }),
  settings: defineCall({
    method: 'PUT',
    path: `${FEES}/settings`,
    params: idParams,
    body: recitalFeeSettingsInput,
    answer: messageResult,
    access: 'owner',
    summary: "Sets the recital's fee (cents, per dancer or per family) and the last day it is taken off",
    tags,
  }),
  post: defineCall({
    method: 'POST',
    path: `${FEES}/post`,
    params: idParams,
    answer: recitalFeeRunResult,
    access: 'owner',
    summary:
      "Posts the fee to the bill of each performing dancer's family not charged yet, and takes it off for those who left before the date; posted twice is posted once",
    tags,
  }),
};
