import {
  BANK_MANDATE_VERSION,
  bankCalls,
  bankMandateText,
  type CardPaymentAnswer,
  cardCalls,
  cardMessages,
  declineSentence,
  ledgerCalls,
  ledgerMessages,
} from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answer, type FakeAnswer, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { BILL_2, patelMoney } from '../../parent-money/test/money-fixtures';
import { bodiesTo, callsTo, cardsApi, onFile, tokenAnswer, typeCard, visa } from '../test/card-fixtures';
import { CheckoutModal } from './checkout-modal';

type Answer = FakeAnswer;
const MONEY = 'GET /api/parents/money';
const CARD = 'GET /api/finix/customer/paymentInstrument/default';
const SAVE = 'POST /api/finix/customer/paymentInstrument';
const PAY = `POST /api/finix/customer/transaction/authorize/${BILL_2}/payment`;
const BANK = 'GET /api/finix/customer/bankAccount';

const paid = (amount: number, state: CardPaymentAnswer['state'] = 'succeeded'): Answer =>
  answer(cardCalls.authorize, {
    msg:
      state === 'succeeded'
        ? cardMessages.paid(`$${amount.toFixed(2)}`)
        : state === 'pending'
          ? cardMessages.pending
          : cardMessages.unknown,
    state,
    amount,
    card: 'Visa •••• 0006',
    transaction: null,
  });

/**
 * The Patels owe $95.00 on bill 2 and have a Visa on file, unless told otherwise; each further answer
 * of a call is the next of its list (the last one repeats).
 */
function api({
  pay = [paid(95)],
  balances = [95],
  cards = [onFile(visa())],
  bank = null,
}: {
  pay?: Answer[];
  balances?: number[];
  cards?: ReturnType<typeof onFile>[];
  bank?: { bank: string; last4: string } | null;
} = {}) {
  const seen: Record<string, number> = {};
  const next = <T,>(key: string, list: T[]): T => {
    const n = seen[key] ?? 0;
    seen[key] = n + 1;
    return list[Math.min(n, list.length - 1)]!;
  };
  return cardsApi(
    (key) => {
      if (key === MONEY) return answer(ledgerCalls.parentMoney, patelMoney({ balance: next(key, balances) }));
      if (key === CARD) return answer(cardCalls.cardOnFile, next(key, cards));
      if (key === PAY) return next(key, pay);
      if (key === BANK)
        return answer(bankCalls.bankOnFile, {
          bank: bank && {
            id: 'b1',
            ...bank,
            accountType: 'CHECKING',
            authorizedOn: 'Nov 2, 2026',
            addedBy: 'Asha Patel',
            mandateVersion: BANK_MANDATE_VERSION,
          },
          mandate: { version: BANK_MANDATE_VERSION, text: bankMandateText('Studio') },
          tokenizer: onFile(null).tokenizer,
          takesBank: true,
          notice: null,
        });
      if (key === SAVE)
        return answer(cardCalls.saveCard, {
          ...onFile(visa({ brand: 'Mastercard', last4: '4444' })),
          msg: cardMessages.cardReplaced,
        });
      return undefined;
    },
    () => tokenAnswer(),
  );
}

function render() {
  const onClose = vi.fn();
  renderWithProviders(<CheckoutModal onClose={onClose} />);
  return onClose;
}

const dialog = () => screen.getByRole('dialog', { name: 'Pay by card' });
const field = (label: string) => within(dialog()).getByLabelText(label);

