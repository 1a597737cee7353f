import {
  type Actor,
  type CardRefusal,
  can,
  cardMessages,
  type MerchantAnswer,
  type MerchantInput,
  merchantMessages,
  merchantStateMessage,
} from '@pirouette/domain';
import { and, eq, exists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { type MerchantState, studioMerchants } from '../../db/schema/payments';
import { AppError, conflict, forbidden, unprocessable } from '../../http/errors';
import { enqueueJob } from '../../jobs/define';
import type { Clock } from '../../lib/clock';
import { paymentJobs } from './jobs';
import { type Merchant, type PaymentProvider, ProviderError } from './provider';

/**
 * The studio's merchant account (issue 34 item 1, decision 049). Each studio is paid into its own
 * merchant at the processor: an Identity (its business, owner and bank account) with a Merchant under
 * it, whose state moves provisioning → approved or rejected, as the processor says (its webhook, or the
 * job that asks). Every sale names the studio's approved merchant (`approvedMerchant`); a studio without
 * one takes no card. The bank account's numbers go to the processor and are never kept.
 */

export type MerchantRow = typeof studioMerchants.$inferSelect;

type PaymentsDeps = { db: Db; provider: PaymentProvider; clock: Clock };
type MerchantDeps = PaymentsDeps & { actor: Actor };

/**
 * A submission that has no merchant id this long after it was claimed never finished (the process
 * stopped between the processor's answer and our write): it may be sent again, and the page says so.
 */
const ABANDONED_AFTER_MS = 10 * 60_000;

/** Claimed for onboarding, never given its merchant, and long enough ago that nobody is still at it. */
const abandoned = (row: MerchantRow, now: Date) =>
  row.state === 'provisioning' &&
  row.merchantId === null &&
  now.getTime() - row.updatedAt.getTime() > ABANDONED_AFTER_MS;

/** How long after a submission still under review the processor is first asked again. */
const FIRST_CHECK_MS = 15 * 60_000;
/** A review is asked after for about two days (the runner's back-off reaches an hour between tries). */
const CHECK_TRIES = 50;

/**
 * The merchant a studio's card money goes to: its own, approved, at the processor in use; null when it
 * has none (then it takes no card: `noMerchant`).
 */
export async function approvedMerchant(db: Db, companyId: string, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ merchantId: studioMerchants.merchantId })
    .from(studioMerchants)
    .where(
      and(
        eq(studioMerchants.companyId, companyId),
        eq(studioMerchants.provider, provider),
        eq(studioMerchants.state, 'approved'),
      ),
    );
  return row?.merchantId ?? null;
}

/** `exists` of the studio's approved merchant, for a statement of conditions (the setup checklist). */
export function merchantApproved(db: Db, companyId: string) {
  return exists(
    db
      .select({ one: sql`1` })
      .from(studioMerchants)
      .where(and(eq(studioMerchants.companyId, companyId), eq(studioMerchants.state, 'approved'))),
  );
}

/** Why the studio cannot take a card now, or null when it can (decided by code, decision 045). */
export async function cardRefusal(deps: PaymentsDeps, companyId: string): Promise<CardRefusal | null> {
  return (await approvedMerchant(deps.db, companyId, deps.provider.name)) ? null : 'noMerchant';
}

/** The sentence a family is told for a refusal: the studio takes payment by other means for now. */
export async function refusalSentence(db: Db, companyId: string, _refusal: CardRefusal): Promise<string> {
  const [studio] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return merchantMessages.noCards(studio?.name ?? 'The studio');
}

/** The studio's approved merchant, or the refusal in plain words (422) for a card payment or card save. */
export async function merchantOrRefuse(deps: PaymentsDeps, companyId: string): Promise<string> {
  const merchantId = await approvedMerchant(deps.db, companyId, deps.provider.name);
  if (merchantId) return merchantId;
  throw unprocessable(await refusalSentence(deps.db, companyId, 'noMerchant'));
}

