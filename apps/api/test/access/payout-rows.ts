import { bookPayout } from '../../src/modules/books';
import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of the processor's payouts (issue 34, decision 051): the owner's reads of their own
 * studio; studio Y's owner finds none of studio X's payouts.
 */
export function payoutRows({ scene }: Kit): Record<string, Row> {
  let payout: Promise<string> | null = null;
  /** One payout of studio X, booked once as the payouts' job books one. */
  const payoutOfX = () => {
    payout ??= (async () => {
      const { t, studios } = scene();
      const id = await t.database.db.transaction((tx) =>
        bookPayout(tx, {
          companyId: studios.companyA,
          provider: 'sandbox',
          merchantId: 'MUsandbox',
          settlementId: 'STmatrix',
          fundingTransferId: 'TRmatrixFunding',
          paidOn: '2026-11-23',
          gross: 5000,
          fees: 175,
          net: 4825,
          items: [
            {
              transferId: 'TRmatrixSale',
              kind: 'sale',
              amount: 5000,
              fee: 175,
              paymentTxId: null,
              familyId: null,
            },
          ],
        }),
      );
      if (!id) throw new Error('The matrix payout was booked already.');
      return id;
    })();
    return payout;
  };
  return {
    'GET /api/mystudio/payouts': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/payouts?page=1&pageSize=5' }),
    },
    'GET /api/mystudio/payouts/clearing': {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: '/api/mystudio/payouts/clearing' }),
    },
    'GET /api/mystudio/payouts/:id': {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `/api/mystudio/payouts/${await payoutOfX()}` }),
    },
  };
}