describe('CheckoutModal', () => {
  it('pays the balance by the card on file and shows the receipt', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    const onClose = render();
    expect((await screen.findByTestId('checkout-amount')).textContent).toBe('$95.00');
    expect(within(dialog()).getByTestId('card-label').textContent).toBe('Visa •••• 0006');
    await user.click(screen.getByRole('button', { name: 'Pay $95.00' }));

    const done = await screen.findByTestId('checkout-succeeded');
    expect(within(done).getByText('Payment received')).toBeTruthy();
    expect(within(done).getByText(cardMessages.paid('$95.00'))).toBeTruthy();
    const [body] = bodiesTo(calls, PAY);
    expect(body).toEqual({ balance: 95, items: [], requestId: expect.any(String) });
    expect(String(body!.requestId)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    // The family's money is read again: the balance card shows the payment.
    await waitFor(() => expect(callsTo(calls, MONEY).length).toBe(2));
    const receipt = within(done).getByRole('link', { name: 'View receipt / statement' });
    expect(receipt.getAttribute('href')).toBe('/accounts/parents/statement');
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('pays by the bank account on file, with no fee, and says it is on its way', async () => {
    const user = userEvent.setup();
    const { calls } = api({
      cards: [onFile(null)],
      bank: { bank: 'Bank account', last4: '6789' },
      pay: [paid(95, 'pending')],
    });
    render();
    const bankDialog = await screen.findByRole('dialog', { name: 'Pay by bank account' });
    expect(within(bankDialog).getByTestId('checkout-bank').textContent).toContain('Bank account •••• 6789');
    expect(within(bankDialog).getByTestId('checkout-bank').textContent).toContain('no fee');
    await user.click(within(bankDialog).getByRole('button', { name: 'Pay $95.00' }));
    await screen.findByTestId('checkout-pending');
    // The method on file is charged: no token, no surcharge.
    expect(bodiesTo(calls, PAY)).toEqual([{ balance: 95, items: [], requestId: expect.any(String) }]);
  });

  it('says a decline in red and stays open; another card then pays this payment only, as a new attempt', async () => {
    const user = userEvent.setup();
    const declined = declineSentence('INSUFFICIENT_FUNDS');
    const { calls } = api({ pay: [[402, [false, declined]], paid(95)] });
    const onClose = render();
    await user.click(await screen.findByRole('button', { name: 'Pay $95.00' }));

    const problem = await screen.findByTestId('checkout-problem');
    expect(within(problem).getByText(declined)).toBeTruthy();
    expect(within(problem).getByText(/Nothing was charged/)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();

    await user.click(within(dialog()).getByRole('button', { name: 'Use another card' }));
    const keep = within(dialog()).getByRole('checkbox', { name: /Save this card/ }) as HTMLInputElement;
    // Not in place of the card on file without asking (decision 038).
    expect(keep.checked).toBe(false);
    expect(within(dialog()).getByText(/replaces Visa •••• 0006 on file/)).toBeTruthy();
    await typeCard(user, field, '5555555555554444');
    await user.click(within(dialog()).getByRole('button', { name: 'Pay $95.00' }));
    expect(await screen.findByTestId('checkout-succeeded')).toBeTruthy();
    // The card is never saved on its own: the payment carries its token, for this payment only.
    expect(callsTo(calls, SAVE)).toHaveLength(0);
    const [first, second] = bodiesTo(calls, PAY);
    expect(second).toEqual({
      balance: 95,
      items: [],
      requestId: expect.any(String),
      token: 'TKsandbox0001',
      saveCard: false,
    });
    expect(second!.requestId).not.toBe(first!.requestId);
  });

  it('another card declined stays in the form with the reason; ticked, it is sent to be saved', async () => {
    const user = userEvent.setup();
    const declined = declineSentence('INSUFFICIENT_FUNDS');
    const { calls } = api({ pay: [[402, [false, declined]], paid(95)] });
    render();
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Use another card' }),
    );
    await user.click(within(dialog()).getByRole('checkbox', { name: /Save this card/ }));
    await typeCard(user, field, '4000000000000069');
    await user.click(within(dialog()).getByRole('button', { name: 'Pay $95.00' }));
    expect((await within(dialog()).findByTestId('card-form-error')).textContent).toContain(declined);
    expect(bodiesTo(calls, PAY)[0]).toMatchObject({ token: 'TKsandbox0001', saveCard: true });
    expect(callsTo(calls, SAVE)).toHaveLength(0);
    // Tried again (another token), it is a new attempt.
    await user.click(within(dialog()).getByRole('button', { name: 'Pay $95.00' }));
    expect(await screen.findByTestId('checkout-succeeded')).toBeTruthy();
    const [first, second] = bodiesTo(calls, PAY);
    expect(second!.requestId).not.toBe(first!.requestId);
  });

  it('reads the balance again when it changed, shows the new amount and pays that', async () => {
    const user = userEvent.setup();
    const changed = ledgerMessages.balanceChanged('$120.00');
    const { calls } = api({ pay: [[409, [false, changed]], paid(120)], balances: [95, 120] });
    render();
    await user.click(await screen.findByRole('button', { name: 'Pay $95.00' }));

    expect((await screen.findByTestId('checkout-problem')).textContent).toContain(changed);
    await waitFor(() => expect(screen.getByTestId('checkout-amount').textContent).toBe('$120.00'));
    await user.click(screen.getByRole('button', { name: 'Pay $120.00' }));
    expect(await screen.findByTestId('checkout-succeeded')).toBeTruthy();
    const [first, second] = bodiesTo(calls, PAY);
    expect(first!.balance).toBe(95);
    expect(second!.balance).toBe(120);
    // Nothing was attempted the first time: the same checkout goes on under its request id.
    expect(second!.requestId).toBe(first!.requestId);
  });

  it('sends one request for a double click, and a retry after an outage under the same request id', async () => {
    const user = userEvent.setup();
    const { calls, spy } = api({ pay: [[503, [false, cardMessages.processorDown]], paid(95)] });
    // The processor takes its time: the second click lands while the first is out.
    const answerNow = spy.getMockImplementation()!;
    spy.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/payment')) await new Promise((r) => setTimeout(r, 150));
      return answerNow(input, init);
    });
    render();
    await user.dblClick(await screen.findByRole('button', { name: 'Pay $95.00' }));
    expect(await screen.findByText(cardMessages.processorDown)).toBeTruthy();
    expect(callsTo(calls, PAY)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Pay $95.00' }));
    expect(await screen.findByTestId('checkout-succeeded')).toBeTruthy();
    const bodies = bodiesTo(calls, PAY);
    expect(bodies).toHaveLength(2);
    expect(new Set(bodies.map((b) => b.requestId)).size).toBe(1);
  });

  it('tells a payment under way by its code, whatever its wording: the amount is not read again', async () => {
    const user = userEvent.setup();
    const underWay = 'Another payment is on its way (any wording: the code decides).';
    const { calls } = api({ pay: [refusal(409, underWay, 'card_in_flight')] });
    render();
    await user.click(await screen.findByRole('button', { name: 'Pay $95.00' }));
    const problem = await screen.findByTestId('checkout-problem');
    expect(problem.textContent).toContain(underWay);
    expect(problem.textContent).not.toContain('Check the new amount');
    expect(callsTo(calls, MONEY)).toHaveLength(1);
  });

  it('asks for a card when the server says by its code that none is on file', async () => {
    const user = userEvent.setup();
    api({ pay: [refusal(422, cardMessages.noCard, 'no_card')] });
    render();
    await user.click(await screen.findByRole('button', { name: 'Pay $95.00' }));
    expect(await within(dialog()).findByLabelText('Card number')).toBeTruthy();
    expect(within(dialog()).getByText(cardMessages.noCard)).toBeTruthy();
  });

  it('says calmly that a payment is being processed', async () => {
    const user = userEvent.setup();
    api({ pay: [paid(95, 'unknown')] });
    render();
    await user.click(await screen.findByRole('button', { name: 'Pay $95.00' }));
    const view = await screen.findByTestId('checkout-unknown');
    expect(within(view).getByText('Payment on its way')).toBeTruthy();
    expect(within(view).getByText(cardMessages.unknown)).toBeTruthy();
  });

  it('asks for a card first when none is on file', async () => {
    const user = userEvent.setup();
    const { calls } = api({ cards: [onFile(null), onFile(visa())] });
    render();
    expect(await within(await screen.findByRole('dialog')).findByLabelText('Card number')).toBeTruthy();
    expect(screen.getByTestId('checkout-amount').textContent).toBe('$95.00');
    // Without a card on file, the card typed is kept once it paid, unless the parent unticks it.
    expect(
      (within(dialog()).getByRole('checkbox', { name: /Save this card/ }) as HTMLInputElement).checked,
    ).toBe(true);
    await typeCard(user, field);
    await user.click(within(dialog()).getByRole('button', { name: 'Pay $95.00' }));
    expect(await screen.findByTestId('checkout-succeeded')).toBeTruthy();
    expect(callsTo(calls, SAVE)).toHaveLength(0);
    expect(bodiesTo(calls, PAY)[0]).toMatchObject({ token: 'TKsandbox0001', saveCard: true });
  });

  it('will not charge an expired card: it asks for another', async () => {
    api({ cards: [onFile(visa({ expiry: 'expired', expYear: 2026, expMonth: 10 }))] });
    render();
    const pay = await screen.findByRole('button', { name: 'Pay $95.00' });
    expect(pay.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('This card has expired: use another card to pay.')).toBeTruthy();
  });
});
