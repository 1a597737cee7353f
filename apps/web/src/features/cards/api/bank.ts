import { bankCalls } from '@pirouette/domain';
import { scopeOf, useCall, useCallMutation } from '../../../lib/call';
import { cardScope } from './cards';

/** The family's bank account on file and its debit authorization (decision 067). */
export const bankScope = () => scopeOf(bankCalls.bankOnFile);

export const useBankOnFile = () => useCall(bankCalls.bankOnFile);

/** Saving or removing a bank account changes the card on file too (one primary method a family). */
export const useSaveBank = () =>
  useCallMutation(bankCalls.saveBank, { invalidates: [bankScope(), cardScope()] });

export const useRemoveBank = () =>
  useCallMutation(bankCalls.removeBank, { invalidates: [bankScope(), cardScope()] });
