import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { OWNER, photoBothWidths, signIn, waitForMail } from './helpers';

/** Two families as Jackrabbit's family export gives them (a name no other journey uses). */
const FAMILIES = [
  'Family ID,Family Name,First Name,Last Name,Email,Home Phone,Address,City,State,Zip,Balance',
  'J-5001,Moveinski,Ada,Moveinski,ada.moveinski@example.com,(973) 555-0142,1 Elm St,Montclair,NJ,07042,"$1,120.50"',
  'J-5002,Transferova,Bea,Transferova,bea.transferova@example.com,(973) 555-0143,2 Oak St,Montclair,NJ,07042,($20.00)',
  '',
].join('\n');

/** Their dancers, as Jackrabbit's student export gives them. */
const STUDENTS = [
  'Student ID,Family ID,First Name,Last Name,Birth Date,Gender',
  'S-7001,J-5001,Cleo,Moveinski,03/04/2016,Female',
  'S-7002,J-5002,Dina,Transferova,11/23/2017,Female',
  '',
].join('\n');

const ADDRESSES = ['ada.moveinski@example.com', 'bea.transferova@example.com'];

/** No critical or serious axe finding on the page as it is. */
async function axeClean(page: Page, what: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const blocking = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
  expect(blocking.map((v) => `${what}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
}

/** The mail the outbox holds for the imported parents. */
async function mailToImported(page: Page) {
  const response = await page.request.get('/dev/mail.json');
  const [, mails] = (await response.json()) as [boolean, { to: string | string[] }[]];
  return mails.filter((m) => ADDRESSES.some((a) => [m.to].flat().join(',').toLowerCase().includes(a)));
}

/** Chooses Jackrabbit, adds the two files and checks them: ends on the dry run. */
async function checkFiles(page: Page) {
  await page.getByRole('radio', { name: 'Jackrabbit' }).check();
  await page.getByRole('button', { name: /Next: the files/ }).click();
  await page.locator('input[type=file]').setInputFiles([
    { name: 'families.csv', mimeType: 'text/csv', buffer: Buffer.from(FAMILIES) },
    { name: 'students.csv', mimeType: 'text/csv', buffer: Buffer.from(STUDENTS) },
  ]);
  const files = page.getByRole('list', { name: 'Files to import' });
  await expect(files.getByText('families.csv')).toBeVisible();
  await expect(files.getByText('students.csv')).toBeVisible();
  await page.getByRole('button', { name: /Check the files/ }).click();
  await expect(page.getByText('A dry run: nothing has been written yet')).toBeVisible({ timeout: 30_000 });
}

/**
 * Issue 35 items 1, 2 and 5: the owner moves two Jackrabbit families and their dancers in. The dry run
 * first (nothing written), the import, the families on the list of accounts, no mail until the
 * invitations, then the invitations; the same files again change nothing.
 */
test('the owner moves families in from Jackrabbit files and invites them', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/login');
  await signIn(page, OWNER);

  // Move in is in the sidebar, under Studio.
  await page.goto('/accounts/admin');
  // The group opens with an animation: a click that lands before it ends is tried again.
  const nav = page.getByRole('navigation', { name: 'Admin' });
  const moveIn = nav.getByRole('link', { name: 'Move in' });
  await expect(async () => {
    if (!(await moveIn.isVisible())) await nav.getByText('Studio', { exact: true }).click();
    await moveIn.click({ timeout: 2000 });
    await expect(page).toHaveURL(/\/accounts\/admin\/myStudio\/import$/, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Move in' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Jackrabbit' })).toBeVisible();
  await axeClean(page, 'source');

  await checkFiles(page);
  await expect(page.getByTestId('totals-families').getByText('2 new', { exact: true })).toBeVisible();
  await expect(page.getByTestId('totals-dancers').getByText('2 new', { exact: true })).toBeVisible();
  // The opening balances in the file's money forms: one owes $1,120.50, the other has $20.00 of credit.
  await expect(page.getByTestId('balances-owed')).toHaveText('$1,120.50');
  await expect(page.getByTestId('balances-credit')).toHaveText('$20.00');
  await expect(page.getByTestId('balances-net')).toHaveText('$1,100.50');
  await axeClean(page, 'dry run');
  await photoBothWidths(page, 'import-dry-run');
  await page.getByRole('textbox', { name: 'Show' }).click();
  await page.getByRole('option', { name: /^Every row/ }).click();
  await expect(page.getByTestId('import-rows').getByText('Moveinski family')).toBeVisible();
  // Nothing is written by the check; the dry run waits at its address.
  const dryRun = page.url();
  expect(dryRun).toMatch(/\?batch=/);
  await page.goto('/accounts/admin/accounts?status=incomplete');
  await page.getByRole('textbox', { name: 'Search a family or student' }).fill('Moveinski');
  await expect(page.getByText('No incomplete families match “Moveinski”')).toBeVisible();
  await page.goto(dryRun);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Import now?' });
  await expect(confirm.getByText(/No e-mail goes to the families/)).toBeVisible();
  await axeClean(page, 'confirm');
  await confirm.getByRole('button', { name: 'Import now' }).click();
  await expect(page.getByText('Imported from Jackrabbit', { exact: true })).toBeVisible({ timeout: 60_000 });
  await axeClean(page, 'result');
  await photoBothWidths(page, 'import-result');
  expect(await mailToImported(page)).toEqual([]);

  // The families are on the list of accounts: incomplete, as they have no class yet.
  await page.getByRole('link', { name: 'See the families' }).click();
  await expect(page.getByRole('tab', { name: /Incomplete/, selected: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Search a family or student' }).fill('Moveinski');
  await expect(page.getByText('1 family', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moveinski', exact: true }).first()).toBeVisible();
  // Its opening balance is on its bill, explained.
  await page.getByRole('link', { name: 'Moveinski', exact: true }).first().click();
  const money = page.getByRole('region', { name: 'Money' });
  await expect(money.getByTestId('money-balance')).toBeVisible({ timeout: 30_000 });
  await expect(money.getByText(/Opening balance from Jackrabbit/).first()).toBeVisible();

  // The same files again: everything matched, nothing to write.
  await page.goto('/accounts/admin/myStudio/import');
  await checkFiles(page);
  await expect(page.getByTestId('totals-families').getByText('2 matched', { exact: true })).toBeVisible();
  await expect(page.getByTestId('totals-families').getByText(/nothing changes/)).toBeVisible();

  // The invitations: none sent until now, then both.
  await page.goto('/accounts/admin/myStudio/import/invitations');
  await expect(page.getByText('Nobody has been e-mailed until now')).toBeVisible();
  await expect(page.getByText('Ada Moveinski')).toBeVisible();
  await axeClean(page, 'invitations');
  await photoBothWidths(page, 'import-invitations');
  await page.getByRole('checkbox', { name: /Invite Ada Moveinski/ }).check();
  await page.getByRole('checkbox', { name: /Invite Bea Transferova/ }).check();
  await page.getByRole('button', { name: 'Invite the 2 picked' }).click();
  const send = page.getByRole('dialog', { name: 'Send the invitations?' });
  await expect(send.getByText(/2 e-mails go out now/)).toBeVisible();
  await send.getByRole('button', { name: 'Send 2 invitations' }).click();
  await expect(send).toBeHidden();
  await waitForMail(page.request, ADDRESSES[0]!, () => true);
  await waitForMail(page.request, ADDRESSES[1]!, () => true);
  await page.getByText('Every imported parent', { exact: true }).click();
  await expect(page.getByText(/^Invited /).first()).toBeVisible();
});
