import { expect, type Page, test } from '@playwright/test';
import { OWNER, signIn } from './helpers';

/** Picks an option of a Mantine Select by the field's label. */
async function choose(
  page: Page,
  scope: ReturnType<Page['locator']> | Page,
  label: string | RegExp,
  option: string | RegExp,
) {
  await scope.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

test('the owner schedules a room’s week: two classes, a dance number, a genre and a requirement, then deletes a class', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signIn(page, OWNER);

  // A location of our own, so the seeded classes of the demo studio do not matter.
  const stamp = Date.now().toString().slice(-6);
  const locationName = `Riverside ${stamp}`;
  // Sent beside the page with its cookie: it names the page's origin, as the page's own calls do.
  const created = await page.request.post('/api/mystudio/locations', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      loc: {
        name: locationName,
        address: '8 River Rd',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
        phone: '(973) 555-0199',
      },
      rooms: [
        { name: 'Hall 1', description: 'Mirrors and barres' },
        { name: 'Hall 2', description: '' },
      ],
    },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/accounts/admin/schedule/class');
  await expect(page.getByRole('heading', { name: 'Classes' })).toBeVisible();
  await choose(page, page, 'Location', locationName);
  await expect(page.getByText('Choose a room', { exact: true })).toBeVisible();
  await choose(page, page, 'Room', /^Hall 1/);
  await expect(page.getByText('No classes in Hall 1 yet')).toBeVisible();
  // The address keeps the choice: a reload opens the same room.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue(locationName);
  await expect(page.getByRole('textbox', { name: 'Room' })).toHaveValue('Hall 1');

  // Monday, from the day's + button: the new class is numbered for the day (002 §5).
  await page.getByRole('button', { name: 'Add class on Monday' }).click();
  let dialog = page.getByRole('dialog', { name: 'New class' });
  const name = dialog.getByRole('textbox', { name: /^Name/ });
  await expect(name).toHaveValue('Class # 1-1');
  await name.fill('Jazz Juniors');
  await dialog.getByLabel(/^Starts/).fill('16:30');
  await dialog.getByRole('button', { name: 'Add class' }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Jazz Juniors, Monday 4:30/ })).toBeVisible();

  // Wednesday.
  await page.getByRole('button', { name: 'Add class on Wednesday' }).click();
  dialog = page.getByRole('dialog', { name: 'New class' });
  await expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Class # 3-1');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Hip Hop Teens');
  await dialog.getByLabel(/^Starts/).fill('18:00');
  await dialog.getByRole('button', { name: 'Add class' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Hip Hop Teens, Wednesday 6:00/ })).toBeVisible();

  // A second class at the same time in the same room is refused in the dialog.
  await page.getByRole('button', { name: 'Add class on Wednesday' }).click();
  dialog = page.getByRole('dialog', { name: 'New class' });
  await dialog.getByLabel(/^Starts/).fill('18:00');
  await dialog.getByRole('button', { name: 'Add class' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Hip Hop Teens');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  // Open Jazz Juniors and add a dance number.
  await page.getByRole('button', { name: /^Jazz Juniors,/ }).click();
  const panel = page.getByRole('region', { name: 'Class Jazz Juniors' });
  await expect(panel.getByText('No dance numbers yet.', { exact: false })).toBeVisible();
  await panel.getByRole('button', { name: 'Add dance number' }).click();
  dialog = page.getByRole('dialog', { name: 'New dance number' });
  await expect(dialog.getByRole('textbox', { name: /^Song length/ })).toHaveValue('2:00');
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Firework');
  await choose(page, dialog, /^Genre/, 'Jazz');
  await dialog.getByRole('textbox', { name: /^Song$/ }).fill('Firework');
  await dialog.getByRole('textbox', { name: /^Song length/ }).fill('2:45');
  await dialog.getByRole('button', { name: 'Add dance number' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('region', { name: 'Firework' })).toContainText('2:45');

  // A genre, and the same genre again: the server refuses it.
  await choose(page, panel, 'Genre to add', 'Jazz');
  await panel.getByRole('button', { name: 'Add genre' }).click();
  await expect(panel.getByRole('button', { name: 'Remove genre Jazz' })).toBeVisible();
  await choose(page, panel, 'Genre to add', 'Jazz (added)');
  await panel.getByRole('button', { name: 'Add genre' }).click();
  await expect(page.getByText('This genre is already assigned to this class.')).toBeVisible();

  // A requirement, and the same one again.
  await choose(page, panel, 'Requirement genre', 'Ballet');
  await choose(page, panel, 'Requirement level', 'Beginner');
  await panel.getByRole('button', { name: 'Add requirement' }).click();
  await expect(panel.getByLabel('Ballet, Beginner')).toBeVisible();
  await choose(page, panel, 'Requirement genre', 'Ballet');
  await choose(page, panel, 'Requirement level', 'Beginner');
  await panel.getByRole('button', { name: 'Add requirement' }).click();
  await expect(page.getByText('Selected requirement is already assigned to this class.')).toBeVisible();

  // A second click on the class closes it.
  await page.getByRole('button', { name: /^Jazz Juniors,/ }).click();
  await expect(panel).toBeHidden();

  // Delete Hip Hop Teens.
  await page.getByRole('button', { name: /^Hip Hop Teens,/ }).click();
  const teens = page.getByRole('region', { name: 'Class Hip Hop Teens' });
  await teens.getByRole('button', { name: 'Delete', exact: true }).click();
  dialog = page.getByRole('dialog', { name: 'Delete class' });
  await expect(dialog).toContainText('No students are registered in it');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /^Hip Hop Teens,/ })).toHaveCount(0);
  await expect(teens).toBeHidden();
  await expect(page.getByRole('button', { name: /^Jazz Juniors,/ })).toBeVisible();
});

test('the owner deletes a dance number of a class a dancer has dropped; one whose dancers wear costumes stays', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/schedule/class');
  await choose(page, page, 'Location', 'Main Street Studio');
  await choose(page, page, 'Room', /^Studio A/);

  // The demo's Jazz 1: Dev and Bella dance in it, Lucia dropped it. The screen counts two.
  await page.getByRole('button', { name: /^Jazz 1,/ }).click();
  const panel = page.getByRole('region', { name: 'Class Jazz 1' });

  // Dev and Bella wear the demo's costumes of Happy Feet, with deposits on their bills: it stays.
  await panel.getByRole('button', { name: 'Delete dance number Happy Feet' }).click();
  let dialog = page.getByRole('dialog', { name: 'Delete dance number' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText(/^This dance number has costumes on dancers, ordered, or on a family’s bill/).last(),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('region', { name: 'Happy Feet' })).toBeVisible();

  // A new number of the class, without costumes, goes.
  await panel.getByRole('button', { name: 'Add dance number' }).click();
  dialog = page.getByRole('dialog', { name: 'New dance number' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Boogie Shoes');
  await choose(page, dialog, /^Genre/, 'Jazz');
  await dialog.getByRole('button', { name: 'Add dance number' }).click();
  await expect(dialog).toBeHidden();
  await panel.getByRole('button', { name: 'Delete dance number Boogie Shoes' }).click();
  dialog = page.getByRole('dialog', { name: 'Delete dance number' });
  await expect(dialog).toContainText('The activity of 2 students in it is deleted with it.');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  // Once the count the screen shows was refused forever ("reload"): now the number goes.
  await expect(page.getByText('Delete Successful').last()).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('region', { name: 'Boogie Shoes' })).toHaveCount(0);
});
