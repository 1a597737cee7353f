import {
  AUTOPAY_TERMS_VERSION,
  type AutopayAnswer,
  autopayCalls,
  autopayMessages,
  autopayTermsText,
  cardCalls,
} from '@pirouette/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeyOf } from '../../../lib/call';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { autopayOn, familyAutopay, TERMS } from '../test/autopay-fixtures';
import { AutopayCard } from './autopay-card';

const AUTOPAY = '/api/finix/customer/autopay';
const OFF_TEXT = 'You pay your balance yourself, when you are ready.';

/**
 * The family's auto-pay as the server keeps it: turning it on needs the current authorization's
 * version (a stale one is a 409), turning it off withdraws it.
 */
function autopayApi(
  first: AutopayAnswer,
  options: { termsChangeOnce?: { version: string; text: string } } = {},
) {
  let current = first;
  let change = options.termsChangeOnce;
  const bodies: unknown[] = [];
  let reads = 0;
  const mock = mockApi((url, init) => {
    if (url !== AUTOPAY) return undefined;
    if ((init?.method ?? 'GET') === 'GET') {
      reads += 1;
      return answer(autopayCalls.familyAutopay, current);
    }
    const body = JSON.parse(String(init?.body)) as { on: boolean; termsVersion?: string };
    bodies.push(body);
    if (body.on) {
      if (change) {
        // The authorization was reworded since the page was read.
        current = { ...current, terms: change };
        change = undefined;
        return [409, [false, autopayMessages.termsChanged]];
      }
      if (body.termsVersion !== current.terms?.version) return [409, [false, autopayMessages.termsChanged]];
      current = autopayOn({ terms: current.terms });
      return answer(autopayCalls.setFamilyAutopay, { ...current, msg: autopayMessages.on });
    }
    current = familyAutopay({ terms: current.terms });
    return answer(autopayCalls.setFamilyAutopay, { ...current, msg: autopayMessages.off });
  });
  return { ...mock, bodies, reads: () => reads };
}

const theSwitch = () => screen.getByRole('switch', { name: 'Automatic payments' }) as HTMLInputElement;

