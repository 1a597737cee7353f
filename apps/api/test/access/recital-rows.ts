import { ANY_STAFF, type Kit, type Row } from './kit';

/**
 * The access matrix of the recital (issue 38, decision 072): the list of recitals is any owner's or
 * teacher's, of their own studio; parents and visitors are refused.
 */
export function recitalRows(_kit: Kit): Record<string, Row> {
  return {
    'GET /api/mystudio/recitals': {
      access: 'staff',
      expect: ANY_STAFF,
      request: () => ({ url: '/api/mystudio/recitals' }),
    },
  };
}
