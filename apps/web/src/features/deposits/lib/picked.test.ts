import type { UndepositedPayment } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { pickedSummary, togglePage, togglePicked } from './picked';

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
