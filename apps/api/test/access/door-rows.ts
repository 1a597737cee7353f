import { randomUUID } from 'node:crypto';
import { recitalShowNumbers } from '../../src/db/schema/recitals';
import { insertRecital, insertSeats, insertShow, insertTicket } from '../door-records';
import { type Kit, OWNER_OF_X, type Row, STAFF_OF_X } from './kit';

/**
 * The access matrix of the seating, the door and backstage (issue 38, decision 075): the seating and prices
 * are X's owner's; the door and backstage X's owner's and teacher's (no money in them); studio Y's owner
 * finds nothing, parents and visitors are refused. Studio X's recital, show and tickets are written once.
 */
export function doorRows({ scene }: Kit): Record<string, Row> {
  let made: Promise<{ recital: string; show: string; codes: string[] }> | null = null;
  const x = () => {
    made ??= (async () => {
      const { t, x: rec } = scene();
      const db = t.database.db;
      const recital = await insertRecital(db, rec.company, 'Access Recital');
      const show = await insertShow(db, rec.company, recital, 'Access show');
      await db.insert(recitalShowNumbers).values({
        companyId: rec.company,
        recitalId: recital,
        showId: show,
        danceNumberId: rec.danceNumber,
        position: 0,
      });
      const seats = await insertSeats(db, rec.company, recital, 'Orchestra', 'A', 10);
      const codes: string[] = [];
      for (const seatId of seats) {
        codes.push(
          (await insertTicket(db, { companyId: rec.company, recitalId: recital, showId: show, seatId })).code,
        );
      }
      return { recital, show, codes };
    })();
    return made;
  };
  let nextCode = 0;
  const row = (n: number) => ({
    label: 'A',
    seats: n,
    firstNumber: 1,
    numbering: 'ltr',
    aisles: [],
    blocked: [],
    accessible: [],
  });
  return {
    'GET /api/mystudio/recitals/:id/seating': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `/api/mystudio/recitals/${(await x()).recital}/seating` }),
    },
    'PUT /api/mystudio/recitals/:id/seating': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `/api/mystudio/recitals/${(await x()).recital}/seating`,
        payload: { sections: [{ name: 'Orchestra', rows: [row(10)] }] },
      }),
    },
    'PUT /api/mystudio/recitals/:id/sales': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `/api/mystudio/recitals/${(await x()).recital}/sales`,
        payload: {
          prices: [{ section: '', kind: 'adult', amount: 1500 }],
          compsPerDancer: 1,
          familySalesFrom: null,
          publicSalesFrom: null,
          salesUntil: null,
          settledFamiliesOnly: false,
          refundsUntil: null,
        },
      }),
    },
    'GET /api/mystudio/door/:showId': {
      access: 'staff',
      expect: STAFF_OF_X,
      request: async () => ({ url: `/api/mystudio/door/${(await x()).show}` }),
    },
    'POST /api/mystudio/door/:showId/scans': {
      access: 'staff',
      expect: STAFF_OF_X,
      request: async () => {
        const { show, codes } = await x();
        const code = codes[nextCode++ % codes.length]!;
        return {
          url: `/api/mystudio/door/${show}/scans`,
          payload: {
            scans: [
              { clientScanId: randomUUID(), code, scannedAt: new Date().toISOString(), door: 'Main door' },
            ],
          },
        };
      },
    },
    'GET /api/mystudio/backstage/:showId': {
      access: 'staff',
      expect: STAFF_OF_X,
      request: async () => ({ url: `/api/mystudio/backstage/${(await x()).show}` }),
    },
    'POST /api/mystudio/backstage/:showId': {
      access: 'staff',
      expect: STAFF_OF_X,
      request: async () => ({
        url: `/api/mystudio/backstage/${(await x()).show}`,
        payload: {
          events: [
            {
              clientId: randomUUID(),
              studentId: scene().x.student,
              kind: 'in',
              at: new Date().toISOString(),
            },
          ],
        },
      }),
    },
  };
}
