import { describe, expect, it } from 'vitest';
import { dailyJournals, quickBooksCsv, xeroCsv } from './journal-export';

describe('the journal files (pure)', () => {
  const ledger = [
    { date: '2026-12-03', account: 'cash', amount: 5000 },
    { date: '2026-12-03', account: 'check', amount: 2000 },
    { date: '2026-12-03', account: 'receivable', amount: -7000 },
    { date: '2026-12-01', account: 'receivable', amount: 6000 },
    { date: '2026-12-01', account: 'revenue:tuition', amount: -6000 },
    // A day whose entries cancel: no journal.
    { date: '2026-12-02', account: 'receivable', amount: 100 },
    { date: '2026-12-02', account: 'receivable', amount: -100 },
  ];
  const books = [
    { date: '2026-12-03', account: 'bank', amount: 7000 },
    { date: '2026-12-03', account: 'undeposited_funds', amount: -7000 },
  ];

  it('makes one journal a day, one line per book account with its net, in date and chart order', () => {
    expect(dailyJournals(ledger, books)).toEqual([
      {
        date: '2026-12-01',
        lines: [
          { account: 'receivable', amount: 6000 },
          { account: 'revenue:tuition', amount: -6000 },
        ],
      },
      {
        date: '2026-12-03',
        lines: [
          { account: 'bank', amount: 7000 },
          { account: 'receivable', amount: -7000 },
        ],
      },
    ]);
  });

  it('writes both layouts', () => {
    const journals = dailyJournals(ledger, books);
    expect(quickBooksCsv(journals).split('\r\n').slice(0, 3)).toEqual([
      'Journal No,Journal Date,Account Name,Debits,Credits,Description,Name',
      'PIR-20261201,12/01/2026,Accounts receivable (families),60.00,,"Pirouette: the day\'s books, Dec 1, 2026",Pirouette families',
      'PIR-20261201,12/01/2026,Revenue: Tuition,,60.00,"Pirouette: the day\'s books, Dec 1, 2026",',
    ]);
    expect(xeroCsv(journals).split('\r\n')[3]).toBe(
      '"Pirouette: the day\'s books, Dec 3, 2026",03/12/2026,Bank,1000,Tax Exempt,70.00,,,,',
    );
  });
});