async function rowOf(db: Db, companyId: string): Promise<MerchantRow | null> {
  const [row] = await db.select().from(studioMerchants).where(eq(studioMerchants.companyId, companyId));
  return row ?? null;
}

/** The page's answer from the row (none when the studio has none of this processor). */
function present(row: MerchantRow | null, provider: string, now: Date): MerchantAnswer {
  if (row && row.provider === provider && abandoned(row, now)) {
    return {
      state: 'none',
      reasons: [merchantMessages.unfinished],
      summary: null,
      merchantId: null,
      updatedAt: row.updatedAt.toISOString(),
      msg: merchantStateMessage('none'),
    };
  }
  if (!row || row.provider !== provider) {
    return {
      state: 'none',
      reasons: [],
      summary: null,
      merchantId: null,
      updatedAt: null,
      msg: merchantStateMessage('none'),
    };
  }
  const s = row.summary;
  return {
    state: row.state,
    reasons: row.reasons,
    summary: s.legalName
      ? {
          legalName: s.legalName,
          doingBusinessAs: s.doingBusinessAs ?? s.legalName,
          owner: s.owner ?? '',
          bankAccount: s.bankAccount ?? '',
        }
      : null,
    merchantId: row.merchantId,
    updatedAt: row.updatedAt.toISOString(),
    msg: merchantStateMessage(row.state),
  };
}

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** GET api/mystudio/payments/merchant. */
export async function merchantOf(deps: MerchantDeps): Promise<MerchantAnswer> {
  requireOwner(deps.actor);
  return present(await rowOf(deps.db, deps.actor.companyId), deps.provider.name, deps.clock.now());
}

const stateOf = (m: Merchant): MerchantState =>
  m.state === 'APPROVED' ? 'approved' : m.state === 'REJECTED' ? 'rejected' : 'provisioning';

/** The processor's refusal of an onboarding call, in the product's voice. */
function onboardingFailure(error: unknown): never {
  if (error instanceof ProviderError) {
    if (error.kind === 'unavailable') throw new AppError('unavailable', cardMessages.processorDown);
    if (error.kind === 'config') throw new AppError('unavailable', cardMessages.notConfigured);
    throw unprocessable(cardMessages.processorRefused(error.message));
  }
  throw error;
}

/**
 * Takes the studio's place in onboarding: refused while the processor reviews an earlier submission or
 * once approved; a rejected (or never sent) one is marked under way, so a second submission at the same
 * time is refused. Answers the row as it was, to put back should the processor refuse.
 */
async function claimOnboarding(deps: MerchantDeps, input: MerchantInput) {
  const { db, actor, provider } = deps;
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(studioMerchants)
      .where(eq(studioMerchants.companyId, actor.companyId))
      .for('update');
    if (before?.provider === provider.name && before.state === 'approved')
      throw conflict(merchantMessages.alreadyApproved);
    if (
      before?.provider === provider.name &&
      before.state === 'provisioning' &&
      !abandoned(before, deps.clock.now())
    )
      throw conflict(merchantMessages.underReview);
    const summary = {
      legalName: input.business.legalName,
      doingBusinessAs: input.business.doingBusinessAs,
      owner: `${input.owner.firstName} ${input.owner.lastName}`,
      bankAccount: `Account ending ${input.bank.accountNumber.slice(-4)}`,
    };
    const values = {
      provider: provider.name,
      identityId: null,
      merchantId: null,
      onboardingFormId: null,
      state: 'provisioning' as const,
      reasons: [],
      summary,
      submittedBy: actor.userId,
      updatedAt: deps.clock.now(),
    };
    await tx
      .insert(studioMerchants)
      .values({ companyId: actor.companyId, ...values })
      .onConflictDoUpdate({ target: studioMerchants.companyId, set: values });
    return before ?? null;
  });
}

