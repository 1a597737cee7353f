import { backupCalls, cardCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';

/**
 * The family's backup payment method (issue 37 item 5, decision 071): read, saved with its consent,
 * removed. A change reads the backup again, and the owner's view of the family's card.
 */
const backupScope = () => scopeOf(backupCalls.backupMethod);

export const useBackupMethod = () => useCall(backupCalls.backupMethod);

export const useSaveBackup = () =>
  useCallMutation(backupCalls.saveBackup, { invalidates: [backupScope(), scopeOf(cardCalls.familyCard)] });

export const useRemoveBackup = () =>
  useCallMutation(backupCalls.removeBackup, { invalidates: [backupScope(), scopeOf(cardCalls.familyCard)] });
