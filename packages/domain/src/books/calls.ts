import { defineCall } from '../contract';
import {
  bookAccountList,
  csvFile,
  generalLedger,
  generalLedgerCsvQuery,
  generalLedgerQuery,
  journalQuery,
  trialBalance,
  trialBalanceQuery,
} from './schema';

const tags = ['books'];
const CSV =
  'Not JSON: the file itself, `Content-Type: text/csv; charset=utf-8`, `Content-Disposition: attachment` with a name of the studio and the dates; money as 1234.56. A refusal is the usual `[false, message]` JSON.';

/** The accountant's reports (issue 34 item 4, decision 052): owner only. */
export const booksCalls = {
  trialBalance: defineCall({
    method: 'GET',
    path: '/api/mystudio/reports/trial-balance',
    query: trialBalanceQuery,
    answer: trialBalance,
    access: 'owner',
    summary: "The trial balance at the end of a day: each account's debit or credit balance, equal totals",
    tags,
  }),
  trialBalanceCsv: defineCall({
    method: 'GET',
    path: '/api/mystudio/reports/trial-balance/csv',
    query: trialBalanceQuery,
    answer: csvFile,
    access: 'owner',
    summary: 'The trial balance at the end of a day, as CSV',
    description: CSV,
    tags,
  }),
  accounts: defineCall({
    method: 'GET',
    path: '/api/mystudio/reports/accounts',
    answer: bookAccountList,
    access: 'owner',
    summary: 'The chart of accounts: the accounts the books use and those every studio has',
    tags,
  }),
  generalLedger: defineCall({
    method: 'GET',
    path: '/api/mystudio/reports/general-ledger',
    query: generalLedgerQuery,
    answer: generalLedger,
    access: 'owner',
    summary:
      "A page of an account's lines over a period: opening balance, each line with the running balance, closing",
    tags,
  }),
  generalLedgerCsv: defineCall({
    method: 'GET',
    path: '/api/mystudio/reports/general-ledger/csv',
    query: generalLedgerCsvQuery,
    answer: csvFile,
    access: 'owner',
    summary: "An account's general ledger over a period, as CSV",
    description: CSV,
    tags,
  }),
  journalCsv: defineCall({
    method: 'GET',
    path: '/api/mystudio/reports/journal/csv',
    query: journalQuery,
    answer: csvFile,
    access: 'owner',
    summary:
      "The books as one journal entry a day (one line per account), in QuickBooks Online's or Xero's import layout",
    description: `${CSV} \`format=quickbooks\`: QuickBooks Online's journal entry import (Journal No, Journal Date MM/DD/YYYY, Account Name, Debits, Credits, Description, Name). \`format=xero\`: Xero's manual journal import (*Narration, *Date DD/MM/YYYY, Description, *AccountCode, *TaxRate, *Amount, debit positive).`,
    tags,
  }),
};
