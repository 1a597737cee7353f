import { BACKUP_CONSENT_VERSION, type BackupAnswer, backupCalls, backupMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { bodiesTo, callsTo, cardsApi, SANDBOX, tokenAnswer, typeCard, visa } from '../test/card-fixtures';
import { BackupMethodCard } from './backup-method-card';

const BACKUP = 'GET /api/finix/customer/paymentInstrument/backup';
const SAVE = 'POST /api/finix/customer/paymentInstrument/backup';
const REMOVE = 'DELETE /api/finix/customer/paymentInstrument/backup';
const WORDS = 'I authorize Demo Dance Academy to charge this backup card when a payment fails for good.';

const backupOf = (over: Partial<BackupAnswer> = {}): BackupAnswer => ({
  backup: null,
  hasPrimary: true,
  consentText: WORDS,
  consentVersion: BACKUP_CONSENT_VERSION,
  tokenizer: SANDBOX,
  takesCards: true,
  ...over,
});

function api(first: BackupAnswer) {
  let current = first;
  return cardsApi(
    (key) => {
      if (key === BACKUP) return answer(backupCalls.backupMethod, current);
      if (key === SAVE) {
        current = {
          ...current,
          backup: {
            ...visa({ id: 'b1', last4: '4444', brand: 'Mastercard' }),
            consentVersion: BACKUP_CONSENT_VERSION,
            consentOn: 'Nov 21, 2026',
          },
        };
        return answer(backupCalls.saveBackup, { ...current, msg: backupMessages.saved });
      }
      if (key === REMOVE) {
        current = { ...current, backup: null };
        return answer(backupCalls.removeBackup, { msg: backupMessages.removed });
      }
      return undefined;
    },
    () => tokenAnswer('TKbackup'),
  );
}

describe('BackupMethodCard', () => {
  it('asks for the first method before a backup', async () => {
    api(backupOf({ hasPrimary: false }));
    renderWithProviders(<BackupMethodCard />);
    expect(await screen.findByTestId('backup-needs-primary')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a backup card' })).toBeNull();
  });

  it('opens the card form only once the consent is ticked, and saves the token with its version', async () => {
    const user = userEvent.setup();
    const { calls } = api(backupOf());
    renderWithProviders(<BackupMethodCard />);
    expect((await screen.findByTestId('backup-consent-text')).textContent).toBe(WORDS);
    await user.click(screen.getByRole('button', { name: 'Add a backup card' }));
    expect(await screen.findByText('Tick the box to agree before adding a backup card.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'I agree to these words for my backup card' }));
    await user.click(screen.getByRole('button', { name: 'Add a backup card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a backup card' });
    await typeCard(user, (label) => within(dialog).getByLabelText(label), '5555555555554444');
    await user.click(within(dialog).getByRole('button', { name: 'Save backup card' }));
    expect(await screen.findByText(backupMessages.saved)).toBeTruthy();
    expect(bodiesTo(calls, SAVE)).toEqual([
      { token: 'TKbackup', consent: true, consentVersion: BACKUP_CONSENT_VERSION },
    ]);
    expect((await screen.findByTestId('card-label')).textContent).toBe('Mastercard •••• 4444');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a backup card' })).toBeNull());
  });

  it('removes the backup after asking', async () => {
    const user = userEvent.setup();
    const { calls } = api(
      backupOf({
        backup: { ...visa({ id: 'b1' }), consentVersion: BACKUP_CONSENT_VERSION, consentOn: 'Nov 21, 2026' },
      }),
    );
    renderWithProviders(<BackupMethodCard />);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the backup card?' });
    expect(callsTo(calls, REMOVE)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove backup' }));
    expect(await screen.findByText(backupMessages.removed)).toBeTruthy();
    expect(callsTo(calls, REMOVE)).toHaveLength(1);
  });
});
