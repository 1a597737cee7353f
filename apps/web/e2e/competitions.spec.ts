import { expect, type Page, test } from '@playwright/test';
import { OWNER, openFamily, PARENT, showWholePortal, signIn } from './helpers';

/**
 * Competitions (issue 19) as the owner and a parent meet them: a competition company, its venue and an
 * event made with its entries in one dialog (a bad entry refused first, nothing sent); the Competition
 * Team's Firework registered on an entry, and each family charged the entry's price per dancer, the
 * Patels' fee explained on their money panel and in the parent portal; Anika taken off the entry and her
 * fee taken off the bill. The server is shared by every journey of a run: at the end nothing registered
 * here stays, and the Patels' balance is what it was.
 */

/** A day `days` from now, as a date input takes it. */
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const COMPANY = { name: 'Encore Dance Championships', email: 'info@encore.example' };
const VENUE = 'Tulsa Performing Arts Center';
/** What the studio pays the competition and what each dancer's family is charged, per dancer. */
const GROUP = { name: 'Small Group', studio: 45, family: 52 };
const SOLO = { name: 'Solo', studio: 95, family: 110 };
const FIRST_DAY = dayFromNow(90);
/** The fee's explanation on the family's bill (decision 032): the event, the entry, the number, the dancer. */
const FEE_WHY = `Regional — ${COMPANY.name} at ${VENUE}, ${FIRST_DAY}: ${GROUP.name}, the dance number Firework — Anika Patel`;
const FEE_ITEM = `Competition: ${GROUP.name} — Anika`;

/** "$1,234.50" → 1234.5 */
const dollars = (text: string | null) => Number((text ?? '').replace(/[$,]/g, ''));
const money = (n: number) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** The newest notification saying `text`. */
const said = (page: Page, text: string | RegExp) => page.getByText(text).last();

/** The registration page on the event and its group entry, chosen as the owner does. */
async function openRegistration(page: Page) {
  await page.goto('/accounts/admin/competition/registration');
  const event = page.getByRole('textbox', { name: 'Event' });
  await event.click();
  await page.getByRole('option', { name: new RegExp(`^${COMPANY.name} — ${VENUE}`) }).click();
  await expect(event).toHaveValue(new RegExp(`^${COMPANY.name} — ${VENUE}`));
  const entry = page.getByRole('textbox', { name: 'Entry' });
  await entry.click();
  await page.getByRole('option', { name: `${GROUP.name} · $52.00 a dancer · 3–10 dancers` }).click();
  await expect(entry).toHaveValue(`${GROUP.name} · $52.00 a dancer · 3–10 dancers`);
}

/** The Patels' account page, found by the accounts search; its money panel. */
async function openPatels(page: Page) {
  await page.goto('/accounts/admin/accounts');
  await openFamily(page, 'Patel');
  const panel = page.getByRole('region', { name: 'Money' });
  await expect(panel.getByTestId('money-balance')).toBeVisible();
  return panel;
}

