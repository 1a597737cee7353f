import { MAIL_JOB } from '../mail/outbox';
import type { MailTransport } from '../mail/transport';
import { makeupJobHandlers } from '../modules/attendance';
import { billingJobHandlers } from '../modules/ledger';
import { onAutopay } from '../modules/payments';
import { paymentJobHandlers, returnJobHandlers } from '../modules/payments/job-handlers';
import type { PaymentProvider } from '../modules/payments/provider';
import { updaterJobHandlers } from '../modules/payments/updater-job-handlers';
import { ticketJobHandlers } from '../modules/tickets';
import { waitlistJobHandlers } from '../modules/waitlist';
import { mailDelivery } from './mail-delivery';
import type { JobHandlers } from './runner';

/**
 * The job kinds this process runs, for the server and `npm run jobs` alike, gathered from the modules
 * that declare them (decision 046: `modules/<area>/jobs.ts` declares a kind and its payload's schema,
 * `modules/<area>/job-handlers.ts` runs it). A new kind is added there, with an idempotent handler
 * (jobs/runner.ts), and its handlers here. Every listener of an event is here in every process, so an
 * event announced anywhere queues all its listeners' jobs.
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
    ...waitlistJobHandlers(opts.appUrl),
    ...billingJobHandlers({ appUrl: opts.appUrl, onAutopay }),
    ...paymentJobHandlers(opts.provider, opts.appUrl),
    ...returnJobHandlers({ provider: opts.provider, appUrl: opts.appUrl }),
    ...updaterJobHandlers(opts.provider, opts.appUrl),
    ...makeupJobHandlers(opts.appUrl),
    ...ticketJobHandlers(opts.provider, opts.appUrl),
    ...(opts.transport ? { [MAIL_JOB]: mailDelivery(opts.transport) } : {}),
  };
}

/** Why a kind that is not in this process's handlers is left queued, for the person reading. */
export function whyNotHandled(kind: string): string {
  return kind === MAIL_JOB ? 'no SMTP_URL, mail stays in the outbox' : 'no handler for this kind here';
}
