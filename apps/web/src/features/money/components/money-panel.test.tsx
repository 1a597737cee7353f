import { ledgerCalls, ledgerMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { FAMILY_ID } from '../../accounts/test/accounts-fixtures';
import {
  CHECK,
  cashPayment,
  checkPayment,
  feeItem,
  hartleyMoney,
  LATE,
  lateItem,
  noCredit,
  payment,
  TX,
  transaction,
  tuitionItem,
} from '../test/money-fixtures';
import { MoneyPanel } from './money-panel';

const MONEY = `/api/mystudio/account/${FAMILY_ID}/money`;
const TODAY = '2026-11-21';

type Handler = (key: string) => [number, unknown] | undefined;

/** The Hartleys' money, and whatever `more` answers first (`METHOD url`). */
function api(more: Handler = () => undefined, money = hartleyMoney()) {
  return mockApi((url, init) => {
    const key = `${init?.method ?? 'GET'} ${url}`;
    const given = more(key);
    if (given) return given;
    if (key === `GET ${MONEY}`) return answer(ledgerCalls.familyMoney, money);
    if (key === `GET /api/transactions/${FAMILY_ID}/credit/list`)
      return answer(ledgerCalls.creditList, noCredit());
    return undefined;
  });
}

const calls = (log: { url: string; init?: RequestInit }[], key: string) =>
  log.filter((c) => `${c.init?.method ?? 'GET'} ${c.url}` === key);
const bodyOf = (log: { url: string; init?: RequestInit }[], key: string, n = 0) =>
  JSON.parse(String(calls(log, key)[n]?.init?.body));

const render = () => renderWithProviders(<MoneyPanel accountId={FAMILY_ID} today={TODAY} />);

describe('MoneyPanel', () => {
  it('shows the balance, what is overdue and the credit, then each item with its status and each payment', async () => {
    api();
    render();
    expect((await screen.findByTestId('money-balance')).textContent).toBe('$79.50');
    expect(screen.getByTestId('money-overdue').textContent).toBe('$79.50');
    expect(screen.getByTestId('money-credit').textContent).toBe('$0.00');
    expect(screen.getByRole('heading', { name: 'Transaction #2' })).toBeTruthy();

    const rows = screen.getAllByTestId('item');
    expect(rows.map((r) => within(r).getByTestId('item-status').textContent)).toEqual([
      'Paid',
      'Part paid',
      'Open',
      'Removed',
    ]);
    const tuition = screen.getByRole('row', { name: tuitionItem.item });
    expect(within(tuition).getByText('$100.00 paid · $59.50 open')).toBeTruthy();
    expect(within(tuition).getByTestId('item-overdue')).toBeTruthy();
    expect(
      within(screen.getByRole('row', { name: 'Recital costume' })).getByText(/ordered twice/),
    ).toBeTruthy();
    // A paid item is not overdue.
    expect(within(screen.getByRole('row', { name: feeItem.item })).queryByTestId('item-overdue')).toBeNull();

    const check = screen.getByRole('row', { name: /^Check #1042 of \$35\.00/ });
    expect(within(check).getByText(`${tuitionItem.item}: $35.00`)).toBeTruthy();
    expect(within(check).getByRole('button', { name: /^Return Check #1042/ })).toBeTruthy();
    // Cash cannot come back like a check.
    const cash = screen.getByRole('row', { name: /^Cash of \$100\.00/ });
    expect(within(cash).queryByRole('button', { name: /^Return/ })).toBeNull();
    expect(within(cash).getByRole('button', { name: /^Refund/ })).toBeTruthy();
  });

  it("opens an item's working: the class, the month, each discount, adding up to its total", async () => {
    const user = userEvent.setup();
    api();
    render();
    const tuition = await screen.findByRole('row', { name: tuitionItem.item });
    const toggle = within(tuition).getByRole('button', { name: 'How it adds up' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const lines = within(tuition).getAllByTestId('item-line');
    expect(lines.map((l) => l.firstChild?.textContent)).toEqual([
      'Ballet 1 (Emma), November',
      'Jazz 1 (Emma), November',
      'Each additional class: −10 %',
      'Hip Hop 1 (Noah), November',
      'Each additional child',
    ]);
    const amounts = within(tuition)
      .getAllByTestId('item-line-amount')
      .map((a) => Number(a.textContent!.replace('−', '-').replace(/[$,]/g, '')));
    expect(amounts).toEqual([65, 60, -6, 50, -9.5]);
    expect(Math.round(amounts.reduce((s, a) => s + a * 100, 0))).toBe(15950);
    expect(within(tuition).getByTestId('item-lines-total').textContent).toBe('$159.50');
  });

  it('marks credit applied CREDIT, a returned check, and what became credit', async () => {
    const credit = payment({
      id: 'b3000000-0000-4000-8000-000000000009',
      payProcID: 'credit',
      type: 'CREDIT',
      total: 20,
      refund_available: 0,
      allocations: [{ itemID: LATE, item: lateItem.item, amount: 20 }],
    });
    const returned = { ...checkPayment, status: 'returned' as const, applied: 0, allocations: [] };
    const over = { ...cashPayment, total: 110, refund_available: 110 };
    api(undefined, hartleyMoney({ current: transaction({ payments: [over, returned, credit] }) }));
    render();
    const creditRow = await screen.findByRole('row', { name: /^Credit applied of \$20\.00/ });
    expect(within(creditRow).getByText('CREDIT')).toBeTruthy();
    expect(within(creditRow).queryByRole('button')).toBeNull();
    const checkRow = screen.getByRole('row', { name: /^Check #1042/ });
    expect(within(checkRow).getByTestId('payment-returned').textContent).toBe('Returned check');
    expect(within(checkRow).queryByRole('button', { name: /^Return/ })).toBeNull();
    expect(
      within(screen.getByRole('row', { name: /^Cash of \$110\.00/ })).getByTestId('payment-credit')
        .textContent,
    ).toBe('$10.00 became credit');
  });

  it("names the bill's credit and the family's apart: what the bill turned into credit, what is left to use", async () => {
    // $20.00 paid beyond this bill became credit, and that credit was used since: none is left.
    api(
      undefined,
      hartleyMoney({ credit: 0, current: transaction({ credit_total: 20, credit_overpayment: 20 }) }),
    );
    render();
    const bill = await screen.findByTestId('transaction-credit');
    expect(bill.textContent).toBe('Turned into credit $20.00');
    expect(screen.getByText('Credit available')).toBeTruthy();
    expect(screen.getByText('none left to use')).toBeTruthy();
    expect(screen.getByTestId('money-credit').textContent).toBe('$0.00');
  });

  it('lists the history newest first, with who posted each line and the balance after it', async () => {
    const user = userEvent.setup();
    api();
    render();
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const lines = screen.getAllByTestId('history-line');
    expect(lines.map((l) => within(l).getByTestId('history-balance').textContent)).toEqual([
      '$79.50',
      '$59.50',
      '$94.50',
      '$179.50',
      '$279.50',
      '$194.50',
      '$35.00',
    ]);
    expect(lines[1]!.textContent).toContain('Check payment (1042)');
    expect(lines[1]!.textContent).toContain('Olivia Bennett');
    expect(within(lines[1]!).getByTestId('history-change').textContent).toBe('−$35.00');
    expect(within(lines[0]!).getByTestId('history-change').textContent).toBe('+$20.00');
  });

  it('records a payment: the amount starts at the balance, what is paid beyond becomes credit, sent once per opening', async () => {
    const user = userEvent.setup();
    const PAY = `POST /api/transactions/payments/${FAMILY_ID}/${TX}`;
    let attempts = 0;
    const { calls: log } = api((key) => {
      if (key !== PAY) return undefined;
      attempts += 1;
      if (attempts === 1) return [500, [false, 'The server could not be reached.']];
      return answer(ledgerCalls.recordPayments, {
        ...transaction({ balance: 0 }),
        msg: ledgerMessages.paymentRecorded,
      });
    });
    render();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    expect((amount as HTMLInputElement).value).toBe('$79.50');

    // Nothing typed: the spec's sentence, nothing sent.
    await user.clear(amount);
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(ledgerMessages.zeroPayment)).toBeTruthy();
    expect(calls(log, PAY)).toHaveLength(0);

    // $100 for $79.50 owed: the rest becomes credit, and the dialog says so.
    await user.type(amount, '100');
    expect(within(dialog).getByTestId('payment-overpayment').textContent).toContain(
      '$20.50 more than the family owes: it becomes credit for the family.',
    );

    // A check needs its number.
    await user.click(within(dialog).getByRole('radio', { name: 'Check' }));
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('Give the check number.')).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: /Check number/ }), '1043');

    // The first try fails; the second sends the same request id, so the server records it once.
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText('The server could not be reached.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText(ledgerMessages.paymentRecorded)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const first = bodyOf(log, PAY, 0);
    const second = bodyOf(log, PAY, 1);
    expect(first).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      payments: [{ type: 'check', total: 100, reference: '1043' }],
    });
    expect(second.requestId).toBe(first.requestId);
    // The panel is read again.
    await waitFor(() => expect(calls(log, `GET ${MONEY}`).length).toBeGreaterThan(1));

    // A new opening is a new payment: a new request id.
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const again = await screen.findByRole('dialog', { name: 'Record a payment' });
    await user.click(within(again).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(calls(log, PAY)).toHaveLength(3));
    expect(bodyOf(log, PAY, 2).requestId).not.toBe(first.requestId);
  });

  it('pays picked items only', async () => {
    const user = userEvent.setup();
    const PAY = `POST /api/transactions/payments/${FAMILY_ID}/${TX}`;
    const { calls: log } = api((key) =>
      key === PAY
        ? answer(ledgerCalls.recordPayments, { ...transaction(), msg: ledgerMessages.paymentRecorded })
        : undefined,
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    await user.click(within(dialog).getByRole('switch', { name: /Pay specific items/ }));
    // Nothing picked: no sum to speak of yet.
    expect(within(dialog).queryByTestId('payment-outcome')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    expect(await within(dialog).findByText(ledgerMessages.noItems)).toBeTruthy();
    await user.click(within(dialog).getByRole('checkbox', { name: /^Late fee/ }));
    expect(within(dialog).getByTestId('payment-overpayment').textContent).toContain(
      '$59.50 more than the picked items',
    );
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '20');
    expect(within(dialog).queryByTestId('payment-overpayment')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await screen.findByText(ledgerMessages.paymentRecorded);
    expect(bodyOf(log, PAY).payments).toEqual([{ type: 'cash', total: 20, reference: '', items: [LATE] }]);
  });

  it("says why nothing can be paid, in the spec's words: nothing owed, or nothing charged", async () => {
    const user = userEvent.setup();
    const paid = transaction({
      balance: 0,
      status: 1,
      items: [feeItem],
      payments: [{ ...cashPayment, total: 35, applied: 35, allocations: [cashPayment.allocations[0]!] }],
    });
    api(undefined, hartleyMoney({ balance: 0, overdue: 0, current: paid }));
    render();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    expect(within(dialog).getByTestId('payment-blocked').textContent).toContain(ledgerMessages.zeroPayment);
    expect(within(dialog).getByRole('button', { name: 'Record payment' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('says there is nothing to pay for when nothing was ever charged', async () => {
    const user = userEvent.setup();
    api(undefined, hartleyMoney({ balance: 0, overdue: 0, current: null, history: [] }));
    render();
    expect(await screen.findByText(/Nothing charged yet/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Record payment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    expect(within(dialog).getByTestId('payment-blocked').textContent).toContain(ledgerMessages.noItems);
  });

  it('adds an item: the total worked out as typed, a negative amount is a credit, every field asked for', async () => {
    const user = userEvent.setup();
    const ADD = `POST /api/transactions/item/${FAMILY_ID}`;
    const { calls: log } = api((key) =>
      key === ADD
        ? answer(ledgerCalls.addItem, { ...transaction(), msg: ledgerMessages.newItem })
        : undefined,
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await within(dialog).findByText(ledgerMessages.invalidItem)).toBeTruthy();
    expect(calls(log, ADD)).toHaveLength(0);

    await user.click(within(dialog).getByRole('textbox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Costume', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Item' }), 'Recital costume');
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    await user.type(amount, '-15');
    expect(within(dialog).getByTestId('item-total-preview').textContent).toBe('-$15.00');
    expect(within(dialog).getByText(/A credit of \$15\.00/)).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '42.5');
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(within(dialog).getByTestId('item-total-preview').textContent).toBe('$85.00');
    expect(within(dialog).queryByText(ledgerMessages.invalidItem)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Add item' }));
    expect(await screen.findByText(ledgerMessages.newItem)).toBeTruthy();
    expect(bodyOf(log, ADD)).toEqual({
      transactionID: TX,
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      item: {
        typeID: 'costume',
        item: 'Recital costume',
        amount: 42.5,
        quantity: 2,
        total: 85,
        dueDate: TODAY,
      },
    });
  });

  it('refunds from a payment: each choice says how much can go back, more is refused, a reason is needed', async () => {
    const user = userEvent.setup();
    const REFUND = `POST /api/transactions/refund/${FAMILY_ID}`;
    let refusals = 1;
    const { calls: log } = api((key) => {
      if (key !== REFUND) return undefined;
      // The server's refusal first (the money went back another way meanwhile), then the refund.
      if (refusals-- > 0) return [422, [false, ledgerMessages.refundItemTooLarge('$0.00')]];
      return answer(ledgerCalls.refund, { ...hartleyMoney(), msg: ledgerMessages.refunded });
    });
    render();
    const cash = await screen.findByRole('row', { name: /^Cash of \$100\.00/ });
    await user.click(within(cash).getByRole('button', { name: /^Refund/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    expect(within(dialog).getByTestId('refund-payment-available').textContent).toBe(
      '$100.00 of this payment can still be refunded.',
    );
    const fee = within(dialog).getByRole('radio', { name: feeItem.item });
    expect((fee as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Up to $35.00 paid on it can be refunded')).toBeTruthy();
    // The tuition is still $59.50 open: it is waived or lowered, never refunded (issue 31 item 7).
    const tuition = within(dialog).getByRole('radio', { name: tuitionItem.item });
    expect((tuition as HTMLInputElement).disabled).toBe(true);
    expect(
      within(dialog).getByText(
        '$59.50 still open: not refunded. Waive or remove it, or add a credit, to lower what is owed.',
      ),
    ).toBeTruthy();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount' });
    expect((amount as HTMLInputElement).value).toBe('$35.00');
    // What it will do, in a sentence.
    expect(within(dialog).getByTestId('refund-summary').textContent).toBe(
      `Refunds $35.00 paid on Nov 2, 2026 for ${feeItem.item}, in cash.`,
    );

    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText(ledgerMessages.refundItemTooLarge('$35.00'))).toBeTruthy();
    expect(within(dialog).getByText('Say why the money goes back.')).toBeTruthy();
    expect(calls(log, REFUND)).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(within(dialog).getByRole('textbox', { name: 'Give it back as' }));
    await user.click(await screen.findByRole('option', { name: "The family's credit", hidden: true }));
    expect(within(dialog).getByTestId('refund-summary').textContent).toBe(
      `Refunds $20.00 paid on Nov 2, 2026 for ${feeItem.item}, to the family's credit.`,
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Moved away');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    // The server's refusal, in its sentence, in the dialog.
    expect(await within(dialog).findByText(ledgerMessages.refundItemTooLarge('$0.00'))).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText(ledgerMessages.refunded)).toBeTruthy();
    expect(bodyOf(log, REFUND, 1)).toEqual({
      paymentID: cashPayment.id,
      itemID: feeItem.id,
      total: 20,
      to: 'credit',
      reason: 'Moved away',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('returns a check: the fee is the one set in the studio settings, the server says how much', async () => {
    const user = userEvent.setup();
    const BOUNCE = `POST /api/transactions/payments/${FAMILY_ID}/${CHECK}/returned`;
    const { calls: log } = api((key) =>
      key === BOUNCE
        ? answer(ledgerCalls.bounce, { ...hartleyMoney(), msg: ledgerMessages.bounced('$35.00') })
        : undefined,
    );
    render();
    await user.click(await screen.findByRole('button', { name: /^Return Check #1042/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Return the check' });
    expect(dialog.textContent).toContain('the returned-check fee set in your studio settings');
    await user.type(within(dialog).getByRole('textbox', { name: /bank's reason/ }), 'Insufficient funds');
    await user.click(within(dialog).getByRole('button', { name: 'Return check' }));
    expect(await screen.findByText(ledgerMessages.bounced('$35.00'))).toBeTruthy();
    expect(bodyOf(log, BOUNCE)).toEqual({ reason: 'Insufficient funds' });
  });

  it('e-mails the family its balance, sending the balance the owner sees', async () => {
    const user = userEvent.setup();
    const EMAIL = `POST /api/myStudio/paymentSystem/account/${FAMILY_ID}/email/balance`;
    const { calls: log } = api((key) =>
      key === EMAIL
        ? answer(ledgerCalls.balanceEmail, { msg: ledgerMessages.balanceEmailSent('Hartley') })
        : undefined,
    );
    render();
    await user.click(await screen.findByRole('button', { name: 'E-mail balance' }));
    expect(await screen.findByText(ledgerMessages.balanceEmailSent('Hartley'))).toBeTruthy();
    expect(bodyOf(log, EMAIL)).toEqual({ balance: hartleyMoney().balance });
  });

  it('waives a late fee with a reason, sent in the address', async () => {
    const user = userEvent.setup();
    const DELETE = `DELETE /api/transactions/item/${TX}/${LATE}?reason=First+time`;
    const { calls: log } = api((key) =>
      key === DELETE
        ? answer(ledgerCalls.removeItem, { ...transaction(), msg: ledgerMessages.itemDeleted })
        : undefined,
    );
    render();
    await user.click(await screen.findByRole('button', { name: `Waive ${lateItem.item}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive the late fee' });
    expect(dialog.textContent).toContain("Its $20.00 open comes off the family's balance.");
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'First time');
    await user.click(within(dialog).getByRole('button', { name: 'Waive the fee' }));
    expect(await screen.findByText(ledgerMessages.itemDeleted)).toBeTruthy();
    expect(calls(log, DELETE)).toHaveLength(1);
  });

  it('shows the server’s refusal of a removal in the dialog', async () => {
    const user = userEvent.setup();
    api((key) =>
      key.startsWith(`DELETE /api/transactions/item/${TX}/`)
        ? [409, [false, ledgerMessages.alreadyRemoved]]
        : undefined,
    );
    render();
    await user.click(await screen.findByRole('button', { name: `Remove ${tuitionItem.item}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the item' });
    expect(dialog.textContent).toContain("The $100.00 paid on it becomes the family's credit.");
    await user.click(within(dialog).getByRole('button', { name: 'Remove item' }));
    expect(await within(dialog).findByText(ledgerMessages.alreadyRemoved)).toBeTruthy();
  });

  it('pages through past transactions and opens one', async () => {
    const user = userEvent.setup();
    const summary = (n: number, id: string) => {
      const { items, payments, ...t } = transaction({ id, number: n, status: 1, balance: 0 });
      return { ...t, items: items.length, payments: payments.length };
    };
    const OLD = 'b1000000-0000-4000-8000-000000000007';
    const { calls: log } = api((key) => {
      if (key === `GET /api/transactions/list/${FAMILY_ID}/parent?page=1&pageSize=5`)
        return answer(ledgerCalls.familyList, {
          items: [summary(7, OLD), summary(6, 'b1000000-0000-4000-8000-000000000006')],
          total: 7,
          page: 1,
          pageSize: 5,
        });
      if (key === `GET /api/transactions/list/${FAMILY_ID}/parent?page=2&pageSize=5`)
        return answer(ledgerCalls.familyList, {
          items: [summary(2, TX), summary(1, 'b1000000-0000-4000-8000-000000000005')],
          total: 7,
          page: 2,
          pageSize: 5,
        });
      if (key === `GET /api/transactions/current/${OLD}`)
        return answer(ledgerCalls.byId, transaction({ id: OLD, number: 7 }));
      return undefined;
    });
    render();
    await user.click(await screen.findByRole('tab', { name: 'Past transactions' }));
    expect(await screen.findByText('1–5 of 7 transactions')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show transaction #7' }));
    expect(await screen.findByRole('heading', { name: 'Transaction #7' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Transaction #1')).toBeTruthy();
    expect(calls(log, `GET /api/transactions/current/${OLD}`)).toHaveLength(1);
  });
});
