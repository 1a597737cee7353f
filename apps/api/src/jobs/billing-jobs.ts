import { isDateOnly } from '@pirouette/domain';
import {
  BILLING_JOB,
  billFamily,
  familiesToBill,
  nextBillingDay,
  scheduleBillingDay,
  studioMoneySettings,
} from '../modules/ledger';
import { AUTOPAY_DAY_JOB } from '../modules/payments/autopay';
import { enqueue, type JobHandlers } from './runner';

/**
 * The studio's billing day (modules/ledger/schedule.ts): bills the families with something due that
 * day, each in its own transaction under its lock, then queues the next day. Run twice, it posts nothing
 * new: every charge and late fee has its key, and the families are picked by what is still to post.
 */
export function billingJobs(): JobHandlers {
  return {
    [BILLING_JOB]: {
      async run({ job, db, clock, logger }) {
        const day: unknown = (job.payload as { day?: unknown }).day;
        const companyId = job.companyId;
        if (!companyId || !isDateOnly(day)) throw new Error('billing.day needs a studio and a day');
        const settings = await studioMoneySettings(db, companyId);
        const families = await familiesToBill(db, companyId, day, settings.lateFee.afterDays);
        let posted = 0;
        for (const familyId of families) {
          posted += await db.transaction((tx) =>
            billFamily({ tx, companyId, familyId, today: day, by: { system: 'Billing' } }, { settings }),
          );
        }
        if (posted > 0)
          logger.info({ companyId, day, families: families.length, posted }, 'billing day posted');
        // The day's automatic card payments, once its charges are posted (modules/payments/autopay.ts).
        await enqueue(db, {
          kind: AUTOPAY_DAY_JOB,
          key: `${companyId}:${day}`,
          companyId,
          runAt: clock.now(),
          payload: { day },
        });
        await scheduleBillingDay(db, companyId, nextBillingDay(day), job.timeZone);
      },
    },
  };
}
