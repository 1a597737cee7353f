import { COSTUME_LIST_PAGE_SIZE, type CostumeListOptions } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  balanceQuery,
  classChoices,
  DEFAULT_LIST_STATE,
  depositQuery,
  emptyListText,
  exportQuery,
  filterCaption,
  listStateParams,
  numberChoices,
  parseListState,
  withClass,
  withNumber,
  withOpen,
  withPage,
} from './lists';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const parse = (search: string) => parseListState(new URLSearchParams(search));

const JAZZ = id(1);
const TAP = id(2);
const WALTZ = id(11);
const FEET = id(12);
const ATTACK = id(13);
const OPTIONS: CostumeListOptions = {
  numbers: [
    { dncNumID: FEET, name: 'Happy Feet', clSchID: JAZZ, className: 'Jazz 1' },
    { dncNumID: WALTZ, name: 'Ocean Waltz', clSchID: JAZZ, className: 'Jazz 1' },
    { dncNumID: ATTACK, name: 'Tap Attack', clSchID: TAP, className: 'Tap 1' },
  ],
  classes: [
    { clSchID: JAZZ, name: 'Jazz 1' },
    { clSchID: TAP, name: 'Tap 1' },
  ],
};

describe('the costume lists’ state in the address', () => {
  it('reads the class, the number, all balances and the page', () => {
    expect(parse(`class=${JAZZ}&number=${WALTZ}&all=1&page=3`)).toEqual({
      cls: JAZZ,
      number: WALTZ,
      open: false,
      page: 3,
    });
    expect(parse('')).toEqual(DEFAULT_LIST_STATE);
  });

  it('falls back to the whole list for what is malformed', () => {
    expect(parse('class=jazz&number=1&all=yes&page=-2')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=1e3').page).toBe(1);
    expect(parse(`number=${WALTZ.toUpperCase()}`).number).toBe(WALTZ);
  });

  it('writes only what differs from the whole list, and reads back the same', () => {
    expect(listStateParams(DEFAULT_LIST_STATE).toString()).toBe('');
    const state = { cls: TAP, number: ATTACK, open: false, page: 2 };
    const params = listStateParams(state);
    expect(params.toString()).toBe(`class=${TAP}&number=${ATTACK}&all=1&page=2`);
    expect(parseListState(params)).toEqual(state);
  });
});

describe('what the server is asked', () => {
  it('a page of the filter; the balances’ open filter as 1 or 0; the file without the page', () => {
    const state = { cls: JAZZ, number: null, open: true, page: 4 };
    expect(depositQuery(state)).toEqual({
      dncNumID: undefined,
      clSchID: JAZZ,
      page: 4,
      pageSize: COSTUME_LIST_PAGE_SIZE,
    });
    expect(balanceQuery(state)).toMatchObject({ clSchID: JAZZ, open: '1', page: 4 });
    expect(balanceQuery({ ...state, open: false }).open).toBe('0');
    expect(exportQuery('deposits', state)).toEqual({ dncNumID: undefined, clSchID: JAZZ });
    expect(exportQuery('balances', { ...state, number: WALTZ, open: false })).toEqual({
      dncNumID: WALTZ,
      clSchID: JAZZ,
      open: '0',
    });
  });
});

describe('changing the filters', () => {
  const onPage3 = { ...DEFAULT_LIST_STATE, cls: JAZZ, number: WALTZ, page: 3 };

  it('another class keeps the number only when it is one of the class, and starts at the first page', () => {
    expect(withClass(onPage3, TAP, OPTIONS)).toEqual({ ...onPage3, cls: TAP, number: null, page: 1 });
    expect(withClass({ ...onPage3, cls: null }, JAZZ, OPTIONS)).toEqual({ ...onPage3, page: 1 });
    expect(withClass(onPage3, null, OPTIONS)).toEqual({ ...onPage3, cls: null, page: 1 });
  });

  it('a number, the open switch and a page', () => {
    expect(withNumber(onPage3, FEET)).toEqual({ ...onPage3, number: FEET, page: 1 });
    expect(withOpen(onPage3, false)).toEqual({ ...onPage3, open: false, page: 1 });
    expect(withPage(onPage3, 0).page).toBe(1);
    expect(withPage(onPage3, 2.7).page).toBe(2);
  });
});

describe('the pickers and the words', () => {
  it('offers the classes, and the numbers of the chosen class or all under their class', () => {
    expect(classChoices(OPTIONS)).toEqual([
      { value: JAZZ, label: 'Jazz 1' },
      { value: TAP, label: 'Tap 1' },
    ]);
    expect(numberChoices(OPTIONS, TAP)).toEqual([{ value: ATTACK, label: 'Tap Attack' }]);
    expect(numberChoices(OPTIONS, null)).toEqual([
      {
        group: 'Jazz 1',
        items: [
          { value: FEET, label: 'Happy Feet' },
          { value: WALTZ, label: 'Ocean Waltz' },
        ],
      },
      { group: 'Tap 1', items: [{ value: ATTACK, label: 'Tap Attack' }] },
    ]);
  });

  it('names what the totals are of', () => {
    expect(filterCaption('deposits', DEFAULT_LIST_STATE, OPTIONS)).toBe('All deposits');
    expect(filterCaption('balances', { ...DEFAULT_LIST_STATE, number: WALTZ }, OPTIONS)).toBe(
      'Balances still owed · Ocean Waltz · Jazz 1',
    );
    expect(filterCaption('balances', { ...DEFAULT_LIST_STATE, cls: TAP, open: false }, OPTIONS)).toBe(
      'All balances posted · Tap 1',
    );
  });

  it('says why a filtered list is empty', () => {
    expect(emptyListText('deposits', { ...DEFAULT_LIST_STATE, number: WALTZ }).text).toBe(
      'No dancer of this dance number has a costume deposit on the family’s bill.',
    );
    expect(emptyListText('balances', DEFAULT_LIST_STATE)).toEqual({
      title: 'Nothing owed',
      text: 'Every costume balance posted is paid. Show all balances to see them.',
    });
    expect(emptyListText('balances', { ...DEFAULT_LIST_STATE, cls: JAZZ, open: false }).text).toBe(
      'No costume of this class has been ordered yet: balances are posted when an order is placed.',
    );
  });
});
