import { COSTUME_ORDER_TEXT, type CostumeOrder, costumeOrderCalls, type OrderLine } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { OrderCart } from './order-cart';
import { ShipmentDialog } from './order-shipment-dialog';

const ORDER = '11111111-1111-4111-8111-111111111111';
const URL_OF = `/api/mystudio/costumes/v2/order/${ORDER}`;

const line = (id: string, dancer: string, price: number, size = 'CS'): OrderLine => ({
  costumeAssignedID: id,
  studentID: `s-${id}`,
  dancer,
  dncNumID: 'n1',
  danceNumber: 'Firework',
  costumeID: 'st1',
  styleNumber: 'CC-4417',
  styleName: 'Starburst Lyrical Dress',
  size,
  color: 'Red',
  price_buy: price,
  price_sell: 80,
  deposit: 20,
  removed: false,
  receivedOn: null,
});

const order = (over: Partial<CostumeOrder>): CostumeOrder => {
  const lines = over.lines ?? [line('a1', 'Emma Hartley', 52), line('a2', 'Anika Patel', 48, 'CL')];
  return {
    orderID: ORDER,
    costumeCompanyID: 'cc1',
    number: 1,
    name: 'Curtain Call Costumes — order 1',
    status: 'cart',
    subtotal: lines.reduce((s, l) => s + l.price_buy, 0),
    orderedOn: null,
    shipments: [],
    received: 0,
    missing: lines,
    ...over,
    lines,
  };
};

/** The fake server: each write's body kept; answered with `refusal` when given. */
function ordersApi(refusal?: [number, string]) {
  const sent: { url: string; body: unknown }[] = [];
  mockApi((url, init) => {
    if (!url.startsWith(URL_OF) || init?.method !== 'PUT') return undefined;
    sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : null });
    if (refusal) return [refusal[0], [false, refusal[1]]];
    if (url.endsWith('/shipment'))
      return answer(costumeOrderCalls.shipment, {
        ...order({ status: 'ordered' }),
        msg: 'Shipment received.',
      });
    if (url.endsWith('/complete'))
      return answer(costumeOrderCalls.complete, {
        ...order({ status: 'ordered' }),
        msg: COSTUME_ORDER_TEXT.completed,
      });
    return answer(costumeOrderCalls.replace, { ...order({}), msg: COSTUME_ORDER_TEXT.cartSaved });
  });
  return sent;
}

describe('OrderCart', () => {
  it("sends the cart's lines whole with a price changed, and without a line taken out", async () => {
    const sent = ordersApi();
    const user = userEvent.setup();
    renderWithProviders(
      <OrderCart cart={order({})} company="Curtain Call Costumes" narrow={false} onSheet={() => {}} />,
    );
    const price = screen.getByRole('textbox', { name: "Buy price of Anika Patel's Starburst Lyrical Dress" });
    await user.clear(price);
    await user.type(price, '39.5{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      costumeCompanyID: 'cc1',
      items: [
        { costumeAssignedID: 'a1', price_buy: 52 },
        { costumeAssignedID: 'a2', price_buy: 39.5 },
      ],
    });
    await user.click(
      screen.getByRole('button', { name: "Take Emma Hartley's Starburst Lyrical Dress out of the cart" }),
    );
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({
      costumeCompanyID: 'cc1',
      items: [{ costumeAssignedID: 'a2', price_buy: 48 }],
    });
  });

  it('places the order only once confirmed, saying the balances are posted, and shows a refusal in its words', async () => {
    const sent = ordersApi([409, COSTUME_ORDER_TEXT.alreadyCompleted]);
    const user = userEvent.setup();
    renderWithProviders(
      <OrderCart cart={order({})} company="Curtain Call Costumes" narrow={false} onSheet={() => {}} />,
    );
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Place the order' });
    expect(dialog.textContent).toContain("its price less the deposit already charged — to its family's bill");
    expect(sent).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Place order' }));
    expect(await within(dialog).findByText(COSTUME_ORDER_TEXT.alreadyCompleted)).toBeTruthy();
    expect(sent.map((s) => s.url)).toEqual([`${URL_OF}/complete`]);
  });
});

describe('ShipmentDialog', () => {
  it('ticks every missing costume to start with; one unticked stays missing, on the day chosen', async () => {
    const sent = ordersApi();
    const user = userEvent.setup();
    const placed = order({ status: 'ordered', orderedOn: '2026-11-20' });
    renderWithProviders(<ShipmentDialog order={placed} today="2026-11-24" opened onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .every((c) => (c as HTMLInputElement).checked),
    ).toBe(true);
    await user.click(within(dialog).getByRole('checkbox', { name: /Anika Patel/ }));
    const day = within(dialog).getByLabelText(/Received on/);
    await user.clear(day);
    await user.type(day, '2026-11-23');
    await user.click(within(dialog).getByRole('button', { name: 'Receive 1 costume' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: `${URL_OF}/shipment`,
      body: { receivedOn: '2026-11-23', note: '', items: ['a1'] },
    });
  });
});
