import {
  BACKUP_CONSENT_VERSION,
  type BackupMethod,
  backupConsentText,
  backupMessages,
  dateInZone,
  formatDateOnly,
  type SaveBackupInput,
} from '@pirouette/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies } from '../../db/schema/companies';
import { paymentCards } from '../../db/schema/payments';
import { AppError, conflict, unprocessable } from '../../http/errors';
import { findFamily, ownFamily } from '../../kernel/family-scope';
import { posterName } from '../ledger';
import { chargeAfterNewMethod } from './autopay-new-method';
import { cardAddedPlace } from './card-limits';
import {
  type CardDeps,
  type CardRow,
  disableQuietly,
  familyCard,
  instrumentOfToken,
  liveMethod,
  presentCard,
  studioDay,
} from './cards.service';
import { cardRefusal, merchantOrRefuse } from './merchant';

/**
 * The family's backup method (issue 37 item 5, decision 071): a second card on file, charged only when
 * the first method fails hard (decision 070's recovery reads it with `liveMethod(…, 'backup')`), with
 * the family's consent for it (the words, their version and when, on the row). One live backup a family:
 * a new one replaces it (the old one disabled at the processor after commit). A backup is never the
 * first method's card (same instrument or fingerprint). A bank account is refused as a backup for now:
 * its debit authorization (decision 067) is not asked for here.
 */

type Day = { today: string; zone: string };

function presentBackup(row: CardRow, day: Day): BackupMethod {
  return {
    ...presentCard(row, day),
    consentVersion: row.backupConsentVersion ?? BACKUP_CONSENT_VERSION,
    consentOn: formatDateOnly(dateInZone(row.backupConsentAt ?? row.addedAt, day.zone)),
  };
}

async function studioNameOf(db: Db, companyId: string): Promise<string> {
  const [row] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId));
  return row?.name || 'the studio';
}

/** The backup of a family, as shown: a card (a bank backup is not saved here). */
async function backupOf(db: Db, companyId: string, familyId: string, day: Day) {
  const row = await liveMethod(db, companyId, familyId, 'backup');
  return row && row.kind === 'card' ? presentBackup(row, day) : null;
}

/** GET finix/customer/paymentInstrument/backup. */
export async function backupOnFile(deps: CardDeps) {
  const { db, actor, provider, clock } = deps;
  const familyId = ownFamily(actor);
  const day = await studioDay(db, actor.companyId, clock);
  const primary = await liveMethod(db, actor.companyId, familyId, 'primary');
  return {
    backup: await backupOf(db, actor.companyId, familyId, day),
    hasPrimary: primary !== null,
    consentText: backupConsentText(await studioNameOf(db, actor.companyId)),
    consentVersion: BACKUP_CONSENT_VERSION,
    tokenizer: provider.browser,
    takesCards: (await cardRefusal(deps, actor.companyId)) === null,
  };
}

/** Marks the family's live backup removed (by whom): its instrument, or null when it had none. */
async function retireBackup(tx: Db, companyId: string, familyId: string, by: ReturnType<typeof posterName>) {
  const [row] = await tx
    .update(paymentCards)
    .set({ removedAt: sql`now()`, removedByName: by })
    .where(
      and(
        eq(paymentCards.companyId, companyId),
        eq(paymentCards.familyId, familyId),
        eq(paymentCards.rank, 'backup'),
        isNull(paymentCards.removedAt),
      ),
    )
    .returning({ instrumentId: paymentCards.instrumentId });
  return row ?? null;
}

/**
 * POST finix/customer/paymentInstrument/backup: the processor makes an instrument of the token; with the
 * consent ticked (its version the current one), it becomes the family's backup, an old backup retired.
 */
export async function saveBackup(deps: CardDeps, input: SaveBackupInput) {
  const { db, provider, actor } = deps;
  const familyId = ownFamily(actor);
  if (input.consentVersion !== BACKUP_CONSENT_VERSION)
    throw conflict(backupMessages.consentChanged, 'terms_changed');
  await merchantOrRefuse(deps, actor.companyId);
  if (!(await liveMethod(db, actor.companyId, familyId, 'primary')))
    throw unprocessable(backupMessages.primaryFirst, 'no_card');
  await cardAddedPlace(deps, actor.companyId, familyId);
  const { instrument, buyerId } = await instrumentOfToken(deps, familyId, input.token);
  const refuse = async (message: string): Promise<never> => {
    await disableQuietly(provider, instrument.id);
    throw unprocessable(message);
  };
  if (instrument.type !== 'PAYMENT_CARD') await refuse(backupMessages.cardsOnly);
  const consentText = backupConsentText(await studioNameOf(db, actor.companyId));
  const by = posterName({ userId: actor.userId });
  const outcome = await db.transaction(async (tx) => {
    await findFamily(tx, actor.companyId, familyId, { lock: true });
    const primary = await liveMethod(tx, actor.companyId, familyId, 'primary');
    if (!primary) return { refused: backupMessages.primaryFirst } as const;
    if (
      primary.instrumentId === instrument.id ||
      (primary.fingerprint !== null && primary.fingerprint === instrument.fingerprint)
    )
      return { refused: backupMessages.sameAsPrimary } as const;
    const old = await retireBackup(tx, actor.companyId, familyId, by);
    await tx.insert(paymentCards).values({
      companyId: actor.companyId,
      familyId,
      provider: provider.name,
      kind: 'card',
      rank: 'backup',
      instrumentId: instrument.id,
      buyerId,
      brand: instrument.brand,
      last4: instrument.last4,
      expMonth: instrument.expMonth,
      expYear: instrument.expYear,
      cardType: instrument.cardType,
      name: instrument.name,
      fingerprint: instrument.fingerprint,
      addedBy: actor.userId,
      addedByName: by,
      backupConsentText: consentText,
      backupConsentVersion: BACKUP_CONSENT_VERSION,
      backupConsentAt: sql`now()`,
    });
    return { old } as const;
  });
  if (outcome.refused) return refuse(outcome.refused);
  const old = outcome.old;
  if (old && old.instrumentId !== instrument.id) await disableQuietly(provider, old.instrumentId);
  // A failed automatic charge still unpaid is tried again at once by the backup when the first method can
  // no longer be charged (decision 070); a first method only declined keeps its own schedule.
  if ((await liveMethod(db, actor.companyId, familyId))?.unusableAt)
    await chargeAfterNewMethod(deps, actor.companyId, familyId);
  return {
    ...(await backupOnFile(deps)),
    msg: old ? backupMessages.replaced : backupMessages.saved,
  };
}

/** DELETE finix/customer/paymentInstrument/backup: the backup retired, disabled at the processor after. */
export async function removeBackup(deps: CardDeps): Promise<{ msg: string }> {
  const { db, provider, actor } = deps;
  const familyId = ownFamily(actor);
  const old = await db.transaction(async (tx) => {
    await findFamily(tx, actor.companyId, familyId, { lock: true });
    return retireBackup(tx, actor.companyId, familyId, posterName({ userId: actor.userId }));
  });
  if (!old) throw new AppError('not_found', backupMessages.noBackup, 'no_card');
  await disableQuietly(provider, old.instrumentId);
  return { msg: backupMessages.removed };
}

/** GET mystudio/account/{id}/card with the family's backup beside its card (the owner's view). */
export async function familyCardWithBackup(deps: CardDeps, familyId: string) {
  const answer = await familyCard(deps, familyId);
  const day = await studioDay(deps.db, deps.actor.companyId, deps.clock);
  return { ...answer, backup: await backupOf(deps.db, deps.actor.companyId, familyId, day) };
}
