import { z } from 'zod';
import { defineCall } from '../contract';
import { idParams } from '../ids';
import {
  recitalBuyers,
  recitalDancers,
  recitalReportPageQuery,
  recitalReportSummary,
} from './reports-schema';

const tags = ['recital reports'];
const REPORT = '/api/mystudio/recitals/:id/reports';
const csvFile = z.string();
const CSV =
  'Not JSON: the file itself, `Content-Type: text/csv; charset=utf-8`, `Content-Disposition: attachment` with the studio and the recital in its name; every row (no pages). A refusal is the usual `[false, message]` JSON.';

/** The recital's reports (issue 38 item 7, decision 076): the owner's only. */
export const recitalReportCalls = {
  summary: defineCall({
    method: 'GET',
    path: REPORT,
    params: idParams,
    answer: recitalReportSummary,
    access: 'owner',
    summary:
      'Per show and section: tickets sold and comped, seats left, income (gross, refunds, net) and processor fees (actual or estimated)',
    tags,
  }),
  buyers: defineCall({
    method: 'GET',
    path: `${REPORT}/buyers`,
    params: idParams,
    query: recitalReportPageQuery,
    answer: recitalBuyers,
    access: 'owner',
    summary: 'The families who bought tickets: orders, tickets, amount paid; 50 a page',
    tags,
  }),
  dancers: defineCall({
    method: 'GET',
    path: `${REPORT}/dancers`,
    params: idParams,
    query: recitalReportPageQuery,
    answer: recitalDancers,
    access: 'owner',
    summary:
      "The per-dancer sheet: each dancer's shows and numbers with their places in the running order; 50 a page",
    tags,
  }),
  salesCsv: defineCall({
    method: 'GET',
    path: `${REPORT}/sales.csv`,
    params: idParams,
    answer: csvFile,
    access: 'owner',
    summary: 'Tickets sold, comped, held and seats left per show and section, as CSV',
    description: CSV,
    tags,
  }),
  incomeCsv: defineCall({
    method: 'GET',
    path: `${REPORT}/income.csv`,
    params: idParams,
    answer: csvFile,
    access: 'owner',
    summary: 'Income and processor fees per show, as CSV',
    description: CSV,
    tags,
  }),
  buyersCsv: defineCall({
    method: 'GET',
    path: `${REPORT}/buyers.csv`,
    params: idParams,
    answer: csvFile,
    access: 'owner',
    summary: 'The families who bought, as CSV',
    description: CSV,
    tags,
  }),
  dancersCsv: defineCall({
    method: 'GET',
    path: `${REPORT}/dancers.csv`,
    params: idParams,
    answer: csvFile,
    access: 'owner',
    summary: 'The per-dancer sheet, one row per number danced, as CSV',
    description: CSV,
    tags,
  }),
};
