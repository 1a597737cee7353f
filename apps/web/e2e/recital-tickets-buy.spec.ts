import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { OWNER, PARENT, PASSWORD, photo, signInByApi, waitForMail } from './helpers';

/**
 * Buying recital tickets (issue 38 item 4, decision 077) on a phone: the demo parent opens the portal's
 * recital tickets, picks two seats of the matinee on the seat map, holds them (the countdown), makes one
 * a child's ticket and pays by a card typed now; the tickets show with their QR codes, are mailed, and
 * one opens as the door's page. Then anyone with the recital's public link buys one seat. Every screen
 * passes axe; screenshots at 390 and 1280 wide when SHOTS asks (helpers.ts `photo`). At the end
 * the owner refunds the orders, so the demo's seats are as they were.
 */

const PHONE = { width: 390, height: 844 };

async function noBlockingAxe(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${what}: ${v.impact} ${v.id} e.g. ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(blocking, 'critical and serious findings').toEqual([]);
}

async function fillCard(page: Page, number = '4895 1422 3212 0006') {
  await page.getByRole('textbox', { name: 'Card number' }).fill(number);
  await page.getByRole('textbox', { name: 'Expiry' }).fill('08/30');
  await page.getByRole('textbox', { name: 'CVC' }).fill('123');
  await page.getByRole('textbox', { name: 'Name on card' }).fill('Priya Patel');
  await page.getByRole('textbox', { name: 'ZIP code' }).fill('07042');
}

/** A phone's browser, signed in as `email` (or not signed in). */
async function phone(browser: Browser, baseURL: string, email?: string) {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  if (email) await signInByApi(context, baseURL, email);
  return context;
}

/** The last `n` seats of the map still to be had (the back rows: clear of other journeys' seats). */
async function pickFreeSeats(page: Page, n: number) {
  const map = page.getByRole('region', { name: /seats$/ }).first();
  const free = map.locator('button[aria-pressed="false"]:not([aria-disabled])');
  await expect(free.first()).toBeVisible();
  const count = await free.count();
  expect(count).toBeGreaterThanOrEqual(n);
  const names: string[] = [];
  for (let i = count - 1; names.length < n; i--) {
    const seat = free.nth(i);
    names.push((await seat.getAttribute('aria-label')) ?? '');
    await seat.click();
  }
  return names;
}

