import { queryStringOf } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_STATE,
  emailListRequest,
  type ListState,
  listQuery,
  listRequest,
  listStateParams,
  parseListState,
  withFilter,
  withOwes,
  withoutFilter,
  withPage,
  withSearch,
  withStatus,
  withView,
} from './list-params';

const LOC = '7c0e4a52-5a7e-4c1d-9a55-1a1a1a1a1a1a';
const ROOM = '8d1f5b63-6b8f-4d2e-8b66-2b2b2b2b2b2b';
const CLASS = '9e2a6c74-7c9a-4e3f-9c77-3c3c3c3c3c3c';

const parse = (search: string) => parseListState(new URLSearchParams(search));

describe('parseListState', () => {
  it('opens on the active list, all of it, first page', () => {
    expect(parse('')).toEqual(DEFAULT_LIST_STATE);
  });

  it('reads every field', () => {
    expect(
      parse(
        `status=active&view=filtered&page=3&q=%20Hart%20&loc=${LOC}&room=${ROOM}&class=${CLASS}&day=2&level=7&owes=1`,
      ),
    ).toEqual({
      status: 'active',
      view: 'filtered',
      page: 3,
      q: 'Hart',
      filter: { locID: LOC, rmID: ROOM, clSchID: CLASS, day: 2, level: 7 },
      owes: true,
    });
  });

  it('drops what is malformed', () => {
    expect(parse('status=deleted&view=some&page=0&loc=nope&day=7&level=0')).toEqual(DEFAULT_LIST_STATE);
    expect(parse('page=-2&day=x&level=8').page).toBe(1);
    expect(parse(`loc=${LOC.toUpperCase()}`).filter.locID).toBe(LOC);
  });

  it('round-trips through the address, which names only what differs from the default', () => {
    expect(listStateParams(DEFAULT_LIST_STATE).toString()).toBe('');
    const state: ListState = {
      status: 'inactive',
      view: 'filtered',
      page: 2,
      q: 'nguyen',
      filter: { locID: LOC, rmID: null, clSchID: null, day: 0, level: null },
      owes: true,
    };
    expect(parseListState(listStateParams(state))).toEqual(state);
  });
});

describe('listRequest', () => {
  it('asks for a page of ten by default', () => {
    expect(listRequest(DEFAULT_LIST_STATE)).toEqual({
      status: 'active',
      page: 1,
      pageSize: 10,
      q: '',
      filter: {},
    });
  });

  it('applies the filter only on the active list’s Filtered view', () => {
    const filtered = withView(withFilter(DEFAULT_LIST_STATE, { day: 0, level: 3 }), 'filtered');
    expect(listRequest(filtered).filter).toEqual({ day: 0, level: 3 });
    expect(listRequest(withView(filtered, 'all')).filter).toEqual({});
    expect(listRequest(withStatus(filtered, 'inactive')).filter).toEqual({});
  });

  it('asks the same question for All and for a Filtered view with nothing chosen', () => {
    expect(listRequest(withView(DEFAULT_LIST_STATE, 'filtered'))).toEqual(listRequest(DEFAULT_LIST_STATE));
  });

  it('writes the query string in a fixed order, without empty fields', () => {
    const state = withPage(
      withView(withFilter(withSearch(DEFAULT_LIST_STATE, ' Smith '), { locID: LOC, day: 4 }), 'filtered'),
      2,
    );
    expect(queryStringOf(listQuery(listRequest(state)))).toBe(
      `?page=2&pageSize=10&q=Smith&locID=${LOC}&day=4`,
    );
    expect(queryStringOf(listQuery(listRequest(DEFAULT_LIST_STATE)))).toBe('?page=1&pageSize=10');
  });

  it('asks for the families owing money on any list, and says it in the query', () => {
    const owing = withOwes(withStatus(DEFAULT_LIST_STATE, 'inactive'), true);
    expect(listRequest(owing).filter).toEqual({ owes: true });
    expect(queryStringOf(listQuery(listRequest(owing)))).toBe('?page=1&pageSize=10&owes=true');
    expect(emailListRequest(owing).filter).toEqual({ owes: true });
    expect(withOwes(withPage(owing, 3), false)).toMatchObject({ owes: false, page: 1 });
  });

  it('gives the e-mail list the same view, every page', () => {
    const state = withPage(withSearch(withStatus(DEFAULT_LIST_STATE, 'incomplete'), 'ann'), 4);
    expect(emailListRequest(state)).toEqual({ status: 'incomplete', q: 'ann', filter: {} });
  });
});

describe('changes', () => {
  const onPage3 = withPage(DEFAULT_LIST_STATE, 3);

  it('start again at the first page', () => {
    expect(withStatus(onPage3, 'inactive').page).toBe(1);
    expect(withView(onPage3, 'filtered').page).toBe(1);
    expect(withSearch(onPage3, 'x').page).toBe(1);
    expect(withFilter(onPage3, { level: 2 }).page).toBe(1);
  });

  it('choosing a sub-filter shows the active list and keeps the filter', () => {
    const state = withStatus(withFilter(DEFAULT_LIST_STATE, { day: 1 }), 'incomplete');
    const back = withView(state, 'filtered');
    expect(back.status).toBe('active');
    expect(back.filter.day).toBe(1);
  });

  it('a new location clears its room and class; a new room its class', () => {
    const full = withFilter(DEFAULT_LIST_STATE, { locID: LOC, rmID: ROOM, clSchID: CLASS, day: 2 });
    expect(withFilter(full, { locID: null }).filter).toEqual({
      locID: null,
      rmID: null,
      clSchID: null,
      day: 2,
      level: null,
    });
    expect(withFilter(full, { rmID: null }).filter).toMatchObject({ locID: LOC, rmID: null, clSchID: null });
    expect(withFilter(full, { day: 3 }).filter).toMatchObject({ locID: LOC, rmID: ROOM, clSchID: CLASS });
    // Choosing a class may set its room and location at once.
    expect(withFilter(DEFAULT_LIST_STATE, { locID: LOC, rmID: ROOM, clSchID: CLASS }).filter).toMatchObject({
      locID: LOC,
      rmID: ROOM,
      clSchID: CLASS,
    });
  });

  it('clears the whole filter', () => {
    const full = withFilter(DEFAULT_LIST_STATE, { locID: LOC, level: 4 });
    expect(withoutFilter(full).filter).toEqual(DEFAULT_LIST_STATE.filter);
  });
});
