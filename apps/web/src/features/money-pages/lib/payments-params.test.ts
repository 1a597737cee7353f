import { describe, expect, it } from 'vitest';
import { id } from '../test/money-fixtures';
import {
  DEFAULT_PAYMENTS_STATE,
  emptyPaymentsText,
  PAYMENTS_PAGE_SIZE,
  parsePaymentsState,
  paymentsQuery,
  paymentsStateParams,
  withFamily,
  withFilter,
  withPage,
} from './payments-params';

const parse = (search: string) => parsePaymentsState(new URLSearchParams(search));

describe('payments list state', () => {
  it('reads the filter, the family and the page from the address', () => {
    expect(parse(`filter=overdue&family=${id(7)}&page=3`)).toEqual({
      filter: 'overdue',
      family: id(7),
      page: 3,
    });
    expect(parse('')).toEqual(DEFAULT_PAYMENTS_STATE);
  });

  it('falls back to the whole list for what is malformed', () => {
    expect(parse('filter=late&family=hartley&page=-2')).toEqual(DEFAULT_PAYMENTS_STATE);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=1e3').page).toBe(1);
    expect(parse(`family=${id(7).toUpperCase()}`).family).toBe(id(7));
  });

  it('writes only what differs from the whole list, and reads back the same', () => {
    expect(paymentsStateParams(DEFAULT_PAYMENTS_STATE).toString()).toBe('');
    const state = { filter: 'unpaid' as const, family: id(3), page: 2 };
    const params = paymentsStateParams(state);
    expect(params.toString()).toBe(`filter=unpaid&family=${id(3)}&page=2`);
    expect(parsePaymentsState(params)).toEqual(state);
  });

  it('asks the server for the filter, the family when one is chosen, and the page of 25', () => {
    expect(paymentsQuery(DEFAULT_PAYMENTS_STATE)).toEqual({
      filter: 'all',
      family: undefined,
      page: 1,
      pageSize: PAYMENTS_PAGE_SIZE,
    });
    expect(paymentsQuery({ filter: 'month', family: id(4), page: 5 })).toEqual({
      filter: 'month',
      family: id(4),
      page: 5,
      pageSize: 25,
    });
  });

  it('starts at the first page when the filter or the family changes, not when the page does', () => {
    const on3 = { filter: 'all' as const, family: null, page: 3 };
    expect(withFilter(on3, 'overdue')).toEqual({ filter: 'overdue', family: null, page: 1 });
    expect(withFamily(on3, id(1))).toEqual({ filter: 'all', family: id(1), page: 1 });
    expect(withPage(on3, 4)).toEqual({ ...on3, page: 4 });
    expect(withPage(on3, 0).page).toBe(1);
  });

  it('says what an empty filter means', () => {
    expect(emptyPaymentsText({ filter: 'overdue', family: null, page: 1 }).title).toBe('Nothing overdue');
    expect(emptyPaymentsText({ filter: 'unpaid', family: id(1), page: 1 }).text).toBe(
      'Every plan payment of this family charged so far is paid.',
    );
    expect(emptyPaymentsText({ filter: 'all', family: id(1), page: 1 }).text).toBe(
      'This family has no plan payments in the current term.',
    );
  });
});