/** Puts the row back as it was before a submission the processor refused. */
async function restore(db: Db, companyId: string, before: MerchantRow | null) {
  if (!before) {
    await db.delete(studioMerchants).where(eq(studioMerchants.companyId, companyId));
    return;
  }
  const { companyId: _id, ...rest } = before;
  await db.update(studioMerchants).set(rest).where(eq(studioMerchants.companyId, companyId));
}

/**
 * POST api/mystudio/payments/merchant: the business's identity, its bank account and its merchant at
 * the processor, in that order; the row keeps the ids and the state the processor answered, and a
 * merchant under review is asked after by a job. The routing and account numbers are only sent.
 */
export async function submitMerchant(deps: MerchantDeps, input: MerchantInput): Promise<MerchantAnswer> {
  requireOwner(deps.actor);
  const { db, provider, actor } = deps;
  const before = await claimOnboarding(deps, input);
  const tags = { studio: actor.companyId };
  let merchant: Merchant;
  let bankLast4: string;
  let identityId: string;
  try {
    identityId = (
      await provider.merchants.createBusiness({
        business: { ...input.business, url: input.business.url || null },
        owner: input.owner,
        tags,
      })
    ).id;
    const bank = await provider.merchants.addBankAccount({
      identityId,
      name: input.bank.accountName,
      routingNumber: input.bank.routingNumber,
      accountNumber: input.bank.accountNumber,
      accountType: input.bank.accountType,
      tags,
    });
    bankLast4 = bank.last4;
    merchant = await provider.merchants.createMerchant(identityId, tags);
  } catch (error) {
    await restore(db, actor.companyId, before);
    onboardingFailure(error);
  }
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(studioMerchants)
      .set({
        identityId,
        merchantId: merchant.id,
        state: stateOf(merchant),
        reasons: merchant.reasons,
        summary: {
          legalName: input.business.legalName,
          doingBusinessAs: input.business.doingBusinessAs,
          owner: `${input.owner.firstName} ${input.owner.lastName}`,
          bankAccount: `Account ending ${bankLast4 || input.bank.accountNumber.slice(-4)}`,
        },
        updatedAt: deps.clock.now(),
      })
      .where(eq(studioMerchants.companyId, actor.companyId))
      .returning();
    if (updated!.state === 'provisioning') await queueCheck(tx, deps.clock, actor.companyId, merchant.id);
    return updated!;
  });
  return { ...present(row, provider.name, deps.clock.now()), msg: merchantMessages.submitted };
}

/** The job that asks the processor about a merchant under review, keyed by the merchant. */
async function queueCheck(tx: Db, clock: Clock, companyId: string, merchantId: string) {
  await enqueueJob(tx, paymentJobs.merchantCheck, {
    key: merchantId,
    companyId,
    runAt: new Date(clock.now().getTime() + FIRST_CHECK_MS),
    maxAttempts: CHECK_TRIES,
    payload: { merchantId },
  });
}

/**
 * The studio's merchant as the processor holds it now (the webhook's and the job's step): a state only
 * moves forward, from provisioning to approved or rejected, once. Answers the state after, or null when
 * the merchant is no studio's (another application's, an old one replaced by a resubmission).
 */
export async function refreshMerchant(deps: PaymentsDeps, merchantId: string): Promise<MerchantState | null> {
  const { db, provider } = deps;
  const where = and(eq(studioMerchants.provider, provider.name), eq(studioMerchants.merchantId, merchantId));
  const [row] = await db.select().from(studioMerchants).where(where);
  if (!row) return null;
  if (row.state !== 'provisioning') return row.state;
  const merchant = await provider.merchants.getMerchant(merchantId);
  const next = stateOf(merchant);
  if (next === 'provisioning') return next;
  const [moved] = await db
    .update(studioMerchants)
    .set({ state: next, reasons: merchant.reasons, updatedAt: deps.clock.now() })
    .where(and(where, eq(studioMerchants.state, 'provisioning')))
    .returning({ state: studioMerchants.state });
  return moved?.state ?? (await rowOf(db, row.companyId))?.state ?? null;
}
