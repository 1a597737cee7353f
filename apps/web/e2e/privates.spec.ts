import { expect, type Page, test } from '@playwright/test';
import { OWNER, signIn } from './helpers';

/** Picks an option of a Mantine select inside `scope`. */
async function choose(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('textbox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('the owner adds a solo, finds it under Solos › teacher, opens, edits and deletes it', async ({
  page,
}) => {
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/privates');
  await expect(page.getByRole('textbox', { name: 'Location' })).toHaveValue('Main Street Studio');

  // Add a solo: choosing the type fills in the price named after it.
  await page.getByRole('button', { name: 'Add private' }).first().click();
  const add = page.getByRole('dialog', { name: 'New private lesson' });
  await add.getByRole('textbox', { name: 'Name', exact: true }).fill('Firebird Variation');
  await choose(page, add, 'Type', 'Solo');
  await expect(add.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue(/^Solo · \$\d+\.\d{2}$/);
  await choose(page, add, 'Teacher', 'Marcus Hill');
  await choose(page, add, 'Genre', 'Ballet');
  await add.getByRole('textbox', { name: 'Song name', exact: true }).fill('The Firebird');
  await add.getByRole('textbox', { name: 'Artist', exact: true }).fill('Stravinsky');
  await expect(add.getByRole('textbox', { name: 'Length', exact: true })).toHaveValue('2:00');
  await add.getByRole('button', { name: 'Add private' }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
  await expect(add).toBeHidden();

  // It is listed under Solos, in Marcus Hill's card.
  const marcus = page.getByRole('region', { name: 'Solos' }).getByRole('region', { name: 'Marcus Hill' });
  const row = marcus.getByRole('button', { name: /^Firebird Variation, Ballet, \$70\.00, 0 registered/ });
  await expect(row).toBeVisible();

  // Its info: details and no students yet.
  await row.click();
  const info = page.getByRole('dialog', { name: /Firebird/ });
  await expect(info.getByText('The Firebird')).toBeVisible();
  await expect(info.getByText('No students registered yet.')).toBeVisible();
  await expect(page).toHaveURL(/[?&]priv=/);

  // Edit: a new name and song length.
  await info.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit private lesson' });
  await edit.getByRole('textbox', { name: 'Name', exact: true }).fill('Firebird Solo');
  await edit.getByRole('textbox', { name: 'Length', exact: true }).fill('1:45');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update Successful').last()).toBeVisible();
  await expect(info.getByRole('heading', { name: 'Firebird Solo' })).toBeVisible();
  await expect(info.getByText('1:45')).toBeVisible();

  // Delete, after asking: the info closes and the lesson is gone.
  await info.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete private lesson' });
  await expect(confirm).toContainText('Firebird Solo');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete Successful').last()).toBeVisible();
  await expect(info).toBeHidden();
  await expect(page.getByRole('button', { name: /^Firebird Solo/ })).toHaveCount(0);
  await expect(page).not.toHaveURL(/[?&]priv=/);
});

test('the owner registers a demo student in a solo and takes him out of competition', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, OWNER);

  // A solo of its own (so a retry starts clean), taught by Camille Durand at the demo location.
  const stamp = Date.now().toString().slice(-6);
  const name = `Nocturne ${stamp}`;
  const form = (await (await page.request.get('/api/mystudio/inputs/privateForm')).json())[1] as {
    teachers: { id: string; name: string }[];
    prices: { id: string; name: string }[];
    genres: { id: string; name: string }[];
    locations: { id: string; name: string }[];
  };
  // Sent beside the page with its cookie: it names the page's origin, as the page's own calls do.
  const created = await page.request.post('/api/mystudio/privates', {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name,
      type: 1,
      teacherID: form.teachers.find((t) => t.name === 'Camille Durand')!.id,
      priceID: form.prices.find((p) => p.name.startsWith('Solo'))!.id,
      genreID: form.genres.find((g) => g.name === 'Ballet')!.id,
      locationID: form.locations.find((l) => l.name === 'Main Street Studio')!.id,
    },
  });
  expect(created.ok()).toBe(true);
  await page.goto('/accounts/admin/privates');

  const camille = page.getByRole('region', { name: 'Solos' }).getByRole('region', { name: 'Camille Durand' });
  await camille.getByRole('button', { name: new RegExp(`^${name},`) }).click();
  const info = page.getByRole('dialog', { name: new RegExp(name) });
  await info.getByRole('button', { name: 'Register a student' }).click();
  const register = page.getByRole('dialog', { name: 'Register a student' });
  await expect(register.getByRole('textbox', { name: 'Price', exact: true })).toHaveValue('$70.00');
  await register.getByRole('textbox', { name: 'Student', exact: true }).fill('Patel');
  await page.getByRole('option', { name: /Dev Patel/ }).click();
  await register.getByRole('textbox', { name: 'Price', exact: true }).fill('$65.00');
  await register.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
  await expect(register).toBeHidden();

  const dev = info.getByRole('article', { name: 'Dev Patel' });
  await expect(dev).toContainText('$65.00');
  await expect(camille.getByRole('button', { name: new RegExp(`^${name},.* 1 registered`) })).toBeVisible();

  // A student already in the lesson is offered, but cannot be picked twice.
  await info.getByRole('button', { name: 'Register a student' }).click();
  await register.getByRole('textbox', { name: 'Student', exact: true }).fill('Patel');
  await expect(page.getByRole('option', { name: /Dev Patel.*Already registered/ })).toBeVisible();
  // Escape closes the student list, then the dialog; the lesson's drawer under it stays open.
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(register).toBeHidden();
  await expect(info).toBeVisible();

  // Competition is step 2: only that flag turns over, and it stays so after a reload.
  const competition = dev.getByRole('switch', { name: 'Competition: Dev Patel' });
  await expect(competition).toBeChecked();
  await competition.click({ force: true });
  await expect(page.getByText('Update Successful').last()).toBeVisible();
  await expect(competition).not.toBeChecked();
  await expect(dev.getByRole('switch', { name: 'Recital: Dev Patel' })).toBeChecked();
  await page.reload();
  const again = page
    .getByRole('dialog', { name: new RegExp(name) })
    .getByRole('article', { name: 'Dev Patel' });
  await expect(again.getByRole('switch', { name: 'Competition: Dev Patel' })).not.toBeChecked();
  await expect(again.getByRole('switch', { name: 'Active: Dev Patel' })).toBeChecked();
});

