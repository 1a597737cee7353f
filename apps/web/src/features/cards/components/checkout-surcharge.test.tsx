import { cardCalls, cardMessages, ledgerCalls, SURCHARGE_TEXT } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, type FakeAnswer, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { BILL_2, patelMoney } from '../../parent-money/test/money-fixtures';
import { bodiesTo, cardsApi, onFile, tokenAnswer, typeCard, visa } from '../test/card-fixtures';
import { CheckoutModal } from './checkout-modal';

const MONEY = 'GET /api/parents/money';
const CARD = 'GET /api/finix/customer/paymentInstrument/default';
const PAY = `POST /api/finix/customer/transaction/authorize/${BILL_2}/payment`;

const paid = (amount: number): FakeAnswer =>
  answer(cardCalls.authorize, {
    msg: cardMessages.paid(`$${amount.toFixed(2)}`),
    state: 'succeeded',
    amount,
    card: 'Visa •••• 0006',
    transaction: null,
  });

/** The Patels owe $95.00; the studio surcharges credit cards 2.9 %: $2.76 on $95.00 (2.755, half up). */
function api(credit: boolean, pay: FakeAnswer[], card = visa()) {
  let n = 0;
  return cardsApi(
    (key) => {
      if (key === MONEY) return answer(ledgerCalls.parentMoney, patelMoney({ balance: 95 }));
      if (key === CARD)
        return answer(cardCalls.cardOnFile, {
          ...onFile(card),
          surcharge: { bps: 290, onFileCredit: credit },
        });
      if (key === PAY) return pay[Math.min(n++, pay.length - 1)];
      return undefined;
    },
    () => tokenAnswer(),
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Pay by card' });
const field = (label: string) => within(dialog()).getByLabelText(label);

describe('the card surcharge at checkout', () => {
  it('shows a credit card’s surcharge and total before paying, and sends what it showed', async () => {
    const user = userEvent.setup();
    const { calls } = api(true, [paid(97.76)]);
    renderWithProviders(<CheckoutModal onClose={vi.fn()} />);
    expect((await screen.findByTestId('checkout-surcharge')).textContent).toBe(
      'Card surcharge (2.9 %): $2.76 · Total $97.76',
    );
    await user.click(screen.getByRole('button', { name: 'Pay $97.76' }));
    expect(await screen.findByTestId('checkout-succeeded')).toBeTruthy();
    expect(bodiesTo(calls, PAY)[0]).toMatchObject({ balance: 95, surcharge: 2.76 });
  });

  it('says no fee for a card on file that is not credit, and sends none', async () => {
    const user = userEvent.setup();
    const { calls } = api(false, [paid(95)]);
    renderWithProviders(<CheckoutModal onClose={vi.fn()} />);
    expect((await screen.findByTestId('checkout-surcharge')).textContent).toMatch(/^No fee/);
    await user.click(screen.getByRole('button', { name: 'Pay $95.00' }));
    expect(await screen.findByTestId('checkout-succeeded')).toBeTruthy();
    expect(bodiesTo(calls, PAY)[0]).not.toHaveProperty('surcharge');
  });

  it('a typed card found credit: the refusal is shown, the total becomes the surcharged one, then it pays', async () => {
    const user = userEvent.setup();
    const changed = SURCHARGE_TEXT.changed('$2.76', '$97.76', '2.9 %');
    const { calls } = api(false, [refusal(409, changed, 'surcharge_changed'), paid(97.76)]);
    renderWithProviders(<CheckoutModal onClose={vi.fn()} />);
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Use another card' }),
    );
    expect(within(dialog()).getByTestId('checkout-surcharge').textContent).toMatch(
      /^Credit cards add a 2.9 %/,
    );
    await typeCard(user, field, '5555555555554444');
    await user.click(within(dialog()).getByRole('button', { name: 'Pay $95.00' }));
    expect((await within(dialog()).findByTestId('card-form-error')).textContent).toContain(changed);
    expect(within(dialog()).getByTestId('checkout-surcharge').textContent).toBe(
      'Card surcharge (2.9 %): $2.76 · Total $97.76',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Pay $97.76' }));
    expect(await screen.findByTestId('checkout-succeeded')).toBeTruthy();
    const [first, second] = bodiesTo(calls, PAY);
    expect(first).not.toHaveProperty('surcharge');
    expect(second).toMatchObject({ balance: 95, surcharge: 2.76, token: 'TKsandbox0001' });
  });
});
