import { isId } from '@pirouette/domain';

/**
 * What the payments list shows, kept in the address so a reload, a shared link or the way back from a
 * family's overview opens the same list: the filter, the family, the page.
 */
export const PAYMENT_FILTERS = ['all', 'month', 'overdue', 'unpaid'] as const;
export type PaymentFilter = (typeof PAYMENT_FILTERS)[number];

export const FILTER_LABELS: Record<PaymentFilter, string> = {
  all: 'All',
  month: 'Due this month',
  overdue: 'Overdue',
  unpaid: 'Unpaid',
};

/** The tabs' shorter names on a phone, where four share the width. */
export const FILTER_SHORT_LABELS: Record<PaymentFilter, string> = {
  ...FILTER_LABELS,
  month: 'This month',
};

/** Payments a page. */
export const PAYMENTS_PAGE_SIZE = 25;

export type PaymentsState = { filter: PaymentFilter; family: string | null; page: number };

export const DEFAULT_PAYMENTS_STATE: PaymentsState = { filter: 'all', family: null, page: 1 };

const PARAMS = { filter: 'filter', family: 'family', page: 'page' } as const;

/** The state from the address; anything malformed falls back to the default. */
export function parsePaymentsState(params: URLSearchParams): PaymentsState {
  const filter = params.get(PARAMS.filter) ?? '';
  const family = params.get(PARAMS.family);
  const page = params.get(PARAMS.page) ?? '';
  return {
    filter: (PAYMENT_FILTERS as readonly string[]).includes(filter) ? (filter as PaymentFilter) : 'all',
    family: isId(family) ? family.toLowerCase() : null,
    page: /^\d{1,6}$/.test(page) && Number(page) >= 1 ? Number(page) : 1,
  };
}

/** The address's parameters of a state; defaults are left out, so the plain address is the whole list. */
export function paymentsStateParams(state: PaymentsState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.filter !== 'all') params.set(PARAMS.filter, state.filter);
  if (state.family) params.set(PARAMS.family, state.family);
  if (state.page > 1) params.set(PARAMS.page, String(state.page));
  return params;
}

/** What the server is asked for (`GET /api/mystudio/account/payments`). */
export function paymentsQuery(state: PaymentsState) {
  return {
    filter: state.filter,
    family: state.family ?? undefined,
    page: state.page,
    pageSize: PAYMENTS_PAGE_SIZE,
  };
}

/** Another filter or family starts at the first page. */
export const withFilter = (state: PaymentsState, filter: PaymentFilter): PaymentsState => ({
  ...state,
  filter,
  page: 1,
});
export const withFamily = (state: PaymentsState, family: string | null): PaymentsState => ({
  ...state,
  family,
  page: 1,
});
export const withPage = (state: PaymentsState, page: number): PaymentsState => ({
  ...state,
  page: Math.max(1, Math.floor(page) || 1),
});

/** What an empty page says: nothing in this filter (the studio has plan payments, just not these). */
export function emptyPaymentsText(state: PaymentsState): { title: string; text: string } {
  const family = state.family ? 'this family' : 'any family';
  switch (state.filter) {
    case 'month':
      return {
        title: 'Nothing due this month',
        text: `No plan payment of ${family} falls due this month.`,
      };
    case 'overdue':
      return { title: 'Nothing overdue', text: `Every plan payment of ${family} past its due date is paid.` };
    case 'unpaid':
      return { title: 'Nothing unpaid', text: `Every plan payment of ${family} charged so far is paid.` };
    default:
      return {
        title: 'No plan payments',
        text: state.family
          ? 'This family has no plan payments in the current term.'
          : 'No family pays by a plan in the current term.',
      };
  }
}
