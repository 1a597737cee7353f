import { type CardOnFile, cardCalls, cardMessages, merchantMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { bodiesTo, callsTo, cardsApi, onFile, tokenAnswer, typeCard, visa } from '../test/card-fixtures';
import { PaymentMethodCard } from './payment-method-card';

const CARD = 'GET /api/finix/customer/paymentInstrument/default';
const SAVE = 'POST /api/finix/customer/paymentInstrument';
const REMOVE = 'DELETE /api/finix/customer/paymentInstrument/default';

/** The family's card as the server keeps it: a save puts `saved` on file, a removal takes it off. */
function api(first: CardOnFile | null, saved: CardOnFile = visa()) {
  let current = first;
  return cardsApi(
    (key) => {
      if (key === CARD) return answer(cardCalls.cardOnFile, onFile(current));
      if (key === SAVE) {
        current = saved;
        return answer(cardCalls.saveCard, { ...onFile(saved), msg: cardMessages.cardSaved });
      }
      if (key === REMOVE) {
        current = null;
        return answer(cardCalls.removeCard, { msg: cardMessages.cardRemovedAutopayOff });
      }
      return undefined;
    },
    () => tokenAnswer('TKnew'),
  );
}

const render = () => renderWithProviders(<PaymentMethodCard studioName="Demo Dance Academy" />);

describe('PaymentMethodCard', () => {
  it('with no card says so and offers to add one', async () => {
    api(null);
    render();
    const none = await screen.findByTestId('no-card');
    expect(within(none).getByText('No card on file')).toBeTruthy();
    expect(within(none).getByRole('button', { name: 'Add a card' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('for a studio without its merchant account, says how to pay instead of offering a card form', async () => {
    const notice = merchantMessages.noCards('Demo Dance Academy');
    cardsApi((key) =>
      key === CARD ? answer(cardCalls.cardOnFile, { ...onFile(null), takesCards: false, notice }) : undefined,
    );
    render();
    expect((await screen.findByTestId('no-cards-notice')).textContent).toBe(notice);
    expect(screen.queryByRole('button', { name: 'Add a card' })).toBeNull();
    expect(screen.queryByTestId('no-card')).toBeNull();
  });

  it.each([
    ['ok', null, null],
    ['soon', 'Expires soon', 'This card expires soon'],
    ['expired', 'Expired', 'This card has expired'],
  ] as const)('shows a card whose expiry is %s', async (expiry, badge, note) => {
    api(visa({ expiry }));
    render();
    expect((await screen.findByTestId('card-label')).textContent).toBe('Visa •••• 0006');
    expect(screen.getByTestId('card-expiry').textContent).toBe(
      `${expiry === 'expired' ? 'Expired' : 'Expires'} 12/2030 · Priya Patel`,
    );
    expect(screen.getByTestId('card-added').textContent).toBe('Added Nov 2, 2026 by Priya Patel');
    const shown = screen.queryByTestId('card-expiry-badge');
    if (badge === null) expect(shown).toBeNull();
    else expect(shown?.textContent).toBe(badge);
    const said = screen.queryByTestId('card-expiry-note');
    if (note === null) expect(said).toBeNull();
    else expect(said?.textContent).toContain(note);
    expect(screen.getByRole('button', { name: 'Replace card' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeTruthy();
  });

  it('adds a card: the form tokenizes it, only the token is saved, and the card is read again', async () => {
    const user = userEvent.setup();
    const { calls } = api(null);
    render();
    await user.click(await screen.findByRole('button', { name: 'Add a card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a card' });
    await typeCard(user, (label) => within(dialog).getByLabelText(label));
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));

    expect(await screen.findByText(cardMessages.cardSaved)).toBeTruthy();
    expect(bodiesTo(calls, SAVE)).toEqual([{ token: 'TKnew', requestId: expect.any(String) }]);
    expect((await screen.findByTestId('card-label')).textContent).toBe('Visa •••• 0006');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add a card' })).toBeNull());
    // Read again after the save (the form's opening may read it once more).
    expect(callsTo(calls, CARD).length).toBeGreaterThanOrEqual(2);
  });

  it('removes the card after asking', async () => {
    const user = userEvent.setup();
    const { calls } = api(visa());
    render();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the card?' });
    expect(
      within(dialog).getByText(/Visa •••• 0006 will no longer be your family's card on file/),
    ).toBeTruthy();
    expect(callsTo(calls, REMOVE)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText(cardMessages.cardRemovedAutopayOff)).toBeTruthy();
    expect(callsTo(calls, REMOVE)).toHaveLength(1);
    expect(await screen.findByTestId('no-card')).toBeTruthy();
  });
});
