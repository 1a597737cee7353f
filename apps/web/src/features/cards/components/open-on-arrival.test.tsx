import { cardCalls, ledgerCalls } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { MoneyCard } from '../../parent-money/components/money-card';
import { patelBills, patelMoney } from '../../parent-money/test/money-fixtures';
import { FAMILY_ID } from '../../parents/portal/portal-fixtures';
import { cardsApi, onFile, visa } from '../test/card-fixtures';
import { PaymentMethodCard } from './payment-method-card';

/**
 * The declined automatic payment's mail opens the portal in one tap (decision 070): `?pay=now` opens the
 * balance's checkout, `?method=new` the card form, on arrival; the word is then taken off the address.
 */

function api(balance: number) {
  cardsApi((key) => {
    if (key === 'GET /api/parents/money') return answer(ledgerCalls.parentMoney, patelMoney({ balance }));
    if (key.startsWith(`GET /api/transactions/list/${FAMILY_ID}/parent`))
      return answer(ledgerCalls.familyList, patelBills);
    if (key === 'GET /api/finix/customer/paymentInstrument/default')
      return answer(cardCalls.cardOnFile, onFile(visa()));
    return undefined;
  });
}

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

describe('a link that opens a dialog on arrival', () => {
  it('?pay=now opens the checkout of the balance, once, and leaves the address', async () => {
    api(95);
    renderWithProviders(
      <>
        <MoneyCard studioName="Demo Dance Academy" today="2026-11-21" />
        <Address />
      </>,
      '/accounts/parents?pay=now',
    );
    expect(await screen.findByRole('dialog', { name: 'Pay by card' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/accounts/parents'));
  });

  it('?method=new opens the card form', async () => {
    api(0);
    renderWithProviders(
      <>
        <PaymentMethodCard studioName="Demo Dance Academy" />
        <Address />
      </>,
      '/accounts/parents?method=new',
    );
    expect(await screen.findByRole('dialog', { name: 'Replace your card' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('/accounts/parents'));
  });

  it('opens nothing without the word', async () => {
    api(95);
    renderWithProviders(
      <MoneyCard studioName="Demo Dance Academy" today="2026-11-21" />,
      '/accounts/parents',
    );
    await screen.findByRole('button', { name: 'Pay now' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