describe('AutopayCard', () => {
  it('turns on once the parent reads the authorization and agrees, sending the version read', async () => {
    const user = userEvent.setup();
    const api = autopayApi(familyAutopay());
    renderWithProviders(<AutopayCard />);
    await screen.findByText(OFF_TEXT);
    expect(theSwitch().checked).toBe(false);
    await user.click(theSwitch());

    const dialog = await screen.findByRole('dialog', { name: 'Turn on automatic payments' });
    expect(within(dialog).getByTestId('autopay-terms').textContent).toBe(TERMS.text);
    expect(api.bodies).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'I authorize' }));

    expect(await screen.findByText(autopayMessages.on)).toBeTruthy();
    expect(api.bodies).toEqual([{ on: true, termsVersion: AUTOPAY_TERMS_VERSION }]);
    await waitFor(() => expect(theSwitch().checked).toBe(true));
    expect(screen.getByTestId('autopay-next').textContent).toBe(
      'Next charge: Dec 1, 2026, $159.50 as your balance stands today.',
    );
    expect(screen.getByTestId('autopay-consent').textContent).toBe(
      'Authorized on Nov 2, 2026 by Priya Patel',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancelling the authorization leaves it off', async () => {
    const user = userEvent.setup();
    const api = autopayApi(familyAutopay());
    renderWithProviders(<AutopayCard />);
    await screen.findByText(OFF_TEXT);
    await user.click(theSwitch());
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(theSwitch().checked).toBe(false);
    expect(api.bodies).toEqual([]);
  });

  it('when the authorization changed, reads it again and asks the parent to read it before agreeing', async () => {
    const user = userEvent.setup();
    const reworded = {
      version: 'autopay-2027-01',
      text: autopayTermsText('Demo Dance Academy', 'Visa •••• 0006').replace(
        'I authorize',
        'I, the parent, authorize',
      ),
    };
    const api = autopayApi(familyAutopay(), { termsChangeOnce: reworded });
    renderWithProviders(<AutopayCard />);
    await screen.findByText(OFF_TEXT);
    await user.click(theSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Turn on automatic payments' });
    await user.click(within(dialog).getByRole('button', { name: 'I authorize' }));

    expect((await within(dialog).findByTestId('consent-notice')).textContent).toBe(
      autopayMessages.termsChanged,
    );
    await waitFor(() => expect(within(dialog).getByTestId('autopay-terms').textContent).toBe(reworded.text));
    expect(api.reads()).toBe(2);
    expect(theSwitch().checked).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'I authorize' }));
    expect(await screen.findByText(autopayMessages.on)).toBeTruthy();
    expect(api.bodies).toEqual([
      { on: true, termsVersion: AUTOPAY_TERMS_VERSION },
      { on: true, termsVersion: 'autopay-2027-01' },
    ]);
  });

  it('asks before turning off, and turns off only when confirmed', async () => {
    const user = userEvent.setup();
    const api = autopayApi(autopayOn());
    renderWithProviders(<AutopayCard />);
    await screen.findByTestId('autopay-next');
    expect(theSwitch().checked).toBe(true);

    await user.click(theSwitch());
    await user.click(await screen.findByRole('button', { name: 'Keep them on' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.bodies).toEqual([]);
    expect(theSwitch().checked).toBe(true);

    await user.click(theSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Turn off automatic payments?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(autopayMessages.off)).toBeTruthy();
    expect(api.bodies).toEqual([{ on: false }]);
    await waitFor(() => expect(theSwitch().checked).toBe(false));
    expect(screen.queryByTestId('autopay-next')).toBeNull();
  });

  it('without a card cannot be turned on, and says to add a card first', async () => {
    const user = userEvent.setup();
    const api = autopayApi(familyAutopay({ terms: null }));
    renderWithProviders(<AutopayCard />);
    expect(await screen.findByText(/^Add a card first/)).toBeTruthy();
    expect(theSwitch().disabled).toBe(true);
    await user.click(theSwitch());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.bodies).toEqual([]);
  });

  it('says when the studio paused it, keeping the consent shown', async () => {
    autopayApi(autopayOn({ paused: true, pausedFor: 'studio' }));
    renderWithProviders(<AutopayCard />);
    expect(
      within(await screen.findByTestId('autopay-paused')).getByText('Paused by the studio'),
    ).toBeTruthy();
    expect(screen.queryByTestId('autopay-next')).toBeNull();
    expect(screen.getByTestId('autopay-consent').textContent).toBe(
      'Authorized on Nov 2, 2026 by Priya Patel',
    );
    expect(theSwitch().checked).toBe(true);
  });

  it('says when a disputed card payment paused it', async () => {
    autopayApi(autopayOn({ paused: true, pausedFor: 'dispute' }));
    renderWithProviders(<AutopayCard />);
    const alert = await screen.findByTestId('autopay-paused');
    expect(within(alert).getByText('Paused after a disputed payment')).toBeTruthy();
    expect(alert.textContent).toContain('A card payment was disputed with your bank');
    expect(screen.queryByTestId('autopay-next')).toBeNull();
  });

  it('shows that no charge is coming when nothing is due', async () => {
    autopayApi(autopayOn({ next: null }));
    renderWithProviders(<AutopayCard />);
    expect((await screen.findByTestId('autopay-next')).textContent).toBe(
      'No charge is coming up: nothing is due yet.',
    );
  });

  it('is read again when the card on file changes (the authorization names it; removing it turns auto-pay off)', async () => {
    const api = autopayApi(autopayOn());
    const { client } = renderWithProviders(<AutopayCard />);
    await screen.findByTestId('autopay-next');
    const key = queryKeyOf(cardCalls.cardOnFile);
    const tokenizer = {
      kind: 'sandbox',
      applicationId: 'APsandbox',
      tokenUrl: '/sandbox/finix/tokens',
    } as const;
    const card = {
      id: '9d0c1f2e-3b4a-4c5d-8e6f-000000000001',
      brand: 'Visa',
      last4: '0006',
      expMonth: 12,
      expYear: 2030,
      name: 'Priya Patel',
      expiry: 'ok',
      addedOn: 'Nov 2, 2026',
      addedBy: 'Priya Patel',
    } as const;
    // The payment method card read the card: nothing changed yet.
    act(() => client.setQueryData(key, { card, tokenizer }));
    await new Promise((r) => setTimeout(r, 20));
    expect(api.reads()).toBe(1);
    // The card was removed.
    act(() => client.setQueryData(key, { card: null, tokenizer }));
    await waitFor(() => expect(api.reads()).toBe(2));
  });

  it('is not shown for a studio without its merchant account: there is no card to charge (decision 049)', async () => {
    let autopayReads = 0;
    let cardReads = 0;
    mockApi((url) => {
      if (url === AUTOPAY) {
        autopayReads += 1;
        return answer(autopayCalls.familyAutopay, familyAutopay({ terms: TERMS }));
      }
      if (url === '/api/finix/customer/paymentInstrument/default') {
        cardReads += 1;
        return answer(cardCalls.cardOnFile, {
          card: null,
          tokenizer: { kind: 'sandbox', applicationId: 'APsandbox', tokenUrl: '/api/finix/sandbox/tokens' },
          takesCards: false,
          notice: 'Demo Dance Academy does not take card payments online yet.',
        });
      }
      return undefined;
    });
    renderWithProviders(<AutopayCard />);
    await waitFor(() => expect([autopayReads, cardReads]).toEqual([1, 1]));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('switch', { name: 'Automatic payments' })).toBeNull();
    expect(screen.queryByText(OFF_TEXT)).toBeNull();
  });
});
