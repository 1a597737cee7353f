import {
  COSTUME_LIST_PAGE_SIZE,
  type CostumeListOptions,
  type CostumePaidState,
  isId,
} from '@pirouette/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * What the deposits and balances lists show, kept in the address so that a reload, a shared link or the
 * way back from a family's account opens the same list: the dance number, the class, the page, and for
 * the balances whether only the ones still owed are listed (the default) or every one posted.
 */

export type CostumeListKind = 'deposits' | 'balances';

export type CostumeListState = {
  number: string | null;
  cls: string | null;
  /** Balances: only those still owed. The deposits list ignores it. */
  open: boolean;
  page: number;
};

export const DEFAULT_LIST_STATE: CostumeListState = { number: null, cls: null, open: true, page: 1 };

const PARAMS = { number: 'number', cls: 'class', all: 'all', page: 'page' } as const;

const idOrNull = (value: string | null) => (isId(value) ? value.toLowerCase() : null);

/** The state from the address; anything malformed falls back to the default. */
export function parseListState(params: URLSearchParams): CostumeListState {
  const page = params.get(PARAMS.page) ?? '';
  return {
    number: idOrNull(params.get(PARAMS.number)),
    cls: idOrNull(params.get(PARAMS.cls)),
    open: params.get(PARAMS.all) !== '1',
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The address's parameters of a state; defaults are left out, so the plain address is the whole list. */
export function listStateParams(state: CostumeListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.cls) params.set(PARAMS.cls, state.cls);
  if (state.number) params.set(PARAMS.number, state.number);
  if (!state.open) params.set(PARAMS.all, '1');
  if (state.page > 1) params.set(PARAMS.page, String(state.page));
  return params;
}

/** What the server is asked for (`GET …/costumes/deposits`); the file takes the same without the page. */
export function depositQuery(state: CostumeListState) {
  return {
    dncNumID: state.number ?? undefined,
    clSchID: state.cls ?? undefined,
    page: state.page,
    pageSize: COSTUME_LIST_PAGE_SIZE,
  };
}

/** `GET …/costumes/balances`: `open` sent as 1 or 0. */
export function balanceQuery(state: CostumeListState) {
  return { ...depositQuery(state), open: state.open ? '1' : '0' };
}

/** The file's query: the list's filters, every page. */
export function exportQuery(kind: CostumeListKind, state: CostumeListState) {
  const filters = { dncNumID: state.number ?? undefined, clSchID: state.cls ?? undefined };
  return kind === 'balances' ? { ...filters, open: state.open ? '1' : '0' } : filters;
}

/**
 * Another class starts at the first page; the number stays chosen only when it is a number of that class
 * (the number picker offers the class's numbers alone).
 */
export function withClass(
  state: CostumeListState,
  cls: string | null,
  options: CostumeListOptions,
): CostumeListState {
  const number = options.numbers.find((n) => n.dncNumID === state.number);
  const keep = cls === null || (number !== undefined && number.clSchID === cls);
  return { ...state, cls, number: keep ? state.number : null, page: 1 };
}

export const withNumber = (state: CostumeListState, number: string | null): CostumeListState => ({
  ...state,
  number,
  page: 1,
});

export const withOpen = (state: CostumeListState, open: boolean): CostumeListState => ({
  ...state,
  open,
  page: 1,
});

export const withPage = (state: CostumeListState, page: number): CostumeListState => ({
  ...state,
  page: Math.max(1, Math.floor(page) || 1),
});

export const filtered = (state: CostumeListState) => state.number !== null || state.cls !== null;

/** The class picker's choices. */
export const classChoices = (options: CostumeListOptions) =>
  options.classes.map((c) => ({ value: c.clSchID, label: c.name }));

/** The number picker's choices: the chosen class's numbers, or every number under its class. */
export function numberChoices(options: CostumeListOptions, cls: string | null) {
  if (cls) {
    return options.numbers
      .filter((n) => n.clSchID === cls)
      .map((n) => ({ value: n.dncNumID, label: n.name }));
  }
  return options.classes.map((c) => ({
    group: c.name,
    items: options.numbers
      .filter((n) => n.clSchID === c.clSchID)
      .map((n) => ({ value: n.dncNumID, label: n.name })),
  }));
}

/** The filters' names in words, for the totals' caption: "Ocean Waltz · Jazz 1". */
export function filterCaption(kind: CostumeListKind, state: CostumeListState, options: CostumeListOptions) {
  const number = options.numbers.find((n) => n.dncNumID === state.number);
  const cls = options.classes.find((c) => c.clSchID === state.cls);
  const what =
    kind === 'deposits' ? 'All deposits' : state.open ? 'Balances still owed' : 'All balances posted';
  return [what, number?.name, cls?.name ?? (number ? number.className : undefined)]
    .filter(Boolean)
    .join(' · ');
}

/**
 * What an empty list says once the studio has rows of the kind, just not under these filters (the
 * section's own empty state says what fills the list when it has none at all).
 */
export function emptyListText(
  kind: CostumeListKind,
  state: CostumeListState,
): { title: string; text: string } {
  const where = state.number ? 'this dance number' : state.cls ? 'this class' : null;
  if (kind === 'deposits')
    return {
      title: 'No deposits here',
      text: `No dancer of ${where ?? 'these filters'} has a costume deposit on the family’s bill.`,
    };
  if (state.open)
    return {
      title: 'Nothing owed',
      text: where
        ? `Every costume balance of ${where} is paid. Show all balances to see them.`
        : 'Every costume balance posted is paid. Show all balances to see them.',
    };
  return {
    title: 'No balances here',
    text: `No costume of ${where ?? 'these filters'} has been ordered yet: balances are posted when an order is placed.`,
  };
}

export const PAID_LABELS: Record<CostumePaidState, string> = {
  paid: 'Paid',
  part: 'Part paid',
  unpaid: 'Unpaid',
};

export const PAID_COLORS: Record<CostumePaidState, string> = {
  paid: 'teal',
  part: 'yellow',
  unpaid: 'red',
};

/** A list's state, read from and written to the address (replacing the entry, not adding one). */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const update = useCallback(
    (change: (state: CostumeListState) => CostumeListState) =>
      setParams((previous) => listStateParams(change(parseListState(previous))), { replace: true }),
    [setParams],
  );
  return [state, update] as const;
}
