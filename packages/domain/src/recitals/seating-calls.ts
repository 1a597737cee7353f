import { defineCall } from '../contract';
import { messageResult } from '../envelope';
import { recitalIdParams, salesInput, seatingInput, seatingPage, seatingSaveResult } from './seating-schema';

const tags = ['recital'];

/** The venue's seating and the ticket prices (issue 38 item 4, decision 075): the owner's alone. */
export const seatingCalls = {
  get: defineCall({
    method: 'GET',
    path: '/api/mystudio/recitals/:id/seating',
    params: recitalIdParams,
    answer: seatingPage,
    access: 'owner',
    summary: "A recital's seating (sections, rows, seats), its ticket prices and sales settings",
    tags,
  }),
  save: defineCall({
    method: 'PUT',
    path: '/api/mystudio/recitals/:id/seating',
    params: recitalIdParams,
    body: seatingInput,
    answer: seatingSaveResult,
    access: 'owner',
    summary: "Replace a recital's seating whole; seats that stay keep their ids, a sold seat cannot go",
    tags,
  }),
  sales: defineCall({
    method: 'PUT',
    path: '/api/mystudio/recitals/:id/sales',
    params: recitalIdParams,
    body: salesInput,
    answer: messageResult,
    access: 'owner',
    summary: "A recital's ticket prices, comps per dancer and sales windows",
    tags,
  }),
};
