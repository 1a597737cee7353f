import { AUTOPAY_TERMS_VERSION, BACKUP_CONSENT_VERSION } from '@pirouette/domain';
import { eq } from 'drizzle-orm';
import { studioMerchants } from '../../src/db/schema/payments';
import { SANDBOX_TOKEN_PATH } from '../../src/modules/payments/providers';
import { AUTOPAY, CARDS, GOOD_CARD, sandboxToken, saveCard } from '../fuzz/card-scene';
import { addItem } from '../fuzz/ledger-scene';
import type { Calls } from '../fuzz/registration-scene';
import type { Actor } from '../fuzz/scene';
import { MERCHANT_PATH, merchantForm } from '../merchants';
import { ANY_OWNER, EVERYONE, type Kit, OWNER_OF_X, PARENT_OF_A, PARENTS, type Row } from './kit';

/**
 * The access matrix of card payments (issue 17). A parent's card calls act on their own family; the
 * checkout pays a bill of their own family (parent B finds none of family A's); the owner's calls act on
 * any family of studio X (studio Y's owner finds none). Each write the allowed actor sends goes through:
 * a card saved, one removed, a costume paid by card.
 */
/** A call no session opens: it carries credentials of its own (the processor's), or it is refused. */
const NO_SESSION: Row['expect'] = {
  anonymous: 401,
  parentA: 401,
  parentB: 401,
  ownerX: 401,
  ownerY: 401,
  teacherX: 401,
};

