import { BANK_MANDATE_VERSION, bankCalls } from '@pirouette/domain';
import { sandboxToken } from '../fuzz/card-scene';
import type { Actor } from '../fuzz/scene';
import { type Kit, OWNER_OF_X, PARENTS, type Row } from './kit';

/**
 * The access matrix of bank debit (decision 067): a parent's bank calls act on their own family's bank
 * account; the owner's on any family of studio X (studio Y's owner finds none).
 */

/** A sandbox test account that settles (engine-bank.ts). */
export const GOOD_BANK = {
  name: 'Ada Russo',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  accountType: 'CHECKING',
} as const;

const BANK = bankCalls.bankOnFile.path;

export function bankRows({ scene }: Kit): Record<string, Row> {
  const as = (actor: Actor) => (opts: Parameters<ReturnType<typeof scene>['send']>[1]) =>
    scene().send(actor, opts);
  const saved = async (actor: Actor) => ({
    token: await sandboxToken(as('anonymous'), GOOD_BANK as never),
    mandateVersion: BANK_MANDATE_VERSION,
    mandateAccepted: true,
    actor,
  });
  return {
    'GET /api/finix/customer/bankAccount': {
      access: 'parent',
      expect: PARENTS,
      request: () => ({ url: BANK }),
    },
    'POST /api/finix/customer/bankAccount': {
      access: 'parent',
      expect: PARENTS,
      request: async (actor) => {
        const { token, mandateVersion, mandateAccepted } = await saved(actor);
        return { url: BANK, payload: { token, mandateVersion, mandateAccepted } };
      },
    },
    'DELETE /api/finix/customer/bankAccount': {
      access: 'parent',
      expect: PARENTS,
      request: async (actor) => {
        if (actor === 'parentA' || actor === 'parentB') {
          const { token, mandateVersion, mandateAccepted } = await saved(actor);
          const res = await as(actor)({
            method: 'POST',
            url: BANK,
            payload: { token, mandateVersion, mandateAccepted },
          });
          if (res.status !== 200)
            throw new Error(`bank account not saved: ${res.status} ${JSON.stringify(res.body)}`);
        }
        return { url: BANK };
      },
    },
    'GET /api/mystudio/account/:id/bank': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `/api/mystudio/account/${scene().x.family}/bank` }),
    },
  };
}
