import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import { createFinixClient, type FinixClient } from './client';
import { createFinixEngine, engineTransport, type FinixEngine } from './engine';
import { dbEngineStore } from './engine-store';
import type { FinixTransport } from './transport';

export const SANDBOX_MERCHANT_ID = 'MUsandbox';
export const SANDBOX_APPLICATION_ID = 'APsandbox';
/**
 * The bearer token the sandbox's webhook calls carry: a secret of this process, since the sandbox posts
 * its events to its own server in-process (`sandbox-webhooks.ts`) and nobody outside has a reason to
 * know it. A fixed token, public in this file, let anyone post forged events that were stored (issue 31
 * item 9).
 */
export const SANDBOX_WEBHOOK_TOKEN = randomBytes(24).toString('base64url');

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
