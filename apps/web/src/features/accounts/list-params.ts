import {
  ACCOUNT_STATUSES,
  type AccountFilter,
  type AccountStatus,
  isId,
  LEVELS,
  PAGE_SIZE,
  WEEKDAYS,
} from '@pirouette/domain';

/**
 * What the accounts list shows, kept in the address so a reload, a shared link or the way back from an
 * overview opens the same list. 001 §4: active-all (default), active-filter, inactive, incomplete.
 */
export type AccountsView = 'all' | 'filtered';

export type ListFilter = {
  locID: string | null;
  rmID: string | null;
  clSchID: string | null;
  /** 0 Monday … 6 Sunday. */
  day: number | null;
  /** 1 … 7 (LEVELS). */
  level: number | null;
};

export type ListState = {
  status: AccountStatus;
  /** The active list's sub-filter; kept while another status is shown. */
  view: AccountsView;
  page: number;
  q: string;
  filter: ListFilter;
  /** Only the families that owe money (issue 16), on whichever list is shown. */
  owes: boolean;
};

/** The address's names for the list's state. */
export const LIST_PARAMS = {
  status: 'status',
  view: 'view',
  page: 'page',
  q: 'q',
  locID: 'loc',
  rmID: 'room',
  clSchID: 'class',
  day: 'day',
  level: 'level',
  owes: 'owes',
} as const;

export const NO_FILTER: ListFilter = { locID: null, rmID: null, clSchID: null, day: null, level: null };

export const DEFAULT_LIST_STATE: ListState = {
  status: 'active',
  view: 'all',
  page: 1,
  q: '',
  filter: NO_FILTER,
  owes: false,
};

const SEARCH_MAX = 100;

function wholeIn(value: string | null, min: number, max: number): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

const idOrNull = (value: string | null) => (isId(value) ? value.toLowerCase() : null);

/** The list's state from the address; anything malformed falls back to the default. */
export function parseListState(params: URLSearchParams): ListState {
  const status = params.get(LIST_PARAMS.status);
  return {
    status: (ACCOUNT_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as AccountStatus)
      : 'active',
    view: params.get(LIST_PARAMS.view) === 'filtered' ? 'filtered' : 'all',
    page: wholeIn(params.get(LIST_PARAMS.page), 1, 100_000) ?? 1,
    q: (params.get(LIST_PARAMS.q) ?? '').trim().slice(0, SEARCH_MAX),
    filter: {
      locID: idOrNull(params.get(LIST_PARAMS.locID)),
      rmID: idOrNull(params.get(LIST_PARAMS.rmID)),
      clSchID: idOrNull(params.get(LIST_PARAMS.clSchID)),
      day: wholeIn(params.get(LIST_PARAMS.day), 0, WEEKDAYS.length - 1),
      level: wholeIn(params.get(LIST_PARAMS.level), 1, LEVELS.length),
    },
    owes: params.get(LIST_PARAMS.owes) === '1',
  };
}

/** The address of a state: only what differs from the default, so the plain list has a plain address. */
export function listStateParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.status !== 'active') params.set(LIST_PARAMS.status, state.status);
  if (state.view !== 'all') params.set(LIST_PARAMS.view, state.view);
  if (state.page > 1) params.set(LIST_PARAMS.page, String(state.page));
  if (state.q.trim()) params.set(LIST_PARAMS.q, state.q.trim());
  for (const key of ['locID', 'rmID', 'clSchID', 'day', 'level'] as const) {
    const value = state.filter[key];
    if (value !== null) params.set(LIST_PARAMS[key], String(value));
  }
  if (state.owes) params.set(LIST_PARAMS.owes, '1');
  return params;
}

export const hasFilter = (filter: ListFilter) => Object.values(filter).some((v) => v !== null);

/**
 * The filter the server applies: "owes money" on any list; the panel's fields only on the active list's
 * "Filtered" view.
 */
export function appliedFilter(state: ListState): AccountFilter {
  const filter: AccountFilter = state.owes ? { owes: true } : {};
  if (state.status !== 'active' || state.view !== 'filtered') return filter;
  for (const key of ['locID', 'rmID', 'clSchID'] as const) {
    const value = state.filter[key];
    if (value !== null) filter[key] = value;
  }
  if (state.filter.day !== null) filter.day = state.filter.day;
  if (state.filter.level !== null) filter.level = state.filter.level;
  return filter;
}

/** GET api/mystudio/account/list/{status}'s question. */
export type AccountListRequest = {
  status: AccountStatus;
  page: number;
  pageSize: number;
  q: string;
  filter: AccountFilter;
};

/**
 * The call a state makes. "All" and a "Filtered" view with nothing chosen ask the same question, so
 * they share one cached answer.
 */
export function listRequest(state: ListState, pageSize: number = PAGE_SIZE): AccountListRequest {
  return {
    status: state.status,
    page: state.page,
    pageSize,
    q: state.q.trim(),
    filter: appliedFilter(state),
  };
}

/**
 * The query of a list call, flat, in a fixed order (the page, then the search, then the filter's fields);
 * a field not asked for is left out.
 */
export function listQuery(request: AccountListRequest) {
  const { locID, rmID, clSchID, day, level, owes } = request.filter;
  return {
    page: request.page,
    pageSize: request.pageSize,
    q: request.q || undefined,
    locID,
    rmID,
    clSchID,
    day,
    level,
    owes: owes ? 'true' : undefined,
  };
}

/** POST api/mystudio/account/filter/accounts's body: the whole current view, every page of it. */
export function emailListRequest(state: ListState) {
  return { status: state.status, q: state.q.trim(), filter: appliedFilter(state) };
}

// ——— Changes: each one starts the list again at its first page ———

export const withStatus = (state: ListState, status: AccountStatus): ListState => ({
  ...state,
  status,
  page: 1,
});

export const withView = (state: ListState, view: AccountsView): ListState => ({
  ...state,
  status: 'active',
  view,
  page: 1,
});

export const withSearch = (state: ListState, q: string): ListState => ({
  ...state,
  q: q.trim().slice(0, SEARCH_MAX),
  page: 1,
});

export const withPage = (state: ListState, page: number): ListState => ({
  ...state,
  page: Math.max(1, page),
});

/** A changed filter field. A new location clears its room and class, a new room its class (as the schedule does). */
export function withFilter(state: ListState, change: Partial<ListFilter>): ListState {
  const filter = { ...state.filter, ...change };
  if ('locID' in change && change.locID !== state.filter.locID) {
    if (!('rmID' in change)) filter.rmID = null;
    if (!('clSchID' in change)) filter.clSchID = null;
  } else if ('rmID' in change && change.rmID !== state.filter.rmID && !('clSchID' in change)) {
    filter.clSchID = null;
  }
  return { ...state, filter, page: 1 };
}

export const withOwes = (state: ListState, owes: boolean): ListState => ({ ...state, owes, page: 1 });

export const withoutFilter = (state: ListState): ListState => ({ ...state, filter: NO_FILTER, page: 1 });
