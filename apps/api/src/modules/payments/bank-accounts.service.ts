import {
  type Actor,
  BANK_MANDATE_VERSION,
  type BankAccountAnswer,
  type BankAccountOnFile,
  bankMandateText,
  bankMessages,
  can,
  dateInZone,
  formatDateOnly,
  type saveBankInput,
} from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { companies } from '../../db/schema/companies';
import { autopayConsents, paymentCards } from '../../db/schema/payments';
import { AppError, conflict, forbidden, unprocessable } from '../../http/errors';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import { posterName } from '../ledger';
import { chargeAfterNewMethod } from './autopay-new-method';
import { cardAddedPlace } from './card-limits';
import {
  type CardDeps,
  type CardRow,
  disableQuietly,
  instrumentOfToken,
  liveMethod,
  studioDay,
} from './cards.service';
import { cardRefusal, merchantOrRefuse, refusalSentence } from './merchant';

/**
 * The family's bank account on file (issue 37 item 1, decision 067). The browser tokenizes the account
 * with the processor's bank form (Finix.js, or the sandbox's stand-in), and only the token reaches us;
 * we keep what the processor says of it (its type, the last four), never its numbers. Saving it needs
 * the parent's debit authorization (Nacha's rule for recurring debits): its words, with the studio's
 * name, and version are the domain's (`bankMandateText`, `BANK_MANDATE_VERSION`), kept with the time
 * it was accepted. It becomes the family's primary method, replacing the card or bank account on file
 * (the old instrument disabled at the processor once we have committed), and is debited at no fee.
 */

type SaveBank = z.output<typeof saveBankInput>;

async function studioName(deps: CardDeps): Promise<string> {
  const [row] = await deps.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, deps.actor.companyId));
  return row?.name ?? 'the studio';
}

function presentBank(row: CardRow, zone: string): BankAccountOnFile {
  return {
    id: row.id,
    bank: row.brand,
    last4: row.last4,
    accountType: row.accountType === 'SAVINGS' ? 'SAVINGS' : 'CHECKING',
    authorizedOn: formatDateOnly(dateInZone(row.mandateAt ?? row.addedAt, zone)),
    addedBy: row.addedByName,
    mandateVersion: row.mandateVersion ?? BANK_MANDATE_VERSION,
  };
}

/** The family's primary method when it is a bank account, presented. */
async function liveBank(deps: CardDeps, familyId: string): Promise<BankAccountOnFile | null> {
  const method = await liveMethod(deps.db, deps.actor.companyId, familyId);
  if (method?.kind !== 'bank') return null;
  const { zone } = await studioDay(deps.db, deps.actor.companyId, deps.clock);
  return presentBank(method, zone);
}

/** GET finix/customer/bankAccount. */
export async function bankOnFile(deps: CardDeps): Promise<BankAccountAnswer> {
  const familyId = ownFamily(deps.actor);
  const refusal = await cardRefusal(deps, deps.actor.companyId);
  return {
    bank: await liveBank(deps, familyId),
    mandate: { version: BANK_MANDATE_VERSION, text: bankMandateText(await studioName(deps)) },
    tokenizer: deps.provider.browser,
    takesBank: refusal === null,
    notice: refusal ? await refusalSentence(deps.db, deps.actor.companyId, refusal) : null,
  };
}

/**
 * POST finix/customer/bankAccount: refused, with nothing written, without the authorization accepted,
 * with words the parent did not read (another version), or with a card's token.
 */
