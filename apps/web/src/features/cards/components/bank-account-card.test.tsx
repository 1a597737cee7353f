import { BANK_MANDATE_VERSION, bankCalls, bankMandateText, bankMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { bodiesTo, cardsApi } from '../test/card-fixtures';
import { BankAccountCard } from './bank-account-card';

const BANK = 'GET /api/finix/customer/bankAccount';
const SAVE = 'POST /api/finix/customer/bankAccount';
const FINIX = { kind: 'finix' as const, applicationId: 'APlive', environment: 'live' as const };

/** The live processor: Finix.js's hosted bank fields, faked here, answer a BANK_ACCOUNT token. */
function fakeFinixJs() {
  const made: string[] = [];
  const form = (kind: string) => (id: string) => {
    made.push(`${kind}:${id.startsWith('finix-card-form-')}`);
    return {
      submit: (_env: string, _app: string, done: (e: unknown, r: { data: { id: string } }) => void) =>
        done(null, { data: { id: 'TKbank' } }),
    };
  };
  window.Finix = { CardTokenForm: form('card'), BankTokenForm: form('bank') };
  return made;
}

function api() {
  const bankAnswer = {
    bank: null,
    mandate: { version: BANK_MANDATE_VERSION, text: bankMandateText('Demo Dance Academy') },
    tokenizer: FINIX,
    takesBank: true,
    notice: null,
  };
  return cardsApi((key) => {
    if (key === BANK) return answer(bankCalls.bankOnFile, bankAnswer);
    if (key === SAVE) return answer(bankCalls.saveBank, { ...bankAnswer, msg: bankMessages.saved });
    return undefined;
  });
}

afterEach(() => {
  window.Finix = undefined;
});

describe('BankAccountCard with the live processor', () => {
  it('asks for the authorization before saving the token of Finix’s bank form, then saves it accepted', async () => {
    const user = userEvent.setup();
    const made = fakeFinixJs();
    const { calls } = api();
    renderWithProviders(<BankAccountCard />);
    await user.click(await screen.findByRole('button', { name: /add a bank account/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a bank account' });
    expect(within(dialog).getByTestId('bank-mandate').textContent).toContain('Demo Dance Academy');
    await waitFor(() => expect(made).toEqual(['bank:true']));
    const save = within(dialog).getByRole('button', { name: 'Save bank account' });
    await user.click(save);
    expect(await within(dialog).findByText(bankMessages.notAccepted)).toBeTruthy();
    expect(bodiesTo(calls, SAVE)).toEqual([]);
    await user.click(within(dialog).getByLabelText('I have read and accept this debit authorization'));
    await user.click(save);
    await waitFor(() =>
      expect(bodiesTo(calls, SAVE)).toEqual([
        { token: 'TKbank', mandateVersion: BANK_MANDATE_VERSION, mandateAccepted: true },
      ]),
    );
  });
});
