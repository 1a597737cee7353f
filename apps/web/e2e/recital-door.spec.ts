import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { axeClean } from './axe';
import { OWNER, PARENT, photo, signIn } from './helpers';

/**
 * The recital's seating, door and backstage (issue 38 items 4–6, decision 075), on the demo: the demo
 * parent buys three matinee seats with the card on file (through the API, as the buying screens do); the
 * owner sets seats and prices; at the door a ticket scanned twice is refused the second time, a scan made
 * offline waits and is sent when back; a teacher signs a dancer in backstage. The demo is put back at the
 * end: the order refunded, the seat unblocked, the price as it was.
 */

type Get = (url: string, init?: RequestInit) => Promise<unknown>;

/** The demo parent holds three free seats of the matinee and pays them; the show, the order and the codes. */
async function buyThree(parent: Page): Promise<{ showId: string; orderId: string; codes: string[] }> {
  return parent.evaluate(async () => {
    const get: Get = async (url, init) => {
      const res = await fetch(url, { ...init, headers: { 'content-type': 'application/json' } });
      const body = await res.json();
      if (!body[0]) throw new Error(`${url}: ${body[1]}`);
      return body[1];
    };
    type Seat = { id: string; state: string };
    type Section = { name: string; rows: { seats: Seat[] }[] };
    type Price = { section: string; kind: string; amount: number };
    const { recitals } = (await get('/api/parents/recitals')) as {
      recitals: { mayBuy: boolean; prices: Price[]; shows: { id: string }[] }[];
    };
    const recital = recitals.find((r) => r.mayBuy)!;
    const show = recital.shows[0]!;
    const map = (await get(`/api/parents/recitals/shows/${show.id}/seats`)) as { sections: Section[] };
    const orchestra = map.sections[0]!;
    const seats = orchestra.rows.flatMap((r) => r.seats.filter((x) => x.state === 'free')).slice(-3);
    const hold = (await get(`/api/parents/recitals/shows/${show.id}/hold`, {
      method: 'POST',
      body: JSON.stringify({ seatIds: seats.map((x) => x.id) }),
    })) as { orderId: string };
    const price =
      recital.prices.find((p) => p.section === orchestra.name && p.kind === 'adult') ??
      recital.prices.find((p) => p.section === '' && p.kind === 'adult')!;
    await get(`/api/parents/ticket-orders/${hold.orderId}/pay`, {
      method: 'POST',
      body: JSON.stringify({
        tickets: seats.map((x) => ({ seatId: x.id, kind: 'adult' })),
        total: price.amount * 3,
        method: 'card_on_file',
      }),
    });
    const { orders } = (await get('/api/parents/ticket-orders')) as {
      orders: { id: string; tickets: { code: string }[] }[];
    };
    const order = orders.find((o) => o.id === hold.orderId)!;
    return { showId: show.id, orderId: order.id, codes: order.tickets.map((t) => t.code) };
  });
}

const contexts: BrowserContext[] = [];

async function signedIn(browser: Browser, email: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email);
  return page;
}

test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

