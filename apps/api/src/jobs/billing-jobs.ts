import { isDateOnly } from '@pirouette/domain';
import {
  BILLING_HOUR,
  BILLING_JOB,
  billFamily,
  familiesToBill,
  instantAt,
  nextBillingDay,
  scheduleBillingDay,
  studioMoneySettings,
} from '../modules/ledger';
import { AUTOPAY_DAY_JOB } from '../modules/payments/autopay-planning';
import { enqueue, type JobHandlers } from './runner';

/**
 * The studio's billing day (modules/ledger/schedule.ts): bills the families with something due that
 * day, each in its own transaction under its lock, and tells them (a bill, a late fee, an overdue
 * reminder: ledger/notices.ts), then queues the next day. Run twice, it posts and sends nothing new: every
 * charge, late fee and notice has its key, and the families are picked by what is still to post or tell.
 */
export function billingJobs(opts: { appUrl?: string } = {}): JobHandlers {
  // The link in the families' bills (notices.ts); a test without one gets the development server's.
  const notify = { appUrl: opts.appUrl ?? 'http://localhost:3000' };
  return {
    [BILLING_JOB]: {
      async run({ job, db, logger }) {
        const day: unknown = (job.payload as { day?: unknown }).day;
        const companyId = job.companyId;
        if (!companyId || !isDateOnly(day)) throw new Error('billing.day needs a studio and a day');
        const settings = await studioMoneySettings(db, companyId);
        const families = await familiesToBill(db, companyId, day, settings.lateFee.afterDays);
        let posted = 0;
        for (const familyId of families) {
          posted += await db.transaction((tx) =>
            billFamily(
              { tx, companyId, familyId, today: day, by: { system: 'Billing' } },
              { settings, notify },
            ),
          );
        }
        if (posted > 0)
          logger.info({ companyId, day, families: families.length, posted }, 'billing day posted');
        // The day's automatic card payments, once its charges are posted (modules/payments/autopay.ts),
        // due at the day's own hour, not the clock's: under `npm run jobs -- --until` the clock reads the
        // end of the last day, and the day's jobs would run after every later billing day (issue 31.12).
        await enqueue(db, {
          kind: AUTOPAY_DAY_JOB,
          key: `${companyId}:${day}`,
          companyId,
          runAt: instantAt(day, BILLING_HOUR, job.timeZone),
          payload: { day },
        });
        await scheduleBillingDay(db, companyId, nextBillingDay(day), job.timeZone);
      },
    },
  };
}
