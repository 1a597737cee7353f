import { type CardOnFile, cardCalls, cardMessages } from '@pirouette/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { FAMILY_ID } from '../../accounts/test/accounts-fixtures';
import { callsTo, cardsApi, visa } from '../test/card-fixtures';
import { FamilyCardLine } from './family-card-line';

const CARD = `/api/mystudio/account/${FAMILY_ID}/card`;

function api(cards: (CardOnFile | null)[]) {
  let reads = 0;
  return cardsApi((key) => {
    if (key === `GET ${CARD}`)
      return answer(cardCalls.familyCard, { card: cards[Math.min(reads++, cards.length - 1)]! });
    if (key === `DELETE ${CARD}`)
      return answer(cardCalls.removeFamilyCard, { msg: cardMessages.cardRemoved });
    return undefined;
  });
}

const render = () => renderWithProviders(<FamilyCardLine accountId={FAMILY_ID} />);

describe('FamilyCardLine', () => {
  it('says when the family has no card', async () => {
    api([null]);
    render();
    expect((await screen.findByTestId('family-card-none')).textContent).toBe('No card on file');
  });

  it('shows the card with its expiry, flagged when it expires soon', async () => {
    api([visa({ expiry: 'soon', expMonth: 12, expYear: 2026 })]);
    render();
    const line = await screen.findByTestId('family-card');
    expect(within(line).getByText('Visa •••• 0006')).toBeTruthy();
    expect(within(line).getByText('exp. 12/2026')).toBeTruthy();
    expect(within(line).getByTestId('card-expiry-badge').textContent).toBe('Expires soon');
  });

  it('removes the card after the owner confirms', async () => {
    const user = userEvent.setup();
    const { calls } = api([visa({ expiry: 'expired' }), null]);
    render();
    expect(within(await screen.findByTestId('family-card')).getByText('Expired')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Visa •••• 0006' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the card?' });
    expect(within(dialog).getByText(/the family's card on file/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove card' }));
    expect(await screen.findByText(cardMessages.cardRemoved)).toBeTruthy();
    expect(callsTo(calls, `DELETE ${CARD}`)).toHaveLength(1);
    expect(await screen.findByTestId('family-card-none')).toBeTruthy();
  });
});
