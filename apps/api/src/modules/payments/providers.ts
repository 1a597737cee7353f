import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createFinixClient } from './finix/client';
import { finixConfigFromEnv } from './finix/config';
import type { FinixEngine } from './finix/engine';
import { createSandboxProvider } from './finix/sandbox';
import { httpTransport } from './finix/transport';
import type { PaymentProvider } from './provider';

/** Where the sandbox's stand-in card form posts a card: the simulated processor's, not the API's. */
export const SANDBOX_TOKEN_PATH = '/sandbox/finix/tokens';

/**
 * The card processor of this process, and the simulated one behind it when it is the sandbox; `warning`,
 * a configuration problem to log at start.
 */
export type Payments = { provider: PaymentProvider; sandbox: FinixEngine | null; warning?: string | null };

/** Logged at start when Finix is configured without webhook credentials (every webhook call refused). */
export const WEBHOOKS_OFF_WARNING =
  'Finix is configured without FINIX_WEBHOOK_TOKEN or FINIX_WEBHOOK_USERNAME/FINIX_WEBHOOK_PASSWORD: every ' +
  'call to /api/finix/webhooks is refused (401), and card payments are settled by the reconciler alone. ' +
  'Set the credentials the webhook at Finix sends.';

/**
 * Finix when the `FINIX_*` variables say so (README), else the built-in sandbox over this database, so a
 * fresh `npm start` takes a test card end to end. Throws a sentence per missing variable when Finix is
 * half configured.
 */
export function paymentsFor(opts: {
  db: Db;
  clock: Clock;
  env?: Record<string, string | undefined>;
}): Payments {
  const finix = finixConfigFromEnv(opts.env ?? process.env);
  if (!finix) {
    const sandbox = createSandboxProvider({ db: opts.db, clock: opts.clock, tokenUrl: SANDBOX_TOKEN_PATH });
    return { provider: sandbox, sandbox: sandbox.engine, warning: null };
  }
  return {
    provider: createFinixClient({
      transport: httpTransport({ baseUrl: finix.apiUrl, username: finix.username, password: finix.password }),
      merchantId: finix.merchantId,
      applicationId: finix.applicationId,
      webhook: finix.webhook,
      browser: { kind: 'finix', applicationId: finix.applicationId, environment: finix.environment },
      name: 'finix',
    }),
    sandbox: null,
    warning: finix.webhook ? null : WEBHOOKS_OFF_WARNING,
  };
}
