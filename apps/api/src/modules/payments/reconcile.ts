import { eq, sql } from 'drizzle-orm';
import { type AttemptState, paymentAttempts } from '../../db/schema/payments';
import { moveForward, NO_RECORD, type PaymentsDeps, reconcileSale } from './attempts';
import { ProviderError } from './provider';
import { settleRefund } from './refunds';

/** How long a processor without any record of a refund is believed (as for a sale). */
const NO_RECORD_AFTER_MS = 10 * 60_000;

/**
 * The reconciler's job for one attempt (decision 028), a sale or a refund: done when it is settled;
 * otherwise it looks the transfer up by its id or the attempt's idempotency id and books what it finds;
 * while nothing is known it throws, to be run again by the runner's backoff. It never moves money.
 */
export async function reconcileAttempt(deps: PaymentsDeps, attemptId: string): Promise<AttemptState> {
  const [attempt] = await deps.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  if (!attempt) return 'failed';
  if (attempt.kind === 'sale') return reconcileSale(deps, attempt);
  if (attempt.state === 'succeeded' || attempt.state === 'failed') return attempt.state;
  let transfer = null;
  try {
    transfer = attempt.transferId
      ? await deps.provider.getTransfer(attempt.transferId)
      : await deps.provider.findTransfer(attempt.id);
  } catch (error) {
    if (!(error instanceof ProviderError && error.kind === 'unavailable')) throw error;
  }
  if (transfer) {
    const settled = await settleRefund(deps, attempt.id, transfer);
    if (settled.state === 'succeeded' || settled.state === 'failed') return settled.state;
  } else if (
    deps.clock.now().getTime() - attempt.createdAt.getTime() >= NO_RECORD_AFTER_MS &&
    attempt.lookups >= 1
  ) {
    await moveForward(deps.db, attempt.id, {
      state: 'failed',
      failureCode: NO_RECORD,
      failureMessage: 'The card processor has no record of this refund: nothing was sent back.',
    });
    return 'failed';
  }
  await moveForward(deps.db, attempt.id, { lookups: sql`${paymentAttempts.lookups} + 1` });
  throw new Error(`card refund ${attempt.id} not settled yet: looked up again later`);
}
