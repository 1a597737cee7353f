import { addItem, payItem } from '../fuzz/ledger-scene';
import type { Calls } from '../fuzz/registration-scene';
import type { Actor } from '../fuzz/scene';
import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of the studio's books (issue 34 items 3 and 5): deposits and closing a month are
 * the owner's, about their own studio. Studio Y's owner finds none of X's payments or deposits (404);
 * closing acts on the studio of the session, each owner's own.
 */
export function depositsClosingRows({ scene }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const as = (actor: Actor): Calls => ({
    get: (url) => scene().send(actor, { method: 'GET', url }),
    post: (url, payload = {}) => scene().send(actor, { method: 'POST', url, payload }),
    put: (url, payload) => scene().send(actor, { method: 'PUT', url, ...(payload ? { payload } : {}) }),
  });
  const owner = as('ownerX');
  /** A check of family A waiting to be deposited. */
  const waiting = async () =>
    (await payItem(owner, x().family, await addItem(owner, x().family, 8), { type: 'check', total: 8 }))
      .payment;
  let deposit: string | undefined;
  /** One of X's deposits (made once). */
  const aDeposit = async () => {
    if (deposit) return deposit;
    const res = await owner.post('/api/mystudio/books/deposits', { payments: [await waiting()] });
    if (res.status !== 200) throw new Error(`a deposit: ${JSON.stringify(res.body)}`);
    deposit = (res.body as [true, { id: string }])[1].id;
    return deposit;
  };
  const isOwner = (actor: Actor) => actor === 'ownerX' || actor === 'ownerY';

  return {
    'GET /api/mystudio/books/undeposited': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/books/undeposited?upTo=2030-01-01' }),
    },
    'GET /api/mystudio/books/deposits': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/books/deposits' }),
    },
    'POST /api/mystudio/books/deposits': {
      // X's owner deposits a payment just received; anyone else is refused one of X's.
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: '/api/mystudio/books/deposits',
        payload: { payments: [await waiting()] },
      }),
    },
    'GET /api/mystudio/books/deposits/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `/api/mystudio/books/deposits/${await aDeposit()}` }),
    },
    'GET /api/mystudio/books/closing': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/books/closing' }),
    },
    'POST /api/mystudio/books/closing/close': {
      // Each owner closes an ended month of their own studio (reopened first, whatever ran before).
      access: 'owner',
      expect: ANY_OWNER,
      request: async (actor) => {
        if (isOwner(actor))
          await as(actor).post('/api/mystudio/books/closing/reopen', { month: '2025-10', reason: 'matrix' });
        return { url: '/api/mystudio/books/closing/close', payload: { month: '2025-10' } };
      },
    },
    'POST /api/mystudio/books/closing/reopen': {
      access: 'owner',
      expect: ANY_OWNER,
      request: async (actor) => {
        if (isOwner(actor)) await as(actor).post('/api/mystudio/books/closing/close', { month: '2025-10' });
        return {
          url: '/api/mystudio/books/closing/reopen',
          payload: { month: '2025-10', reason: 'A deposit was dated wrong' },
        };
      },
    },
  };
}
