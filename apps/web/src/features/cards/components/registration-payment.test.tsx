import { type CardOnFile, cardCalls, ledgerCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { patelMoney } from '../../parent-money/test/money-fixtures';
import { callsTo, cardsApi, onFile, visa } from '../test/card-fixtures';
import { RegistrationPayment } from './registration-payment';

function api(card: CardOnFile | null, balance: number) {
  return cardsApi((key) => {
    if (key === 'GET /api/parents/money') return answer(ledgerCalls.parentMoney, patelMoney({ balance }));
    if (key === 'GET /api/finix/customer/paymentInstrument/default')
      return answer(cardCalls.cardOnFile, onFile(card));
    return undefined;
  });
}

describe('RegistrationPayment', () => {
  it('with a card on file and a balance, opens the checkout by itself', async () => {
    api(visa(), 95);
    renderWithProviders(<RegistrationPayment />);
    const dialog = await screen.findByRole('dialog', { name: 'Pay by card' });
    expect(await within(dialog).findByRole('button', { name: 'Pay $95.00' })).toBeTruthy();
  });

  it('with no card, asks for one instead of opening the checkout', async () => {
    const { calls } = api(null, 95);
    renderWithProviders(<RegistrationPayment />);
    const panel = await screen.findByTestId('registration-payment');
    expect(
      await within(panel).findByText(
        'Add a card to pay by card: your balance of $95.00 can then be paid right here.',
      ),
    ).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Add a card to pay by card' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(callsTo(calls, 'GET /api/parents/money')).toHaveLength(1));
  });

  it('with nothing owed, opens nothing', async () => {
    api(visa(), 0);
    renderWithProviders(<RegistrationPayment />);
    expect(
      await screen.findByText(
        'Nothing is owed right now: each payment falls due as the schedule says, and Visa •••• 0006 is on file to pay it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