export function cardRows({ scene }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const as = (actor: Actor) => (opts: Parameters<ReturnType<typeof scene>['send']>[1]) =>
    scene().send(actor, opts);
  const owner: Calls = {
    get: (url) => scene().send('ownerX', { method: 'GET', url }),
    post: (url, payload = {}) => scene().send('ownerX', { method: 'POST', url, payload }),
    put: (url, payload) => scene().send('ownerX', { method: 'PUT', url, ...(payload ? { payload } : {}) }),
  };
  const BACKUP = '/api/finix/customer/paymentInstrument/backup';
  /** A backup's body: another card than the first's, the consent ticked. */
  const backupBody = async () => ({
    token: await sandboxToken(as('anonymous'), { ...GOOD_CARD, number: '5555555555554444' }),
    consent: true,
    consentVersion: BACKUP_CONSENT_VERSION,
  });
  /** The actor's own family has a card on file (a parent), or family A has (anyone else). */
  const withCard = (actor: Actor) =>
    saveCard(as(actor === 'parentB' ? 'parentB' : 'parentA'), as('anonymous'));

  return {
    // The sandbox processor's token endpoint, which the stand-in card form posts to (not the API's).
    [`POST ${SANDBOX_TOKEN_PATH}`]: {
      access: 'public',
      expect: EVERYONE,
      request: () => ({ url: SANDBOX_TOKEN_PATH, payload: GOOD_CARD }),
    },
    // The processor's webhook: no session opens it, only the processor's credentials (webhooks.test.ts).
    'POST /api/finix/webhooks': {
      access: 'processor',
      expect: NO_SESSION,
      request: () => ({
        url: '/api/finix/webhooks',
        payload: {
          id: 'EVmatrix',
          type: 'updated',
          entity: 'transfer',
          occurred_at: '2026-11-21T15:00:00Z',
          _embedded: { transfers: [{ id: 'TRmatrix', application: 'APsandbox' }] },
        },
      }),
    },
    'GET /api/finix/customer/paymentInstrument/default': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: CARDS.onFile }),
    },
    'POST /api/finix/customer/paymentInstrument': {
      access: 'parent',
      expect: PARENTS,
      request: async () => ({ url: CARDS.save, payload: { token: await sandboxToken(as('anonymous')) } }),
    },
    'DELETE /api/finix/customer/paymentInstrument/default': {
      access: 'parent',
      expect: PARENTS,
      request: async (actor) => {
        if (actor === 'parentA' || actor === 'parentB') await withCard(actor);
        return { url: CARDS.onFile };
      },
    },
    'POST /api/finix/customer/transaction/authorize/:transID/payment': {
      // Parent A pays a costume just added to family A's bill, by the card on file.
      access: 'parent',
      expect: PARENT_OF_A,
      request: async (actor) => {
        if (actor === 'parentA') await withCard(actor);
        const { bill, item } = await addItem(owner, x().family, 12);
        return { url: CARDS.authorize(bill), payload: { balance: 12, items: [item] } };
      },
    },
    'GET /api/finix/customer/autopay': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: AUTOPAY.family }),
    },
    'PUT /api/finix/customer/autopay': {
      // Each parent turns automatic payments on for their own family's card.
      access: 'parent',
      expect: PARENTS,
      request: async (actor) => {
        if (actor === 'parentA' || actor === 'parentB') await withCard(actor);
        return { url: AUTOPAY.family, payload: { on: true, termsVersion: AUTOPAY_TERMS_VERSION } };
      },
    },
    'GET /api/mystudio/autopay': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: AUTOPAY.page }),
    },
    'POST /api/mystudio/autopay/:id/retry': {
      // X's owner charges a costume just added to family A's card.
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => {
        if (actor === 'ownerX') {
          await withCard('parentA');
          await addItem(owner, x().family, 12);
        }
        return { url: AUTOPAY.retry(x().family), payload: {} };
      },
    },
    'PUT /api/mystudio/autopay/:id/pause': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => {
        if (actor === 'ownerX') {
          await withCard('parentA');
          await scene().send('parentA', {
            method: 'PUT',
            url: AUTOPAY.family,
            payload: { on: true, termsVersion: AUTOPAY_TERMS_VERSION },
          });
        }
        return { url: AUTOPAY.pause(x().family), payload: { paused: true } };
      },
    },
    // The studio's merchant account (decision 049): each owner reads and onboards their own studio's.
    'GET /api/mystudio/payments/merchant': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: MERCHANT_PATH }),
    },
    'POST /api/mystudio/payments/merchant': {
      // An owner sends the studio again after a rejection: the studio onboarded anew, approved at once.
      access: 'owner',
      expect: ANY_OWNER,
      request: async (actor) => {
        const companyId =
          actor === 'ownerY' ? scene().companyY : actor === 'ownerX' ? scene().studios.companyA : null;
        if (companyId) {
          await scene()
            .t.database.db.update(studioMerchants)
            .set({ state: 'rejected' })
            .where(eq(studioMerchants.companyId, companyId));
        }
        return { url: MERCHANT_PATH, payload: merchantForm(`Matrix ${actor} Dance LLC`) };
      },
    },
    // The families refused by a card limit: each owner reads their own studio's (card-limits.test.ts).
    'GET /api/mystudio/payments/limits': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/payments/limits' }),
    },
    'GET /api/mystudio/account/:id/card': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: CARDS.family(x().family) }),
    },
    'DELETE /api/mystudio/account/:id/card': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async (actor) => {
        if (actor === 'ownerX') await withCard('parentA');
        return { url: CARDS.family(x().family) };
      },
    },
    // Returned bank debits (decision 068): each owner reads their own studio's rates and returns
    // (returns.test.ts: studio Y's are never counted in X's).
    'GET /api/mystudio/payments/returns': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/payments/returns?from=2026-09-01&to=2026-12-31' }),
    },
    // The backup method (decision 071): a parent's own family, after its first card.
    'GET /api/finix/customer/paymentInstrument/backup': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: BACKUP }),
    },
    'POST /api/finix/customer/paymentInstrument/backup': {
      access: 'parent',
      expect: PARENTS,
      request: async (actor) => {
        if (actor === 'parentA' || actor === 'parentB') await withCard(actor);
        return { url: BACKUP, payload: await backupBody() };
      },
    },
    'DELETE /api/finix/customer/paymentInstrument/backup': {
      access: 'parent',
      expect: PARENTS,
      request: async (actor) => {
        if (actor === 'parentA' || actor === 'parentB') {
          await withCard(actor);
          await as(actor)({ method: 'POST', url: BACKUP, payload: await backupBody() });
        }
        return { url: BACKUP };
      },
    },
  };
}