test('a duet takes a third dancer only when the owner confirms it', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, OWNER);
  await page.goto('/accounts/admin/privates');

  // The demo's duet, Shallow: Emma and Zara hold its price's two places.
  const aiko = page.getByRole('region', { name: 'Duets' }).getByRole('region', { name: 'Aiko Tanaka' });
  await aiko.getByRole('button', { name: /^Shallow,/ }).click();
  const info = page.getByRole('dialog', { name: /Shallow/ });
  await expect(info.getByText('2 of 2 dancers')).toBeVisible();

  await info.getByRole('button', { name: 'Register a student' }).click();
  const register = page.getByRole('dialog', { name: 'Register a student' });
  await expect(register.getByTestId('places')).toHaveText('2 of 2 dancers');
  await register.getByRole('textbox', { name: 'Student', exact: true }).fill('Nguyen');
  await page.getByRole('option', { name: /Mai Nguyen/ }).click();
  await register.getByRole('button', { name: 'Register' }).click();

  // Nothing is written yet: the dialog says what going past the price means.
  const confirm = register.getByRole('alert');
  await expect(confirm).toContainText('Register past 2 dancers?');
  await expect(confirm).toContainText('The price (Duet) is for 2 dancers, and 2 are already registered.');
  await confirm.getByRole('button', { name: 'Register anyway' }).click();
  await expect(page.getByText('Insert Successful').last()).toBeVisible();
  await expect(register).toBeHidden();
  await expect(info.getByRole('article', { name: 'Mai Nguyen' })).toBeVisible();
  await expect(info.getByText('3 of 2 dancers')).toBeVisible();
});
