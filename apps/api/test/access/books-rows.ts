import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of the accountant's reports (issue 34 item 4, decision 052): the studio's owner
 * reads their own studio's books (studio Y's owner reads Y's, which holds nothing of X's: the matrix
 * checks no id of X's shows); parents and visitors are refused. A family's statement as CSV is about one
 * of X's families: Y's owner finds none. The CSV routes answer a file, not `[true, data]`.
 */
export function booksRows({ scene }: Kit): Record<string, Row> {
  const period = 'from=2026-09-01&to=2026-12-31';
  return {
    'GET /api/mystudio/reports/trial-balance': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/reports/trial-balance?date=2026-12-31' }),
    },
    'GET /api/mystudio/reports/trial-balance/csv': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/reports/trial-balance/csv?date=2026-12-31' }),
    },
    'GET /api/mystudio/reports/accounts': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/reports/accounts' }),
    },
    'GET /api/mystudio/reports/general-ledger': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `/api/mystudio/reports/general-ledger?account=receivable&${period}` }),
    },
    'GET /api/mystudio/reports/general-ledger/csv': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `/api/mystudio/reports/general-ledger/csv?account=receivable&${period}` }),
    },
    'GET /api/mystudio/reports/journal/csv': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `/api/mystudio/reports/journal/csv?${period}&format=quickbooks` }),
    },
    'GET /api/transactions/revenue/csv': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `/api/transactions/revenue/csv?${period}` }),
    },
    'GET /api/mystudio/account/:id/statement/csv': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${scene().x.family}/statement/csv?${period}` }),
    },
  };
}
