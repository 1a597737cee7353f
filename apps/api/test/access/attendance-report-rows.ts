import { ANY_OWNER, type Kit, OWNER_OF_X, PARENTS, type Row } from './kit';

/**
 * The access matrix of the attendance reports (issue 36 item 5, decision 065): the studio's owner reads
 * their own studio's reports and files (studio Y's owner reads Y's, which holds nothing of X's); the
 * teacher, parents and visitors are refused. A family's attendance: the owner reads a family of their
 * studio by id (Y's owner finds none of X's), a parent their own family only, the session naming it.
 */
export function attendanceReportRows({ scene }: Kit): Record<string, Row> {
  const period = 'from=2026-09-01&to=2026-12-31';
  const report = (path: string, query = period): Record<string, Row> => ({
    [`GET /api/mystudio/attendance/report/${path}`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `/api/mystudio/attendance/report/${path}${query ? `?${query}` : ''}` }),
    },
  });
  return {
    ...report('classes'),
    ...report('classes.csv'),
    ...report('dancers'),
    ...report('dancers.csv'),
    ...report('makeups'),
    ...report('makeups.csv'),
    ...report('streaks', ''),
    ...report('streaks.csv', ''),
    'GET /api/mystudio/account/:id/attendance': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${scene().x.family}/attendance?${period}` }),
    },
    'GET /api/parents/attendance': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/attendance' }),
    },
  };
}
