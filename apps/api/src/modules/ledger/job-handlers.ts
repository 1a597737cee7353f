import { freshenAfterBulkWrite } from '../../db/statistics';
import { announce, jobHandler } from '../../jobs/define';
import { describeError, type JobHandlers, redactAddresses } from '../../jobs/runner';
import { billFamily, familiesToBill, studioMoneySettings } from './billing';
import { ledgerEvents, ledgerJobs } from './jobs';
import type { AutopayCheck } from './notices';
import { BILLING_HOUR, instantAt, nextBillingDay, scheduleBillingDay } from './schedule';

/**
 * The studio's billing day (schedule.ts): bills the families with something due that day, each in its
 * own transaction under its lock, and tells them (a bill, a late fee, an overdue reminder: notices.ts),
 * announces the day posted, then queues the next day. Run twice, it posts and sends nothing new: every
 * charge, late fee and notice has its key, the families are picked by what is still to post or tell, and
 * the day's announcement queues its listeners' jobs under the day's key, once.
 */
export function billingJobHandlers(opts: { appUrl?: string; onAutopay: AutopayCheck }): JobHandlers {
  // The link in the families' bills (notices.ts); a test without one gets the development server's.
  // A family on automatic payments gets no bill: the payments module says which, handed in by the
  // registry (decision 044), so the ledger never reads the payments' tables.
  const notify = { appUrl: opts.appUrl ?? 'http://localhost:3000', onAutopay: opts.onAutopay };
  return jobHandler(ledgerJobs.billingDay, {
    async run(ctx, { day }) {
      const { job, db, logger } = ctx;
      const companyId = job.companyId;
      if (!companyId) throw new Error('billing.day needs a studio');
      const settings = await studioMoneySettings(db, companyId);
      const families = await familiesToBill(db, companyId, day, settings.lateFee.afterDays);
      let posted = 0;
      // One family refused (its own transaction rolled back) does not keep the studio's other families
      // from their bills: each is billed, then the day fails and is tried again (posting nothing twice)
      // before it is announced, so its listeners hear a day posted for every family.
      const failed: string[] = [];
      let firstError = '';
      for (const familyId of families) {
        try {
          posted += await db.transaction((tx) =>
            billFamily(
              { tx, companyId, familyId, today: day, by: { system: 'Billing' } },
              { settings, notify },
            ),
          );
        } catch (err) {
          failed.push(familyId);
          firstError ||= redactAddresses(describeError(err));
          logger.error(
            { companyId, day, familyId, error: redactAddresses(describeError(err)) },
            'a family’s billing failed',
          );
        }
      }
      if (posted > 0) {
        logger.info({ companyId, day, families: families.length, posted }, 'billing day posted');
        // A large studio's day grows the ledger at once: its statistics follow before the next reader
        // plans against them (decision 081). A posting is a transaction, a charge and two entries.
        await freshenAfterBulkWrite(db, {
          ledger_transactions: posted,
          ledger_charges: posted,
          ledger_entries: 2 * posted,
        }).catch((err: unknown) => logger.error({ err }, 'refreshing the statistics failed'));
      }
      if (failed.length > 0)
        throw new Error(
          `${failed.length} of ${families.length} families could not be billed on ${day} (the first: ${firstError})`,
        );
      // The day posted, for its listeners (the automatic card payments, modules/payments/job-handlers.ts),
      // their jobs due at the day's own hour, not the clock's: under `npm run jobs -- --until` the clock
      // reads the end of the last day, and the day's jobs would run after every later billing day
      // (issue 31.12).
      await announce(ctx, db, ledgerEvents.dayPosted, {
        key: `${companyId}:${day}`,
        companyId,
        runAt: instantAt(day, BILLING_HOUR, job.timeZone),
        payload: { day },
      });
      await scheduleBillingDay(db, companyId, nextBillingDay(day), job.timeZone);
    },
  });
}
