import { defineCall } from '../contract';
import { booksClosing, closeMonthInput, closingQuery, closingResult, reopenMonthInput } from './closing';

const tags = ['books'];

/** Closing a month (issue 34 item 5, decision 050): the owner's acts on the books' closed-through day. */
export const closingCalls = {
  state: defineCall({
    method: 'GET',
    path: '/api/mystudio/books/closing',
    query: closingQuery,
    answer: booksClosing,
    access: 'owner',
    summary: "The books' closed-through day, the month to close next, and the log of closings and reopenings",
    tags,
  }),
  close: defineCall({
    method: 'POST',
    path: '/api/mystudio/books/closing/close',
    body: closeMonthInput,
    answer: closingResult,
    access: 'owner',
    summary: 'Close an ended month (and every month before it): nothing can be recorded in it from then on',
    tags,
  }),
  reopen: defineCall({
    method: 'POST',
    path: '/api/mystudio/books/closing/reopen',
    body: reopenMonthInput,
    answer: closingResult,
    access: 'owner',
    summary: 'Reopen a closed month (and every month after it), saying why',
    tags,
  }),
};
