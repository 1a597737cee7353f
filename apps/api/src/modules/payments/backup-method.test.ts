import { BACKUP_CONSENT_VERSION, backupMessages, ERROR_REASON_HEADER } from '@pirouette/domain';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTwoStudios } from '../../../test/studios-base';
import { paymentCards } from '../../db/schema/payments';
import { familyOf, ok } from '../class-registration/class-registration.fixture';
import { saveTestCard, TEST_CARDS, tokenFor } from './payments.fixture';

/**
 * The backup method (issue 37 item 5, decision 071): saved from a card token with the family's consent
 * (the words and their version kept), refused without it, never the first method's card, one live
 * backup (a new one replaces it, the old one disabled at the processor), removed; the owner sees it
 * beside the family's card, and another family or studio never does.
 */

const { t, s } = useTwoStudios();
const BACKUP = '/api/finix/customer/paymentInstrument/backup';

const methodsOf = (familyId: string) =>
  t.database.db
    .select()
    .from(paymentCards)
    .where(eq(paymentCards.familyId, familyId))
    .orderBy(paymentCards.addedAt);

const instrumentEnabled = async (id: string) => {
  const { rows } = (await t.database.db.execute(
    sql`select (body->>'enabled')::boolean as enabled from sandbox_finix_resources where id = ${id}`,
  )) as unknown as { rows: { enabled: boolean }[] };
  return rows[0]?.enabled;
};

const backupBody = async (number: string, extra: Record<string, unknown> = {}) => ({
  token: await tokenFor(t, number),
  consent: true,
  consentVersion: BACKUP_CONSENT_VERSION,
  ...extra,
});

let fam: Awaited<ReturnType<typeof familyOf>>;
let other: Awaited<ReturnType<typeof familyOf>>;
beforeAll(async () => {
  fam = await familyOf(t, s.companyA, 'backup-a@example.com', [{ firstName: 'Emma' }]);
  other = await familyOf(t, s.companyA, 'backup-b@example.com', [{ firstName: 'Lea' }]);
});

describe('the backup method', () => {
  it('needs a first method, then shows the consent words and their version', async () => {
    const before = await ok(fam.parent.get(BACKUP));
    expect(before).toMatchObject({ backup: null, hasPrimary: false, consentVersion: BACKUP_CONSENT_VERSION });
    expect(before.consentText).toContain('backup card');
    const refused = await fam.parent.post(BACKUP, await backupBody(TEST_CARDS.mastercard));
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual([false, backupMessages.primaryFirst]);
    await saveTestCard(t, fam.parent);
    expect(await ok(fam.parent.get(BACKUP))).toMatchObject({ hasPrimary: true, backup: null });
  });

  it('is refused without the consent ticked, or with words that changed, and nothing is saved', async () => {
    const unticked = await fam.parent.post(
      BACKUP,
      await backupBody(TEST_CARDS.mastercard, { consent: false }),
    );
    expect(unticked.status).toBe(400);
    expect(unticked.body).toEqual([false, backupMessages.consentNeeded]);
    const missing = await fam.parent.post(BACKUP, { token: await tokenFor(t, TEST_CARDS.mastercard) });
    expect(missing.status).toBe(400);
    const stale = await fam.parent.post(
      BACKUP,
      await backupBody(TEST_CARDS.mastercard, { consentVersion: 'backup-2020-01' }),
    );
    expect(stale.status).toBe(409);
    expect(stale.headers[ERROR_REASON_HEADER]).toBe('terms_changed');
    expect((await methodsOf(fam.id)).filter((m) => m.rank === 'backup')).toEqual([]);
  });

  it('is never the first method’s card: refused, and the instrument made of it disabled', async () => {
    const same = await fam.parent.post(BACKUP, await backupBody(TEST_CARDS.good));
    expect(same.status).toBe(422);
    expect(same.body).toEqual([false, backupMessages.sameAsPrimary]);
    // The instrument the processor made of the token is ours nowhere, and disabled.
    const { rows } = (await t.database.db.execute(
      sql`select (body->>'enabled')::boolean as enabled from sandbox_finix_resources where kind = 'instrument'
          and body->'tags'->>'family' = ${fam.id}
          and id not in (select instrument_id from payment_cards)`,
    )) as unknown as { rows: { enabled: boolean }[] };
    expect(rows).toEqual([{ enabled: false }]);
    expect((await methodsOf(fam.id)).filter((m) => m.rank === 'backup')).toEqual([]);
  });

  it('is saved with the consent words, version and time; replaced, the old one retired and disabled', async () => {
    const saved = await ok(fam.parent.post(BACKUP, await backupBody(TEST_CARDS.mastercard)));
    expect(saved).toMatchObject({
      msg: backupMessages.saved,
      backup: { last4: '4444', consentVersion: BACKUP_CONSENT_VERSION },
    });
    const [first] = (await methodsOf(fam.id)).filter((m) => m.rank === 'backup');
    expect(first).toMatchObject({
      kind: 'card',
      backupConsentVersion: BACKUP_CONSENT_VERSION,
      backupConsentText: expect.stringContaining('backup card'),
      removedAt: null,
    });
    expect(first!.backupConsentAt).toBeInstanceOf(Date);

    const replaced = await ok(fam.parent.post(BACKUP, await backupBody(TEST_CARDS.insufficient)));
    expect(replaced).toMatchObject({ msg: backupMessages.replaced, backup: { last4: '0069' } });
    const backups = (await methodsOf(fam.id)).filter((m) => m.rank === 'backup');
    expect(backups).toHaveLength(2);
    expect(backups.filter((m) => m.removedAt === null)).toHaveLength(1);
    expect(await instrumentEnabled(first!.instrumentId)).toBe(false);
  });

  it('is seen by the studio’s owner beside the card, never by another studio or family', async () => {
    const seen = await ok(s.a.get(`/api/mystudio/account/${fam.id}/card`));
    expect(seen).toMatchObject({ card: { last4: '0006' }, backup: { last4: '0069' } });
    const none = await ok(s.a.get(`/api/mystudio/account/${other.id}/card`));
    expect(none).toMatchObject({ card: null, backup: null });
    expect((await s.b.get(`/api/mystudio/account/${fam.id}/card`)).status).toBe(404);
    expect(await ok(other.parent.get(BACKUP))).toMatchObject({ backup: null, hasPrimary: false });
    // Another family's parent removes nothing of this family's.
    expect((await other.parent.delete(BACKUP)).status).toBe(404);
    expect((await methodsOf(fam.id)).filter((m) => m.rank === 'backup' && !m.removedAt)).toHaveLength(1);
  });

  it('stays the backup when the first card is removed, then is removed itself, once', async () => {
    await ok(fam.parent.delete('/api/finix/customer/paymentInstrument/default'));
    expect(await ok(fam.parent.get(BACKUP))).toMatchObject({ hasPrimary: false, backup: { last4: '0069' } });
    const live = await t.database.db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.familyId, fam.id), sql`${paymentCards.removedAt} is null`));
    expect(live.map((m) => m.rank)).toEqual(['backup']);

    const removed = await ok(fam.parent.delete(BACKUP));
    expect(removed).toEqual({ msg: backupMessages.removed });
    expect(await instrumentEnabled(live[0]!.instrumentId)).toBe(false);
    const again = await fam.parent.delete(BACKUP);
    expect(again.status).toBe(404);
    expect(again.body).toEqual([false, backupMessages.noBackup]);
    expect(await ok(fam.parent.get(BACKUP))).toMatchObject({ backup: null });
  });
});