test('the owner sets seats and prices; the door refuses a second scan and sends an offline one; backstage signs a dancer in', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const parent = await signedIn(browser, PARENT, 1280);
  const bought = await buyThree(parent);
  const CODES = bought.codes;

  // Seats and prices, on a wide screen.
  const owner = await signedIn(browser, OWNER, 1280);
  await owner.goto('/accounts/admin/recital/seating');
  await expect(owner.getByRole('heading', { name: 'Seating and prices' })).toBeVisible();
  const map = owner.getByTestId('seat-map');
  await expect(map).toBeVisible({ timeout: 60_000 });
  const open = map.locator('button[data-seat]:not([aria-pressed="true"])').last();
  const seatName = (await open.getAttribute('aria-label'))!;
  await open.click();
  await expect(map.getByRole('button', { name: `${seatName}, blocked` })).toBeVisible();
  await owner.getByRole('button', { name: 'Save seating' }).click();
  await expect(owner.getByText('The seating is saved.')).toBeVisible();
  const adult = owner.getByRole('textbox', { name: 'Every section: adult price' });
  await adult.fill('22.50');
  await owner.getByRole('button', { name: 'Save prices and sales' }).click();
  await expect(owner.getByText('The prices and sales settings are saved.')).toBeVisible();
  await owner.reload();
  await expect(owner.getByRole('textbox', { name: 'Every section: adult price' })).toHaveValue('$22.50', {
    timeout: 60_000,
  });
  await expect(
    owner.getByTestId('seat-map').getByRole('button', { name: `${seatName}, blocked` }),
  ).toBeVisible();
  await axeClean(owner, 'seating at 1280');
  await photo(owner, 'recital-seating-1280', { fullPage: true });
  await owner.setViewportSize({ width: 390, height: 844 });
  await photo(owner, 'recital-seating-390', { fullPage: true });

  // The door, on a phone: a ticket admitted, then refused with when and where.
  await owner.goto(`/accounts/admin/recital/door?show=${bought.showId}`);
  const before = (await (await owner.request.get(`/api/mystudio/door/${bought.showId}`)).json())[1].counts;
  await expect(owner.getByText('To come')).toBeVisible({ timeout: 60_000 });
  const code = owner.getByRole('textbox', { name: 'Ticket code' });
  const result = owner.getByTestId('door-result');
  await code.fill(CODES[0]!);
  await owner.getByRole('button', { name: 'Check' }).click();
  await expect(result).toHaveAttribute('data-tone', 'admitted');
  await expect(result).toContainText('Welcome');
  await code.fill(CODES[0]!);
  await owner.getByRole('button', { name: 'Check' }).click();
  await expect(result).toHaveAttribute('data-tone', 'refused');
  await expect(result).toContainText(/Already used at .*Main door/);
  await axeClean(owner, 'door refused at 390');
  await photo(owner, 'recital-door-refused-390', { fullPage: true });

  // Offline: checked on the phone, kept, sent when the connection returns.
  await owner.context().setOffline(true);
  await expect(owner.getByTestId('door-offline')).toBeVisible();
  await code.fill(CODES[1]!);
  await owner.getByRole('button', { name: 'Check' }).click();
  await expect(result).toHaveAttribute('data-tone', 'admitted');
  await expect(result).toContainText('Offline check');
  await expect(owner.getByTestId('door-queue')).toContainText('1 scan waiting to be sent');
  await photo(owner, 'recital-door-offline-390', { fullPage: true });
  await owner.context().setOffline(false);
  await expect(owner.getByTestId('door-queue')).toContainText('Every scan sent', { timeout: 20_000 });
  const counts = (await (await owner.request.get(`/api/mystudio/door/${bought.showId}`)).json())[1].counts;
  expect(counts).toEqual({ sold: before.sold, admitted: before.admitted + 2, left: before.left - 2 });
  await owner.setViewportSize({ width: 1280, height: 900 });
  await photo(owner, 'recital-door-1280', { fullPage: true });

  // Backstage, by a teacher on a phone: a dancer signed in.
  const teacher = await signedIn(browser, 'camille@demo.example', 390);
  await teacher.goto('/accounts/teacher/recital');
  await teacher.getByRole('tab', { name: 'Backstage' }).click();
  const counts0 = teacher.getByTestId('backstage-counts');
  await expect(counts0).toContainText(/^0 of \d+ dancers in$/, { timeout: 60_000 });
  await teacher
    .getByRole('button', { name: /^Sign in / })
    .first()
    .click();
  await expect(counts0).toContainText(/^1 of \d+ dancers in$/);
  await expect(teacher.getByText('All saved')).toBeVisible();
  // The pointer is taken off the button it just pressed (now "Sign out"): what is checked is the list as a
  // phone shows it, not the hover colours of a button that changed its variant under the pointer.
  await teacher.mouse.move(0, 0);
  await axeClean(teacher, 'backstage at 390');
  await photo(teacher, 'recital-backstage-390', { fullPage: true });
  await teacher.setViewportSize({ width: 1280, height: 900 });
  await photo(teacher, 'recital-backstage-1280', { fullPage: true });

  // The demo as it was: the order refunded, the seat open again, the adult price $20.00.
  await owner.goto('/accounts/admin/recital/seating');
  const again = owner.getByTestId('seat-map').getByRole('button', { name: `${seatName}, blocked` });
  await again.click();
  await owner.getByRole('button', { name: 'Save seating' }).click();
  await expect(owner.getByText('The seating is saved.')).toBeVisible();
  await owner.getByRole('textbox', { name: 'Every section: adult price' }).fill('20.00');
  await owner.getByRole('button', { name: 'Save prices and sales' }).click();
  await expect(owner.getByText('The prices and sales settings are saved.')).toBeVisible();
  const refunded = await owner.evaluate(async (orderId) => {
    const res = await fetch(`/api/mystudio/ticket-orders/${orderId}/refund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ all: true, reason: 'Door journey' }),
    });
    return (await res.json())[0];
  }, bought.orderId);
  expect(refunded).toBe(true);
});
