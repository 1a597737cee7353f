import { familyCostumeCalls, ledgerCalls, ledgerMessages, ownerRegistrationCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { FAMILY_ID } from '../../accounts/test/accounts-fixtures';
import { AccountCostumes } from '../../costumes/family/family-costumes-card';
import { AccountTuition } from '../../family-tuition/components/account-tuition';
import { hartleyTuition } from '../../family-tuition/test/tuition-fixtures';
import { hartleyMoney, noCredit, TX, transaction } from '../test/money-fixtures';
import { MoneyPanel } from './money-panel';

/**
 * The owner's account cards after a payment (issue 31 item 6): a payment recorded on the money panel
 * changes what the family's tuition and costume cards say is paid, so they are read again, not only
 * the panel.
 */

const MONEY = `GET /api/mystudio/account/${FAMILY_ID}/money`;
const TUITION = `GET /api/mystudio/paymentSystem/account/${FAMILY_ID}`;
const COSTUMES = `GET /api/mystudio/account/${FAMILY_ID}/costumes`;
const PAY = `POST /api/transactions/payments/${FAMILY_ID}/${TX}`;

describe('the account cards after a payment', () => {
  it('reads the family tuition and costumes again once the payment is recorded', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi((url, init) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      if (key === MONEY) return answer(ledgerCalls.familyMoney, hartleyMoney());
      if (key === `GET /api/transactions/${FAMILY_ID}/credit/list`)
        return answer(ledgerCalls.creditList, noCredit());
      if (key === TUITION) return answer(ownerRegistrationCalls.tuition, hartleyTuition);
      if (key === COSTUMES)
        return answer(familyCostumeCalls.ofFamily, {
          coAcctMemID: FAMILY_ID,
          dancers: [],
          totals: {
            costumes: 0,
            price: 0,
            deposit: 0,
            depositPaid: 0,
            balance: 0,
            balancePaid: 0,
            open: 0,
            later: 0,
          },
        });
      if (key === PAY)
        return answer(ledgerCalls.recordPayments, {
          ...transaction({ balance: 0 }),
          msg: ledgerMessages.paymentRecorded,
        });
      return undefined;
    });
    const count = (key: string) => calls.filter((c) => `${c.init?.method ?? 'GET'} ${c.url}` === key).length;
    renderWithProviders(
      <>
        <MoneyPanel accountId={FAMILY_ID} today="2026-11-21" />
        <AccountTuition accountId={FAMILY_ID} />
        <AccountCostumes accountId={FAMILY_ID} />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(count(TUITION)).toBe(1));
    await waitFor(() => expect(count(COSTUMES)).toBe(1));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(ledgerMessages.paymentRecorded)).toBeTruthy();
    await waitFor(() => expect(count(TUITION)).toBe(2));
    await waitFor(() => expect(count(COSTUMES)).toBe(2));
    expect(count(MONEY)).toBe(2);
  });
});
