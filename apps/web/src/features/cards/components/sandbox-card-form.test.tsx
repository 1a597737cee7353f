import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { cardSentences } from '../lib/card-input';
import { cardsApi, TOKEN_URL, tokenAnswer, tokenRefusal, typeCard } from '../test/card-fixtures';
import { SandboxCardForm } from './sandbox-card-form';

const field = (label: string) => screen.getByLabelText(label);

function render(onToken = vi.fn(async () => undefined)) {
  renderWithProviders(
    <SandboxCardForm tokenUrl={TOKEN_URL} submitLabel="Save card" onToken={onToken} onCancel={vi.fn()} />,
  );
  return onToken;
}

describe('SandboxCardForm', () => {
  it('writes the number in groups of four and the expiry as MM/YY while they are typed', async () => {
    const user = userEvent.setup();
    cardsApi(() => undefined);
    render();
    await user.type(field('Card number'), '489514223');
    expect((field('Card number') as HTMLInputElement).value).toBe('4895 1422 3');
    await user.type(field('Card number'), '2120006999999999');
    // Nineteen digits at most.
    expect((field('Card number') as HTMLInputElement).value).toBe('4895 1422 3212 0006 999');
    await user.type(field('Expiry'), '1230');
    expect((field('Expiry') as HTMLInputElement).value).toBe('12/30');
    await user.type(field('CVC'), '12a34');
    expect((field('CVC') as HTMLInputElement).value).toBe('1234');
  });

  it('says what is missing in sentences and sends nothing', async () => {
    const user = userEvent.setup();
    const { tokenBodies } = cardsApi(() => undefined);
    const onToken = render();
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    for (const sentence of [
      cardSentences.numberMissing,
      cardSentences.expiryMissing,
      cardSentences.cvc,
      cardSentences.name,
      cardSentences.zip,
    ])
      expect(screen.getByText(sentence)).toBeTruthy();
    expect(tokenBodies).toHaveLength(0);
    expect(onToken).not.toHaveBeenCalled();
  });

  it('refuses a number with a typing mistake and an expired card, then clears the sentence as it is fixed', async () => {
    const user = userEvent.setup();
    const { tokenBodies } = cardsApi(() => undefined);
    render();
    await typeCard(user, field, '4895142232120007');
    await user.clear(field('Expiry'));
    await user.type(field('Expiry'), '0120');
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect(screen.getByText(cardSentences.numberInvalid)).toBeTruthy();
    expect(screen.getByText(cardSentences.expired)).toBeTruthy();
    expect(tokenBodies).toHaveLength(0);
    // Once tried, the checks follow the typing.
    await user.type(field('Card number'), '{backspace}6');
    expect(screen.queryByText(cardSentences.numberInvalid)).toBeNull();
    expect(screen.getByText(cardSentences.expired)).toBeTruthy();
  });

  it('posts the card to the sandbox processor and hands on only the token', async () => {
    const user = userEvent.setup();
    const { tokenBodies, calls } = cardsApi(
      () => undefined,
      () => tokenAnswer('TKgood'),
    );
    const onToken = render();
    await typeCard(user, field);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledWith('TKgood'));
    expect(tokenBodies).toEqual([
      {
        number: '4895142232120006',
        expMonth: 12,
        expYear: 2030,
        cvv: '123',
        name: 'Priya Patel',
        postalCode: '10001',
      },
    ]);
    // Same origin, as the API client posts: JSON, with the session's cookie.
    const post = calls.find((c) => c.url === TOKEN_URL)!;
    expect(post.init?.method).toBe('POST');
    expect(post.init?.credentials).toBe('same-origin');
    expect(new Headers(post.init!.headers).get('Content-Type')).toBe('application/json');
    // Nothing of the card went to the API.
    expect(calls.filter((c) => c.url.startsWith('/api/'))).toHaveLength(0);
  });

  it("shows the processor's refusal of the card, and what saving the token refused", async () => {
    const user = userEvent.setup();
    let refuse = true;
    cardsApi(
      () => undefined,
      () => (refuse ? tokenRefusal('The card number is not valid.') : tokenAnswer()),
    );
    const onToken = vi.fn(async () => {
      throw Object.assign(new Error('The card could not be read: please enter it again.'), { status: 422 });
    });
    render(onToken);
    await typeCard(user, field);
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    expect((await screen.findByTestId('card-form-error')).textContent).toBe('The card number is not valid.');
    expect(onToken).not.toHaveBeenCalled();
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(onToken).toHaveBeenCalledOnce());
  });

  it('fills the number from the sandbox test cards', async () => {
    const user = userEvent.setup();
    cardsApi(() => undefined);
    render();
    expect(screen.getByText('Sandbox — no real money moves')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Test cards' }));
    await user.click(
      await screen.findByRole('button', {
        name: 'Use the test card 4000 0000 0000 0069 (insufficient funds)',
      }),
    );
    expect((field('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0069');
    expect(screen.getByText(/\$1\.02 is declined, \$1\.93 has insufficient funds/)).toBeTruthy();
  });
});
