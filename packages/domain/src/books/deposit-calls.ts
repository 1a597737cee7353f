import { defineCall } from '../contract';
import { idParams } from '../ids';
import {
  bankDepositList,
  depositMade,
  depositSlip,
  depositsQuery,
  makeDepositInput,
  undepositedList,
  undepositedQuery,
} from './deposits';

const tags = ['books'];

/** Bank deposits (issue 34 item 3, decision 050). */
export const depositCalls = {
  undeposited: defineCall({
    method: 'GET',
    path: '/api/mystudio/books/undeposited',
    query: undepositedQuery,
    answer: undepositedList,
    access: 'owner',
    summary: 'Cash, check and terminal payments waiting to be deposited, oldest first',
    tags,
  }),
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/books/deposits',
    query: depositsQuery,
    answer: bankDepositList,
    access: 'owner',
    summary: "The studio's deposits, newest first",
    tags,
  }),
  make: defineCall({
    method: 'POST',
    path: '/api/mystudio/books/deposits',
    body: makeDepositInput,
    answer: depositMade,
    access: 'owner',
    summary:
      'Deposit picked payments, or all received up to a day: one line from undeposited funds to the bank',
    tags,
  }),
  slip: defineCall({
    method: 'GET',
    path: '/api/mystudio/books/deposits/:id',
    params: idParams,
    answer: depositSlip,
    access: 'owner',
    summary: "A deposit's slip: the checks, the cash, the total",
    tags,
  }),
};
