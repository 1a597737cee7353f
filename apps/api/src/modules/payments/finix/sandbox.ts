import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { createFinixClient, type FinixClient } from './client';
import { createFinixEngine, engineTransport, type FinixEngine } from './engine';
import { dbEngineStore } from './engine-store';
import type { FinixTransport } from './transport';

export const SANDBOX_MERCHANT_ID = 'MUsandbox';
export const SANDBOX_APPLICATION_ID = 'APsandbox';
/**
 * The bearer token the sandbox's webhook calls carry. Fixed and public: the sandbox moves no real money,
 * and the product re-reads every event's resource before acting on it.
 */
export const SANDBOX_WEBHOOK_TOKEN = 'pirouette-sandbox-webhook';

/** The sandbox provider, and its simulated processor for the stand-in card form and webhook delivery. */
export type SandboxProvider = FinixClient & { readonly engine: FinixEngine };

/**
 * The card processor when no Finix account is configured: the Finix client over the in-process simulator,
 * which keeps its records in `sandbox_finix_resources` of the database given (never a transaction), so
 * what it did survives our restarts as a remote processor's records would. Make one a process: it takes
 * its requests one at a time. Call it outside our transactions, as any processor: on PGlite, whose one
 * connection a transaction holds, a call from inside one would wait for it forever.
 */
export function createSandboxProvider(opts: {
  db: Db;
  clock?: Clock;
  tokenUrl: string;
  /** Wraps the client's way to the simulator (tests put a network's faults there). */
  wrap?: (transport: FinixTransport) => FinixTransport;
}): SandboxProvider {
  const engine = createFinixEngine({
    store: dbEngineStore(opts.db),
    clock: opts.clock,
    merchantId: SANDBOX_MERCHANT_ID,
    applicationId: SANDBOX_APPLICATION_ID,
  });
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
