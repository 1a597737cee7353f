import type { UndepositedPayment } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { draftOf, pickedSummary, togglePage, togglePicked } from './picked';

const payment = (id: string, method: UndepositedPayment['method'], amount: number): UndepositedPayment => ({
  paymentID: id,
  coAcctMemID: 'f',
  family: 'Rivera',
  method,
  reference: '',
  receivedOn: '2026-11-20',
  amount,
});

describe('picking payments to deposit', () => {
  const a = payment('a', 'check', 4000);
  const b = payment('b', 'cash', 1250);
  const c = payment('c', 'check', 999);

  it('adds and takes away one payment, and sums what is picked by kind', () => {
    let picked = togglePicked(new Map(), a);
    picked = togglePicked(picked, b);
    expect(pickedSummary(picked)).toEqual({
      total: 5250,
      count: 2,
      counts: { cash: 1, check: 1, terminal: 0 },
    });
    picked = togglePicked(picked, a);
    expect(pickedSummary(picked).total).toBe(1250);
  });

  it('picks a whole page, keeping what other pages picked; a page all picked is let go', () => {
    const other = togglePicked(new Map(), c);
    const page = togglePage(other, [a, b]);
    expect(pickedSummary(page).total).toBe(6249);
    expect(pickedSummary(togglePage(page, [a, b])).total).toBe(999);
  });
});

describe('the deposit about to be made', () => {
  const a = payment('a', 'check', 4000);
  const b = payment('b', 'cash', 1250);

  it('holds the picked payments, named by kind, or nothing when none is picked', () => {
    expect(draftOf('pick', new Map(), undefined)).toBeNull();
    const picked = togglePicked(togglePicked(new Map(), a), b);
    expect(draftOf('pick', picked, undefined)).toEqual({
      total: 5250,
      count: 2,
      summary: 'checks $40.00, cash $12.50',
    });
  });

  it('holds every payment up to the day, from the server’s sums over all of them (not the page)', () => {
    const list = {
      today: '2026-11-30',
      items: [a],
      total: 30,
      page: 1,
      pageSize: 25,
      sums: { cash: 1000, check: 90000, terminal: 500, all: 91500 },
    };
    expect(draftOf('upTo', new Map(), list)).toEqual({
      total: 91500,
      count: 30,
      summary: 'checks $900.00, cash $10.00, terminal slips $5.00',
    });
    expect(draftOf('upTo', new Map(), { ...list, total: 0, items: [] })).toBeNull();
  });
});