test('the owner enters an event, registers a dance number, and the family sees its fee come and go', async ({
  browser,
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto('/login');
  await signIn(page, OWNER);

  // What the Patels owe before: the fee comes on top of it, and off again.
  let patels = await openPatels(page);
  const before = dollars(await patels.getByTestId('money-balance').textContent());

  // 1. The company, with its e-mail; it opens once added.
  await page.goto('/accounts/admin/competition/companies');
  await page.getByRole('button', { name: 'Add company' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Add competition company' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(COMPANY.name);
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(COMPANY.email);
  await dialog.getByRole('button', { name: 'Add company' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/[?&]company=/);
  await expect(page.getByRole('heading', { name: COMPANY.name })).toBeVisible();
  await expect(page.getByRole('link', { name: COMPANY.email })).toBeVisible();

  // 2. Its venue.
  await page.getByRole('button', { name: 'Add location' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Add location' });
  await dialog.getByRole('textbox', { name: 'Venue' }).fill(VENUE);
  await dialog.getByRole('textbox', { name: 'City' }).fill('Tulsa');
  await dialog.getByRole('button', { name: 'Add location' }).click();
  await expect(dialog).toBeHidden();
  const venue = page.getByTestId('competition-location').filter({ hasText: VENUE });
  await expect(venue.getByText('No events here yet.')).toBeVisible();

  // 3. The event and its two entries in one dialog; a group whose most dancers are below its fewest is
  // refused with the spec's sentence, and nothing is sent.
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/competition/event')) sent.push(r.url());
  });
  await venue.getByRole('button', { name: `New event at ${VENUE}` }).click();
  dialog = page.getByRole('dialog', { name: 'New event' });
  await dialog.getByRole('textbox', { name: 'First day' }).fill(FIRST_DAY);
  await expect(dialog.getByRole('textbox', { name: 'Last day' })).toHaveValue(FIRST_DAY);
  await dialog.getByRole('textbox', { name: 'Last day' }).fill(dayFromNow(92));
  const entry = (n: number, field: string) => dialog.getByRole('textbox', { name: `${field} of entry ${n}` });
  await entry(1, 'Name').fill(GROUP.name);
  await entry(1, 'Studio pays').fill(String(GROUP.studio));
  await entry(1, 'Family pays').fill(String(GROUP.family));
  await entry(1, 'Fewest dancers').fill('3');
  await entry(1, 'Most dancers').fill('2');
  await dialog.getByRole('button', { name: 'Add entry' }).click();
  await entry(2, 'Name').fill(SOLO.name);
  await entry(2, 'Studio pays').fill(String(SOLO.studio));
  await entry(2, 'Family pays').fill(String(SOLO.family));
  await entry(2, 'Fewest dancers').fill('1');
  await entry(2, 'Most dancers').fill('1');
  await dialog.getByRole('button', { name: 'Add event and 2 entries' }).click();
  await expect(dialog.getByRole('alert')).toContainText(
    'Input Error: Please review entry input values, and try again.',
  );
  await expect(dialog.getByRole('alert')).toContainText('One entry needs a second look');
  await expect(dialog.getByTestId('entry-row').first()).toHaveAttribute('data-bad', 'true');
  await expect(dialog.getByTestId('entry-row').nth(1)).not.toHaveAttribute('data-bad', 'true');
  expect(sent).toEqual([]);
  await expect(venue.getByText('No events here yet.')).toBeVisible();

  // Put right, the event is saved with both entries.
  await entry(1, 'Most dancers').fill('10');
  await expect(dialog.getByRole('alert')).toBeHidden();
  await dialog.getByRole('button', { name: 'Add event and 2 entries' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toHaveLength(1);
  const event = venue.getByTestId('competition-event');
  await expect(event).toHaveCount(1);
  await expect(event).toContainText('2 entries');
  await event.getByRole('button', { expanded: false }).click();
  const entries = event.getByTestId('competition-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText(`${GROUP.name}3–10 dancers$45.00$52.00`);
  await expect(entries.nth(1)).toContainText(`${SOLO.name}1 dancer$95.00$110.00`);

  // 4. Registration: the event and its group entry; the Competition Team's Firework selected whole.
  await openRegistration(page);
  await expect(page.getByText('No dancer is registered for this event yet.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Firework' }).check();
  // The innermost block holding Firework's own checkbox and its dancers' (other numbers have dancers too).
  const firework = page
    .locator('div')
    .filter({ has: page.getByRole('checkbox', { name: 'Select Firework' }) })
    .filter({ has: page.getByRole('checkbox', { name: 'Select Anika Patel' }) })
    .last();
  for (const dancer of ['Anika Patel', 'Emma Hartley', 'Mai Nguyen', 'Zara Okafor'])
    await expect(firework.getByRole('checkbox', { name: `Select ${dancer}` })).toBeChecked();
  await expect(page.getByText('4 dancers selected · $208.00 in fees')).toBeVisible();
  await page.getByRole('button', { name: 'Register', exact: true }).click();
  await expect(said(page, 'Registration was successful.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Firework: registered' })).toBeVisible();
  await expect(page.getByText('Nothing selected yet.')).toBeVisible();

  // The event's registrations by dancer, and its money: 4 × $45 owed to the competition, 4 × $52 charged.
  const paper = page.locator('.mantine-Paper-root');
  const figure = (label: string) => paper.filter({ hasText: new RegExp(`^${label}\\$`) });
  await expect(figure('Studio owes the competition')).toHaveText('Studio owes the competition$180.00');
  await expect(figure('Families charged')).toHaveText('Families charged$208.00');
  await expect(figure('Families paid')).toHaveText('Families paid$0.00');
  const anika = paper.filter({ has: page.getByRole('link', { name: 'Patel family' }) });
  await expect(anika).toContainText('Anika Patel');
  await expect(anika).toContainText(`${GROUP.name} · Firework$52.00Unpaid`);

  // 5. The Patels' money panel: the fee, and how it adds up.
  patels = await openPatels(page);
  await expect(patels.getByTestId('money-balance')).toHaveText(money(before + GROUP.family));
  const fee = patels.getByRole('row', { name: FEE_ITEM });
  await expect(fee.getByTestId('item-total')).toHaveText('$52.00');
  await expect(fee.getByTestId('item-status')).toHaveText('Open');
  await fee.getByRole('button', { name: 'How it adds up' }).click();
  await expect(fee.getByTestId('item-line')).toHaveText(`${FEE_WHY}: $52.00$52.00`);

  // 6. Priya Patel, in the parent portal: the fee in her balance, and what it is for.
  const parent = await browser.newPage();
  await parent.goto('/login');
  await signIn(parent, PARENT);
  await expect(parent).toHaveURL(/\/accounts\/parents$/);
  await showWholePortal(parent);
  const card = parent.getByTestId('money-card');
  await expect(card.getByTestId('money-balance')).toHaveText(money(before + GROUP.family));
  const charge = card.getByRole('button', { name: `${FEE_ITEM}: $52.00 to pay, due today` });
  await charge.click();
  const working = card.getByTestId('open-charge').filter({ hasText: FEE_ITEM }).getByTestId('charge-line');
  // The portal's working column shows the line's words and its figure apart.
  await expect(working.first()).toHaveText(`${FEE_WHY}$52.00`);
  await expect(working.filter({ hasText: 'Charged' })).toHaveText('Charged$52.00');
  // Her Competitions card: the event, where, what Anika dances, and the fee still to pay.
  const entered = parent.getByTestId('family-competition-event').filter({ hasText: COMPANY.name });
  await expect(entered).toContainText(VENUE);
  await expect(entered.getByTestId('family-competition-entry')).toContainText(`${GROUP.name} — Firework`);
  await expect(entered.getByTestId('family-competition-entry')).toContainText('Fee $52.00 — to pay');

  // 7. The overview: the event with its figures.
  await page.goto('/accounts/admin/competition/overview');
  const overview = page.getByTestId('overview-event').filter({ hasText: COMPANY.name });
  await overview.click();
  await expect(overview).toHaveAttribute('aria-pressed', 'true');
  for (const text of [
    `Regional · ${VENUE}`,
    'Entries1 of 2',
    'Performances1',
    'Dancers4',
    'Studio owes$180.00',
    'Families owe$208.00',
    'Families paid$0.00',
  ])
    await expect(overview).toContainText(text);

  // 8. Anika comes off the entry before the event: her fee comes off the Patels' bill.
  await openRegistration(page);
  await page.getByRole('button', { name: 'Take Anika Patel off the entry' }).click();
  dialog = page.getByRole('dialog', { name: 'Take the dancer off the entry' });
  await expect(dialog).toContainText(`Anika Patel comes off ${GROUP.name} with Firework.`);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(said(page, /^Delete was successful$/)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('3 of 4 registered').first()).toBeVisible();
  await expect(figure('Studio owes the competition')).toHaveText('Studio owes the competition$135.00');
  await expect(figure('Families charged')).toHaveText('Families charged$156.00');
  await expect(anika).toHaveCount(0);

  patels = await openPatels(page);
  await expect(patels.getByTestId('money-balance')).toHaveText(money(before));
  await expect(fee.getByTestId('item-status')).toHaveText('Removed');
  await expect(fee).toContainText('Competition registration removed: Small Group — Anika');

  await parent.reload();
  await showWholePortal(parent);
  await expect(card.getByTestId('money-balance')).toHaveText(money(before));
  await expect(card.getByRole('button', { name: new RegExp(`^${FEE_ITEM}:`) })).toHaveCount(0);
  await parent.close();

  // 9. The rest of Firework comes off too: the journeys after this one find the books as the demo left them.
  await openRegistration(page);
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Take off the entry' });
  await expect(dialog).toContainText(`Every dancer of Firework comes off ${GROUP.name}.`);
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(said(page, /^Delete was successful$/)).toBeVisible();
  await expect(page.getByText('No dancer is registered for this event yet.')).toBeVisible();
  await expect(figure('Families charged')).toHaveText('Families charged$0.00');
});
