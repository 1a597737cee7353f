import { matrixRecital } from './fees-rows';
import { type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of the recital's reports (issue 38 item 7, decision 076): the studio's owner only
 * (money); studio Y's owner finds none of X's recitals, the teacher, parents and visitors are refused.
 */
export function recitalReportRows(kit: Kit): Record<string, Row> {
  const report = (tail: string): Record<string, Row> => ({
    [`GET /api/mystudio/recitals/:id/reports${tail}`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `/api/mystudio/recitals/${await matrixRecital(kit)}/reports${tail}` }),
    },
  });
  return {
    ...report(''),
    ...report('/buyers'),
    ...report('/dancers'),
    ...report('/sales.csv'),
    ...report('/income.csv'),
    ...report('/buyers.csv'),
    ...report('/dancers.csv'),
  };
}
