import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { createFinixEngine, type FinixEngine } from './engine';
import { dbEngineStore } from './engine-store';

/**
 * The sandbox card processor (decisions 028, 046): a stand-in for Finix that runs in this process, for
 * a fresh `npm start`, the demo and the tests. It is not the product: the product's payments module
 * talks to it through the same Finix client as to Finix, and only the provider's wiring
 * (modules/payments/providers.ts) and tests import this folder (apps/api/test/layers.ts).
 */

export const SANDBOX_MERCHANT_ID = 'MUsandbox';
export const SANDBOX_APPLICATION_ID = 'APsandbox';
/**
 * The bearer token the sandbox's webhook calls carry: a secret of this process, since the sandbox posts
 * its events to its own server in-process (`webhooks.ts`) and nobody outside has a reason to know it. A
 * fixed token, public in this file, let anyone post forged events that were stored (issue 31 item 9).
 */
export const SANDBOX_WEBHOOK_TOKEN = randomBytes(24).toString('base64url');

/** Where the sandbox's stand-in card form posts a card: the simulated processor's, not the API's. */
export const SANDBOX_TOKEN_PATH = '/sandbox/finix/tokens';

/**
 * The simulated processor of the sandbox, which keeps its records in `sandbox_finix_resources` of the
 * database given (never a transaction), so what it did survives our restarts as a remote processor's
 * records would. Make one a process: it takes its requests one at a time. Call it outside our
 * transactions, as any processor: on PGlite, whose one connection a transaction holds, a call from
 * inside one would wait for it forever.
 */
export function createSandboxEngine(opts: { db: Db; clock?: Clock; baseUrl: string }): FinixEngine {
  return createFinixEngine({
    store: dbEngineStore(opts.db),
    clock: opts.clock,
    merchantId: SANDBOX_MERCHANT_ID,
    applicationId: SANDBOX_APPLICATION_ID,
    baseUrl: opts.baseUrl,
  });
}
