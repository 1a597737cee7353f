import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { FinixEngine } from '../../sandbox/finix/engine';
import {
  createSandboxEngine,
  SANDBOX_APPLICATION_ID,
  SANDBOX_MERCHANT_ID,
  SANDBOX_TOKEN_PATH,
  SANDBOX_WEBHOOK_TOKEN,
} from '../../sandbox/finix/sandbox';
import { createFinixClient, type FinixClient } from './finix/client';
import { FINIX_SANDBOX_URL, finixConfigFromEnv } from './finix/config';
import { type FinixTransport, httpTransport } from './finix/transport';
import { type PaymentProvider, ProviderError } from './provider';

/**
 * The provider's wiring (decision 046): the only file of the server, tests aside, that imports the
 * sandbox processor (`src/sandbox/`, apps/api/test/layers.ts). What the assembly needs of the sandbox
 * (its token route, its webhook delivery) it takes from here.
 */
export { sandboxRoutes } from '../../sandbox/finix/routes';
export { startSandboxWebhooks } from '../../sandbox/finix/webhooks';
export { SANDBOX_TOKEN_PATH };
/** The simulated processor behind the sandbox provider. */
export type SandboxEngine = FinixEngine;

/**
 * The card processor of this process, and the simulated one behind it when it is the sandbox; `warning`,
 * a configuration problem to log at start.
 */
export type Payments = { provider: PaymentProvider; sandbox: SandboxEngine | null; warning?: string | null };

/** Logged at start when Finix is configured without webhook credentials (every webhook call refused). */
export const WEBHOOKS_OFF_WARNING =
  'Finix is configured without FINIX_WEBHOOK_TOKEN or FINIX_WEBHOOK_USERNAME/FINIX_WEBHOOK_PASSWORD: every ' +
  'call to /api/finix/webhooks is refused (401), and card payments are settled by the reconciler alone. ' +
  'Set the credentials the webhook at Finix sends.';

/** The client's transport straight into the engine; the engine failing (its database, say) is no answer. */
export function engineTransport(engine: SandboxEngine): FinixTransport {
  return async (req) => {
    try {
      return await engine.handle(structuredClone(req));
    } catch (error) {
      throw new ProviderError('unavailable', `The sandbox processor failed: ${(error as Error).message}`);
    }
  };
}

/** The sandbox provider, and its simulated processor for the stand-in card form and webhook delivery. */
export type SandboxProvider = FinixClient & { readonly engine: SandboxEngine };

/**
 * The card processor when no Finix account is configured: the Finix client over the in-process simulator
 * (src/sandbox/finix/sandbox.ts), which keeps its records in the database given (never a transaction).
 * Make one a process; call it outside our transactions, as any processor.
 */
export function createSandboxProvider(opts: {
  db: Db;
  clock?: Clock;
  tokenUrl: string;
  /** Wraps the client's way to the simulator (tests put a network's faults there). */
  wrap?: (transport: FinixTransport) => FinixTransport;
}): SandboxProvider {
  const engine = createSandboxEngine({ db: opts.db, clock: opts.clock, baseUrl: FINIX_SANDBOX_URL });
  const client = createFinixClient({
    transport: (opts.wrap ?? ((transport) => transport))(engineTransport(engine)),
    merchantId: SANDBOX_MERCHANT_ID,
    applicationId: SANDBOX_APPLICATION_ID,
    webhook: { kind: 'bearer', token: SANDBOX_WEBHOOK_TOKEN },
    browser: { kind: 'sandbox', applicationId: SANDBOX_APPLICATION_ID, tokenUrl: opts.tokenUrl },
    name: 'sandbox',
  });
  return { ...client, engine };
}

/**
 * The demo studio's merchant in a single-studio setup (decision 049): `FINIX_MERCHANT_ID` when Finix is
 * configured, else the sandbox processor's own merchant. Every other studio onboards its own ("Get paid").
 */
export function demoMerchant(env: Record<string, string | undefined> = process.env): {
  provider: 'finix' | 'sandbox';
  merchantId: string;
} {
  const finix = finixConfigFromEnv(env);
  return finix
    ? { provider: 'finix', merchantId: finix.merchantId }
    : { provider: 'sandbox', merchantId: SANDBOX_MERCHANT_ID };
}

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