export async function saveBank(deps: CardDeps, body: SaveBank): Promise<BankAccountAnswer & { msg: string }> {
  const { db, provider, actor, clock } = deps;
  const familyId = ownFamily(actor);
  if (!body.mandateAccepted) throw unprocessable(bankMessages.notAccepted);
  if (body.mandateVersion !== BANK_MANDATE_VERSION)
    throw conflict(bankMessages.mandateChanged, 'terms_changed');
  await merchantOrRefuse(deps, actor.companyId);
  // Counted with the cards added: five methods a family in 24 hours (issue 31 item 3).
  await cardAddedPlace(deps, actor.companyId, familyId);
  const { instrument, buyerId } = await instrumentOfToken(deps, familyId, body.token, 'BANK_ACCOUNT');
  const text = bankMandateText(await studioName(deps));
  const replaced = await db.transaction(async (tx) => {
    await findFamily(tx, actor.companyId, familyId, { lock: true });
    const [old] = await tx
      .update(paymentCards)
      .set({ removedAt: sql`now()`, removedByName: posterName({ userId: actor.userId }) })
      .where(livePrimary(actor.companyId, familyId))
      .returning({ instrumentId: paymentCards.instrumentId });
    await tx.insert(paymentCards).values({
      companyId: actor.companyId,
      familyId,
      provider: provider.name,
      kind: 'bank',
      instrumentId: instrument.id,
      buyerId,
      brand: instrument.brand,
      last4: instrument.last4,
      accountType: instrument.accountType ?? 'CHECKING',
      name: instrument.name,
      fingerprint: instrument.fingerprint,
      mandateText: text,
      mandateVersion: BANK_MANDATE_VERSION,
      mandateAt: clock.now(),
      addedBy: actor.userId,
      addedByName: posterName({ userId: actor.userId }),
    });
    return old ?? null;
  });
  if (replaced && replaced.instrumentId !== instrument.id)
    await disableQuietly(provider, replaced.instrumentId);
  // A failed automatic charge still unpaid is tried again at once with it (decision 070).
  await chargeAfterNewMethod(deps, actor.companyId, familyId);
  return { ...(await bankOnFile(deps)), msg: replaced ? bankMessages.replaced : bankMessages.saved };
}

const livePrimary = (companyId: string, familyId: string) =>
  and(
    eq(paymentCards.companyId, companyId),
    eq(paymentCards.familyId, familyId),
    eq(paymentCards.rank, 'primary'),
    isNull(paymentCards.removedAt),
  );

/** DELETE finix/customer/bankAccount: automatic payments stop with it (nothing is left to debit). */
export async function removeBank(deps: CardDeps): Promise<{ msg: string }> {
  const { db, provider, actor } = deps;
  const familyId = ownFamily(actor);
  const result = await db.transaction(async (tx) => {
    await findFamily(tx, actor.companyId, familyId, { lock: true });
    const [bank] = await tx
      .update(paymentCards)
      .set({ removedAt: sql`now()`, removedByName: posterName({ userId: actor.userId }) })
      .where(and(livePrimary(actor.companyId, familyId), eq(paymentCards.kind, 'bank')))
      .returning({ instrumentId: paymentCards.instrumentId });
    if (!bank) return null;
    const withdrawn = await tx
      .update(autopayConsents)
      .set({ withdrawnAt: sql`now()`, withdrawnByName: posterName({ userId: actor.userId }) })
      .where(
        and(
          eq(autopayConsents.companyId, actor.companyId),
          eq(autopayConsents.familyId, familyId),
          isNull(autopayConsents.withdrawnAt),
        ),
      )
      .returning({ id: autopayConsents.id });
    return { instrumentId: bank.instrumentId, autopayWasOn: withdrawn.length > 0 };
  });
  if (!result) throw new AppError('not_found', bankMessages.noBank);
  await disableQuietly(provider, result.instrumentId);
  return { msg: result.autopayWasOn ? bankMessages.removedAutopayOff : bankMessages.removed };
}

function requireOwner(actor: Actor) {
  if (!can(actor, 'studio:manage')) throw forbidden();
}

/** GET mystudio/account/{id}/bank: the owner sees the bank account and when it was authorized. */
export async function familyBank(
  deps: CardDeps,
  familyId: string,
): Promise<{ bank: BankAccountOnFile | null }> {
  requireOwner(deps.actor);
  await findFamily(deps.db, deps.actor.companyId, familyId);
  return { bank: await liveBank(deps, familyId) };
}
