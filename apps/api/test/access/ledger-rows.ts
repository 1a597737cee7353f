import { addItem, currentBill, LEDGER, payItem, unpaidPlanPayment } from '../fuzz/ledger-scene';
import type { Calls } from '../fuzz/registration-scene';
import type { Actor } from '../fuzz/scene';
import { ANY_OWNER, type Expect, type Kit, OWNER_OF_X, PARENTS, type Row } from './kit';

/**
 * The access matrix of the family ledger (issue 16). The owner's calls act on any family of studio X:
 * studio Y's owner finds none of them (404). The parent's calls act on their own family: parent B's
 * family has no books and sees nothing of family A's. The calls a parent may make about a bill or a
 * family by id (a transaction, its confirmation, the family's list and credit) answer 404 for another
 * family's. Each write the allowed actor sends goes through: an item added, one removed, a payment,
 * a refund of what a payment paid, a check returned, a plan payment marked paid, balance e-mails.
 */

/** Anyone signed in may ask; of family A's books only parent A and studio X's owner find anything. */
const FAMILY_A_SIGNED_IN: Expect = {
  anonymous: 401,
  parentA: 'allowed',
  parentB: 404,
  ownerX: 'allowed',
  ownerY: 404,
  teacherX: 404,
};
/** A family by id: a teacher, who has no family and no money to see, is refused outright (issue 36). */
const FAMILY_A_BY_ID: Expect = { ...FAMILY_A_SIGNED_IN, teacherX: 403 };

export function ledgerRows({ scene }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const owner: Calls = {
    get: (url) => scene().send('ownerX', { method: 'GET', url }),
    post: (url, payload = {}) => scene().send('ownerX', { method: 'POST', url, payload }),
    put: (url, payload) => scene().send('ownerX', { method: 'PUT', url, ...(payload ? { payload } : {}) }),
  };
  const isOwnerX = (actor: Actor) => actor === 'ownerX';
  /** A costume on family A's bill (family A then owes something, whatever ran before). */
  const item = (dollars = 12) => addItem(owner, x().family, dollars);
  const cashFor = async () => payItem(owner, x().family, await item(), { type: 'cash', total: 12 });
  const period = 'from=2026-09-01&to=2026-12-31';

  return {
    // The parent's own family.
    'GET /api/transactions/current': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/transactions/current' }),
    },
    'GET /api/parents/money': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: '/api/parents/money' }),
    },
    'GET /api/parents/statement': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: `/api/parents/statement?${period}` }),
    },

    // A bill or a family by id: its own parent, or its studio's owner.
    'GET /api/transactions/current/:id': {
      access: 'signed-in',
      expect: FAMILY_A_SIGNED_IN,
      request: () => ({ url: `/api/transactions/current/${x().bill}` }),
    },
    'POST /api/transactions/:id/payment/confirmation': {
      access: 'signed-in',
      expect: FAMILY_A_SIGNED_IN,
      request: () => ({ url: `/api/transactions/${x().bill}/payment/confirmation`, payload: {} }),
    },
    'GET /api/transactions/list/:coAcctMemID/parent': {
      access: 'signed-in',
      expect: FAMILY_A_BY_ID,
      request: () => ({ url: `/api/transactions/list/${x().family}/parent` }),
    },
    'GET /api/transactions/:id/credit/list': {
      access: 'signed-in',
      expect: FAMILY_A_BY_ID,
      request: () => ({ url: `/api/transactions/${x().family}/credit/list` }),
    },

    // The owner's, for any family of the studio.
    'GET /api/transactions/current/:coAcctMemID/parent': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: LEDGER.current(x().family) }),
    },
    'GET /api/mystudio/account/:id/money': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${x().family}/money` }),
    },
    'GET /api/mystudio/account/:id/statement': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${x().family}/statement?${period}` }),
    },
    'POST /api/transactions/item/:coAcctMemID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({
        url: LEDGER.item(x().family),
        payload: { item: { typeID: 'costume', item: 'Tutu', amount: 30, quantity: 2, total: 60 } },
      }),
    },
    'DELETE /api/transactions/item/:transID/:itemID': {
      // X's owner removes a costume just added; the others are refused one of its own.
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const { bill, item: id } = await item();
        return { url: `/api/transactions/item/${bill}/${id}?reason=Added+by+mistake` };
      },
    },
    'POST /api/transactions/payments/:coAcctMemID/:transID': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => {
        // Something to pay, whatever ran before.
        const bill = isOwnerX(actor) ? (await item()).bill : (await currentBill(owner, x().family)).id;
        return {
          url: LEDGER.payments(x().family, bill),
          payload: { payments: [{ type: 'cash', total: 5 }] },
        };
      },
    },
    'POST /api/transactions/refund/:coAcctMemID': {
      // A cash payment of a costume, and $2 of it given back.
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const paid = await cashFor();
        const bill = await currentBill(owner, x().family);
        const itemID = bill.payments.find((p) => p.id === paid.payment)?.allocations[0]?.itemID;
        return {
          url: LEDGER.refund(x().family),
          payload: { paymentID: paid.payment, itemID, total: 2, to: 'cash', reason: 'Costume returned' },
        };
      },
    },
    'POST /api/transactions/payments/:coAcctMemID/:paymentID/returned': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const { payment } = await payItem(owner, x().family, await item(), { type: 'check', total: 12 });
        return { url: LEDGER.returned(x().family, payment), payload: { reason: 'Insufficient funds' } };
      },
    },
    'GET /api/mystudio/account/payments/:id/:status': {
      // A plan payment of family A not paid yet, marked paid.
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => ({
        url: `${LEDGER.planPayments}/${isOwnerX(actor) ? await unpaidPlanPayment(owner, x().family) : x().planPayment}/1`,
      }),
    },
    'POST /api/myStudio/paymentSystem/account/:coAcctMemID/email/balance': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        await item();
        return { url: `/api/myStudio/paymentSystem/account/${x().family}/email/balance`, payload: {} };
      },
    },

    // The owner's, about the studio as a whole.
    'GET /api/mystudio/account/payments': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${LEDGER.planPayments}?filter=all` }),
    },
    'GET /api/transactions/overview': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/transactions/overview' }),
    },
    'GET /api/transactions/aging': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/transactions/aging?page=1' }),
    },
    'GET /api/transactions/export': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `/api/transactions/export?${period}` }),
    },
    'POST /api/myStudio/paymentSystem/email/balances': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/myStudio/paymentSystem/email/balances', payload: {} }),
    },
  };
}
