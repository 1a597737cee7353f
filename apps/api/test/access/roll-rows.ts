import { randomUUID } from 'node:crypto';
import { ANY_STAFF, type Kit, OWNER_OF_X, type Row, STAFF_OF_X } from './kit';

/** A Monday of the scene's term, before the test clock's today: X's class (Mondays) meets on it. */
const MONDAY = '2026-11-16';

/**
 * The access matrix of the roll (issue 36, decision 063): X's owner and the teacher of X's class read and
 * mark its roll, studio Y's owner finds no such class, parents and visitors are refused. Trial guests are the
 * owner's alone; each removal acts on a throwaway guest made just before.
 */
export function rollRows({ scene, made }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const meeting = () => `/api/mystudio/attendance/${x().class}/${MONDAY}`;
  return {
    'GET /api/mystudio/attendance/meetings': {
      access: 'staff',
      expect: ANY_STAFF,
      request: () => ({ url: `/api/mystudio/attendance/meetings?date=${MONDAY}` }),
    },
    'GET /api/mystudio/attendance/class/:clSchID/:date': {
      access: 'staff',
      expect: STAFF_OF_X,
      request: () => ({ url: `/api/mystudio/attendance/class/${x().class}/${MONDAY}` }),
    },
    'PUT /api/mystudio/attendance/:clSchID/:date': {
      access: 'staff',
      expect: STAFF_OF_X,
      request: () => ({
        url: meeting(),
        payload: {
          marks: [
            { stdID: x().student, status: 'present', clientId: randomUUID(), at: new Date().toISOString() },
          ],
        },
      }),
    },
    'POST /api/mystudio/attendance/:clSchID/:date/trials': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${meeting()}/trials`, payload: { firstName: 'Ava', phone: '9735550123' } }),
    },
    'DELETE /api/mystudio/attendance/:clSchID/:date/trials/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${meeting()}/trials/${await made(`${meeting()}/trials`, { firstName: 'Ava', email: 'ava@example.com' })}`,
      }),
    },
  };
}
