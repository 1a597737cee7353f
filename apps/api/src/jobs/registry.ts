import { MAIL_JOB } from '../mail/outbox';
import type { MailTransport } from '../mail/transport';
import type { PaymentProvider } from '../modules/payments/provider';
import { billingJobs } from './billing-jobs';
import { mailDelivery } from './mail-delivery';
import { paymentJobs } from './payment-jobs';
import type { JobHandlers } from './runner';
import { waitlistJobs } from './waitlist-jobs';

/**
 * The job kinds this process runs, for the server and `npm run jobs` alike. A new kind (a billing day,
 * a late fee) is added here, with an idempotent handler (jobs/runner.ts).
 *
 * Without SMTP (development) no handler delivers mail: messages stay in the outbox, readable at
 * /dev/mail, and their delivery jobs stay queued.
 */
export function jobHandlers(opts: {
  transport: MailTransport | null;
  appUrl: string;
  provider: PaymentProvider;
}): JobHandlers {
  return {
    ...waitlistJobs(opts.appUrl),
    ...billingJobs({ appUrl: opts.appUrl }),
    ...paymentJobs(opts.provider),
    ...(opts.transport ? { [MAIL_JOB]: mailDelivery(opts.transport) } : {}),
  };
}

/** Why a kind that is not in this process's handlers is left queued, for the person reading. */
export function whyNotHandled(kind: string): string {
  return kind === MAIL_JOB ? 'no SMTP_URL, mail stays in the outbox' : 'no handler for this kind here';
}
