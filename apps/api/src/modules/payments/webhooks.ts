import { isReturnCode } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentAttempts, processorEvents } from '../../db/schema/payments';
import { AppError, unauthorized } from '../../http/errors';
import { consume, type Rule } from '../../lib/rate-limit';
import { type Attempt, type PaymentsDeps, settle } from './attempts';
import { bankReturnedLate } from './bank-debits';
import { applyDispute } from './disputes';
import { refreshMerchant } from './merchant';
import { ProviderError, type Transfer, type WebhookEvent } from './provider';
import { settleRefund } from './refunds';

/**
 * The processor's webhook (issue 17 point 6, decision 028 point 9). An event is only a hint: it is
 * stored once by its id, then the resource it names is read again from the processor and that is what
 * is booked, through the same settling as the request's and the reconciler's (keyed by the attempt, so
 * booked once whoever comes first). Events sent twice are answered as applied before; events out of
 * order come to the same books, since each applies the resource as it stands now. When the processor
 * cannot be read, or booking fails, the answer is an error and the processor sends the event again.
 */

export const webhookMessages = {
  notAuthorized: 'This webhook call does not carry the card processor’s credentials.',
  notAnEvent: 'This is not an event of the card processor.',
  unavailable: 'The card processor could not be reached to read this event’s resource: send it again later.',
  applied: 'Event applied.',
  duplicate: 'Event applied already.',
  ignored: 'Event noted: it is not about a payment of this studio.',
} as const;

type Answer = { event: string; result: 'applied' | 'duplicate' | 'ignored'; msg: string };

/** The webhook calls a client may make, authenticated or not (429 past it; Finix sends again later). */
export const webhookRule: Rule = { limit: 600, windowSeconds: 60 };

/**
 * Receives one call: counted under the caller's limit, its credentials checked before anything is
 * written (a call without them stores nothing, whatever its body), and of an authenticated event only
 * what is needed is kept (its id, type and resource), never the body as sent (issue 31 item 9).
 */
export async function receiveWebhook(
  deps: PaymentsDeps,
  call: { headers: Record<string, string | string[] | undefined>; ip: string },
  body: unknown,
): Promise<Answer> {
  const { db, provider, clock } = deps;
  await consume(db, clock, `webhook:client:${call.ip}`, webhookRule);
  if (!provider.webhookAuthorized(call.headers)) throw unauthorized(webhookMessages.notAuthorized);
  const event = provider.parseWebhook(body);
  if (!event) throw new AppError('unprocessable', webhookMessages.notAnEvent);
  const [stored] = await db
    .insert(processorEvents)
    .values({
      provider: provider.name,
      eventId: event.id,
      type: event.type,
      resourceId: event.resourceId,
      body: { id: event.id, type: event.type, resource: event.resourceId, createdAt: event.createdAt },
    })
    .onConflictDoNothing()
    .returning({ appliedAt: processorEvents.appliedAt });
  if (!stored) {
    const [earlier] = await db
      .select({ appliedAt: processorEvents.appliedAt, result: processorEvents.result })
      .from(processorEvents)
      .where(and(eq(processorEvents.provider, provider.name), eq(processorEvents.eventId, event.id)));
    // Stored before: applied then (a delivery again), or left unapplied by a delivery that failed, so
    // applied now.
    if (earlier?.appliedAt) return { event: event.id, result: 'duplicate', msg: webhookMessages.duplicate };
  }
  let result: string;
  try {
    result = await applyEvent(deps, event);
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    // A resource the processor does not know is none of ours (another environment's event, say).
    if (error.kind !== 'not_found') throw new AppError('unavailable', webhookMessages.unavailable);
    result = 'ignored';
  }
  await db
    .update(processorEvents)
    .set({ appliedAt: sql`now()`, result })
    .where(and(eq(processorEvents.provider, provider.name), eq(processorEvents.eventId, event.id)));
  return result === 'ignored'
    ? { event: event.id, result: 'ignored', msg: webhookMessages.ignored }
    : { event: event.id, result: 'applied', msg: webhookMessages.applied };
}

/**
 * Applies an event from its resource as the processor holds it now: a transfer settles its attempt (a
 * sale or a refund), a dispute is recorded and booked against its sale. Answers what was done, in a word.
 */
async function applyEvent(deps: PaymentsDeps, event: WebhookEvent): Promise<string> {
  if (!event.resourceId || event.entity === 'other') return 'ignored';
  // A studio's merchant reviewed: its state as the processor holds it now, moved forward only.
  if (event.entity === 'merchant') {
    const state = await refreshMerchant(deps, event.resourceId);
    return state ? `merchant ${state}` : 'ignored';
  }
  if (event.entity === 'transfer') {
    const transfer = await deps.provider.getTransfer(event.resourceId);
    const attempt = await attemptOf(deps.db, deps.provider.name, transfer);
    if (!attempt) return lateReturn(deps, transfer);
    if (attempt.kind === 'refund') return (await settleRefund(deps, attempt.id, transfer)).state;
    return (await settle(deps, attempt.id, transfer)).state;
  }
  const dispute = await deps.provider.getDispute(event.resourceId);
  const transfer = await deps.provider.getTransfer(dispute.transferId);
  let sale = await attemptOf(deps.db, deps.provider.name, transfer);
  if (sale?.kind !== 'sale') return 'ignored';
  // The dispute's event can come before the sale's own (Finix promises no order): the sale first.
  if (sale.state !== 'succeeded') {
    const settled = await settle(deps, sale.id, transfer);
    if (settled.state !== 'succeeded') return 'ignored';
    sale = settled.attempt;
  }
  return `dispute ${await applyDispute(deps, sale, dispute)}`;
}

/**
 * A REVERSAL the processor made itself (none of our refunds) of a bank debit of ours: the bank returned
 * it after it settled (decision 067), booked once as a return.
 */
async function lateReturn(deps: PaymentsDeps, transfer: Transfer): Promise<string> {
  if (transfer.type !== 'REVERSAL' || !transfer.parentTransferId) return 'ignored';
  const [sale] = await deps.db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.provider, deps.provider.name),
        eq(paymentAttempts.transferId, transfer.parentTransferId),
        eq(paymentAttempts.kind, 'sale'),
        eq(paymentAttempts.method, 'bank'),
      ),
    );
  if (!sale || !isReturnCode(transfer.failureCode)) return 'ignored';
  // The debit's own outcome first, should its events come after the return's (Finix promises no order).
  if (sale.state !== 'succeeded' && sale.state !== 'failed') {
    await settle(deps, sale.id, await deps.provider.getTransfer(transfer.parentTransferId));
  }
  return bankReturnedLate(deps, sale, transfer);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The attempt a transfer was made for: its idempotency id is the attempt's id (decision 028), and a
 * reversal's too. A transfer made some other way (at Finix's dashboard, another application) is none.
 */
async function attemptOf(db: Db, provider: string, transfer: Transfer): Promise<Attempt | null> {
  const id = transfer.idempotencyId ?? transfer.tags.attempt ?? null;
  if (!id || !UUID.test(id)) return null;
  const [attempt] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.provider, provider)));
  return attempt ?? null;
}
