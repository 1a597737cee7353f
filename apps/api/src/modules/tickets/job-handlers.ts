import { jobHandler } from '../../jobs/define';
import type { JobHandlers } from '../../jobs/runner';
import type { PaymentProvider } from '../payments';
import { ticketJobs } from './jobs';
import { expireHolds } from './tickets.hold';
import { lostOrders, reconcileOrder } from './tickets.pay';

/**
 * The sweep (every hold's end, at a five-minute mark): the holds run out are ended and their seats freed,
 * and the orders whose payment's answer was lost are each given a look-up job. The look-up asks the
 * processor by the order's idempotency id and settles the order by what it finds.
 */
export function ticketJobHandlers(provider: PaymentProvider, appUrl: string): JobHandlers {
  return {
    ...jobHandler(ticketJobs.sweep, {
      async run({ db, clock, logger }) {
        const now = clock.now();
        const expired = await db.transaction((tx) => expireHolds(tx, null, null, now));
        const lost = await lostOrders(db, now);
        for (const orderId of lost) {
          const state = await reconcileOrder({ db, clock, provider, appUrl }, orderId).catch(() => null);
          if (state) logger.info({ orderId, state }, 'ticket order reconciled');
        }
        if (expired.length > 0) logger.info({ expired: expired.length }, 'ticket holds expired');
      },
    }),
    ...jobHandler(ticketJobs.reconcile, {
      async run({ db, clock, logger }, { orderId }) {
        const state = await reconcileOrder({ db, clock, provider, appUrl }, orderId);
        logger.info({ orderId, state }, 'ticket order reconciled');
      },
    }),
  };
}
