import { defineCall } from '../contract';
import { idParams } from '../ids';
import { cardClearing, payoutDetail, payoutList, payoutPageQuery } from './schema';

const tags = ['payouts'];

/** The processor's payouts and card clearing (issue 34, decision 051): the owner's only. */
export const payoutCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/payouts',
    query: payoutPageQuery,
    answer: payoutList,
    access: 'owner',
    summary: "The studio's card payouts, newest first: date, gross, fees, net and how many payments",
    tags,
  }),
  clearing: defineCall({
    method: 'GET',
    path: '/api/mystudio/payouts/clearing',
    query: payoutPageQuery,
    answer: cardClearing,
    access: 'owner',
    summary: 'Card clearing explained: its balance and the card payments not yet paid out that make it up',
    tags,
  }),
  byId: defineCall({
    method: 'GET',
    path: '/api/mystudio/payouts/:id',
    params: idParams,
    answer: payoutDetail,
    access: 'owner',
    summary: 'One payout and the payments, refunds and disputes it contains, each with its fee',
    tags,
  }),
};