/** The owner refunds an order whole (the seats free again, as the demo had them). */
async function refund(request: APIRequestContext, baseURL: string, orderId: string) {
  const answer = await request.post(`/api/mystudio/ticket-orders/${orderId}/refund`, {
    data: { all: true, reason: 'Journey clean-up: the demo keeps its seats' },
    headers: { origin: baseURL },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

test('a parent buys two seats on a phone and sees their QR codes; the public link buys one', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL ?? '';
  const parent = await phone(browser, base, PARENT);
  const page = await parent.newPage();

  // The portal's card for the recital, then its tickets page: the recital, its shows, the sale's state.
  await page.goto('/accounts/parents/tickets');
  await expect(page.getByRole('heading', { name: 'Recital tickets', level: 1 })).toBeVisible();
  await expect(page.getByTestId('sale-words').first()).toContainText('On sale');
  await noBlockingAxe(page, 'the family’s recital tickets');
  await photo(page, 'recitals-390', { fullPage: true });

  // The matinee's seat map: two seats picked, the choice said below the map.
  await page.getByRole('link', { name: 'Choose seats for Saturday matinee' }).click();
  await expect(page.getByRole('heading', { name: 'Saturday matinee' })).toBeVisible();
  const seats = await pickFreeSeats(page, 2);
  expect(seats.every((s) => /^Row \w+, seat \d+, .*\$\d+\.\d\d/.test(s))).toBe(true);
  await expect(page.getByTestId('seat-choice')).toContainText('2 seats chosen');
  await noBlockingAxe(page, 'the seat map');
  await photo(page, 'seat-map-390', { fullPage: true });

  // Held: the countdown, each ticket's kind, the server's prices in the total.
  await page.getByRole('button', { name: 'Hold these seats' }).click();
  await expect(page.getByTestId('hold-countdown')).toContainText(/(10|9):\d\d/);
  const before = await page.getByTestId('ticket-total').textContent();
  const second = page.getByRole('radiogroup', { name: /^Ticket for seat/ }).nth(1);
  await second.getByText('Child', { exact: true }).click();
  await expect(page.getByTestId('ticket-total')).not.toHaveText(before ?? '');
  const total = (await page.getByTestId('ticket-total').textContent()) ?? '';

  // A card typed now (the card on file may be another journey's declined one). The card on file is read
  // after the hold: wait for the choice or the card form before deciding.
  const another = page.getByRole('radio', { name: 'Another card' });
  await expect(another.or(page.getByRole('textbox', { name: 'Card number' }))).toBeVisible();
  if (await another.isVisible()) await another.check();
  await fillCard(page);
  await noBlockingAxe(page, 'the hold and the payment');
  await photo(page, 'hold-390', { fullPage: true });
  await page.getByRole('button', { name: `Pay ${total}` }).click();

  // The tickets: the sentence, a QR each, where they were mailed.
  await expect(page.getByText('Paid: 2 tickets, e-mailed to you.', { exact: false })).toBeVisible();
  await expect(page.getByTestId('ticket-qr')).toHaveCount(2);
  await noBlockingAxe(page, 'the tickets bought');
  await photo(page, 'tickets-390', { fullPage: true });
  const mail = await waitForMail(page.request, PARENT, (m) => m.subject.startsWith('Your tickets:'));
  expect(mail.text).toMatch(/\/tickets\/t\//);

  // One ticket as the door sees it: a big QR, the show, the seat, valid.
  await page.getByRole('link', { name: 'Open for the door' }).first().click();
  await expect(page.getByTestId('ticket-page')).toBeVisible();
  await expect(page.getByText('Valid: show this code at the door')).toBeVisible();
  await expect(page.getByTestId('ticket-qr')).toBeVisible();
  await noBlockingAxe(page, 'one ticket');
  await photo(page, 'ticket-390', { fullPage: true });

  // The family's tickets on a computer's screen.
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await desk.request.post('/api/auth/login', {
    data: { email: PARENT, password: PASSWORD, remember: false },
    headers: { origin: base },
  });
  const wide = await desk.newPage();
  await wide.goto('/accounts/parents/tickets');
  const order = wide.getByTestId('family-order').first();
  await order.getByRole('button', { name: 'Show tickets' }).click();
  await expect(order.getByTestId('ticket-qr')).toHaveCount(2);
  await noBlockingAxe(wide, 'the family’s tickets, open');
  await photo(wide, 'family-tickets-1280', { fullPage: true });
  await wide.goto('/accounts/parents/tickets');
  await wide.getByRole('link', { name: 'Choose seats for Saturday evening' }).click();
  await expect(wide.getByRole('region', { name: /seats$/ }).first()).toBeVisible();
  await photo(wide, 'seat-map-1280', { fullPage: true });

  // The owner: the recital's public link, and at the end the refunds that leave the demo as it was.
  const owner = await browser.newContext();
  await owner.request.post('/api/auth/login', {
    data: { email: OWNER, password: PASSWORD, remember: false },
    headers: { origin: base },
  });
  const list = (await (await owner.request.get('/api/mystudio/recitals')).json()) as [
    true,
    { recitals: { id: string; name: string; publicToken?: string }[] },
  ];
  // The demo's recital, whatever another journey left beside it.
  const spring = list[1].recitals.find((r) => r.name.startsWith('Spring Recital'));
  const token = spring?.publicToken;
  const orderIds: string[] = [];
  const familyOrders = (await (await page.request.get('/api/parents/ticket-orders')).json()) as [
    true,
    { orders: { id: string; state: string }[] },
  ];
  orderIds.push(...familyOrders[1].orders.filter((o) => o.state === 'paid').map((o) => o.id));

  if (token) {
    // Anyone with the link, not signed in, buys one seat.
    const visitor = await phone(browser, base);
    const pub = await visitor.newPage();
    await pub.goto(`/tickets/${token}`);
    await expect(pub.getByTestId('sale-words')).toContainText('On sale');
    await noBlockingAxe(pub, 'the public sale');
    await photo(pub, 'public-sale-390', { fullPage: true });
    await pub.getByRole('link', { name: 'Choose seats for Saturday evening' }).click();
    await pickFreeSeats(pub, 1);
    await pub.getByRole('button', { name: 'Hold this seat' }).click();
    await expect(pub.getByTestId('hold-countdown')).toBeVisible();
    await pub.getByRole('textbox', { name: 'Your name' }).fill('Morgan Lee');
    await pub.getByRole('textbox', { name: /^E-mail/ }).fill('morgan.lee@example.com');
    await fillCard(pub);
    const pubTotal = (await pub.getByTestId('ticket-total').textContent()) ?? '';
    await noBlockingAxe(pub, 'the public payment');
    await photo(pub, 'public-hold-390', { fullPage: true });
    await pub.getByRole('button', { name: `Pay ${pubTotal}` }).click();
    await expect(pub.getByText('Paid: 1 ticket, e-mailed to you.', { exact: false })).toBeVisible();
    await expect(pub.getByTestId('ticket-qr')).toHaveCount(1);
    await photo(pub, 'public-tickets-390', { fullPage: true });
    const orders = (await (
      await owner.request.get(`/api/mystudio/recitals/${spring?.id}/orders?search=morgan.lee`)
    ).json()) as [true, { orders: { id: string; state: string }[] }];
    orderIds.push(...orders[1].orders.filter((o) => o.state === 'paid').map((o) => o.id));
    await visitor.close();
  } else {
    test.info().annotations.push({
      type: 'skipped part',
      description: 'the public link: no call gives the owner the recital’s public token yet',
    });
  }

  for (const id of orderIds) await refund(owner.request, base, id);
  await Promise.all([parent.close(), desk.close(), owner.close()]);
});
