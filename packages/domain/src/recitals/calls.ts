import { defineCall } from '../contract';
import { recitalList, recitalListQuery } from './schema';

const tags = ['recital'];

/** The studio's recitals with their shows (issue 38): what every recital screen's picker lists. */
export const recitalCalls = {
  list: defineCall({
    method: 'GET',
    path: '/api/mystudio/recitals',
    query: recitalListQuery,
    answer: recitalList,
    access: 'staff',
    summary: "The studio's recitals and their shows; ?all=1 includes archived ones",
    tags,
  }),
};
