import { cardCalls, cardMessages, ledgerCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { MoneyCard } from '../../parent-money/components/money-card';
import { BILL_2, patelBills, patelMoney } from '../../parent-money/test/money-fixtures';
import { FAMILY_ID } from '../../parents/portal/portal-fixtures';
import { cardsApi, onFile, visa } from '../test/card-fixtures';

/** The Patels owe $95.00 until the card pays it; then nothing. */
function api() {
  let balance = 95;
  return cardsApi((key) => {
    if (key === 'GET /api/parents/money') return answer(ledgerCalls.parentMoney, patelMoney({ balance }));
    if (key.startsWith(`GET /api/transactions/list/${FAMILY_ID}/parent`))
      return answer(ledgerCalls.familyList, patelBills);
    if (key === 'GET /api/finix/customer/paymentInstrument/default')
      return answer(cardCalls.cardOnFile, onFile(visa()));
    if (key === `POST /api/finix/customer/transaction/authorize/${BILL_2}/payment`) {
      balance = 0;
      return answer(cardCalls.authorize, {
        msg: cardMessages.paid('$95.00'),
        state: 'succeeded',
        amount: 95,
        card: 'Visa •••• 0006',
        transaction: null,
      });
    }
    return undefined;
  });
}

describe('Pay now on the balance card', () => {
  it('is offered while something is owed, and its receipt stays once the balance is paid', async () => {
    const user = userEvent.setup();
    api();
    renderWithProviders(<MoneyCard studioName="Demo Dance Academy" today="2026-11-21" />);
    await user.click(await screen.findByRole('button', { name: 'Pay now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay by card' });
    await user.click(await within(dialog).findByRole('button', { name: 'Pay $95.00' }));
    expect(await within(dialog).findByText(cardMessages.paid('$95.00'))).toBeTruthy();
    // The balance card reads $0.00 and offers no payment; the receipt is still there to read.
    await waitFor(() => expect(screen.getByTestId('money-balance').textContent).toBe('$0.00'));
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
    expect(
      within(screen.getByRole('dialog', { name: 'Pay by card' })).getByRole('link', {
        name: 'View receipt / statement',
      }),
    ).toBeTruthy();
  });
});
