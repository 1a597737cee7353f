import { randomUUID } from 'node:crypto';
import { recitals } from '../../src/db/schema/recitals';
import { type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * A recital of studio X for the matrix's fee and report rows, made once: days no year term overlaps, so
 * nobody performs and a posting run writes nothing (the other rows' families keep their bills).
 */
let made: Promise<string> | null = null;
export function matrixRecital({ scene }: Kit): Promise<string> {
  made ??= (async () => {
    const [row] = await scene()
      .t.database.db.insert(recitals)
      .values({
        companyId: scene().x.company,
        name: 'Matrix Recital',
        firstDay: '2099-06-01',
        lastDay: '2099-06-02',
        feeAmount: 2500,
        publicToken: randomUUID(),
      })
      .returning({ id: recitals.id });
    return row!.id;
  })();
  return made;
}

/**
 * The access matrix of the recital fee (issue 38 item 3, decision 073): the studio's owner only (money);
 * studio Y's owner finds none of X's recitals, the teacher, parents and visitors are refused.
 */
export function feeRows(kit: Kit): Record<string, Row> {
  const url = async (tail = '') => `/api/mystudio/recitals/${await matrixRecital(kit)}/fees${tail}`;
  return {
    'GET /api/mystudio/recitals/:id/fees': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: await url() }),
    },
    'PUT /api/mystudio/recitals/:id/fees/settings': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: await url('/settings'),
        payload: { amount: 2500, per: 'dancer', refundableUntil: '2099-05-01' },
      }),
    },
    'POST /api/mystudio/recitals/:id/fees/post': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: await url('/post') }),
    },
  };
}
