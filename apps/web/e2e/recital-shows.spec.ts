import { expect, test } from '@playwright/test';
import { bothWidths } from './axe';
import { OWNER, photo, signIn } from './helpers';

/**
 * The recital's shows and running order (issue 38 items 1–2, decision 072): the demo owner creates a
 * recital on the demo's recital day, adds two shows, asks for a proposal and reads what it could not
 * satisfy, accepts it, moves the Competition Team's two numbers next to each other in their show's
 * running order and sees the quick change flagged in words, then opens the programme and the backstage
 * list. The recital is archived at the end, so the demo's own recital is the first again. The pages pass
 * axe-core and are photographed at 1280 and 390 (SHOTS, helpers.ts `photo`).
 */

const NAME = 'Journey Recital';

test('the owner creates a recital and two shows, accepts a proposal, orders a show and prints it', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/login');
  await signIn(page, OWNER);
  const list = (await (await page.request.get('/api/mystudio/recitals')).json()) as [
    true,
    { recitals: { firstDay: string }[] },
  ];
  const day = list[1].recitals[0]!.firstDay;

  await page.goto('/accounts/admin/recital/shows');
  await page.getByRole('button', { name: 'New recital' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recital' });
  await dialog.getByLabel('Name').fill(NAME);
  await dialog.getByLabel('Venue', { exact: true }).fill('Town Hall');
  await dialog.getByLabel('First day').fill(day);
  await dialog.getByLabel('Last day').fill(day);
  await dialog.getByRole('button', { name: 'Create recital' }).click();
  await expect(page.getByText('The recital is created.')).toBeVisible();
  await expect(page.getByRole('heading', { name: NAME })).toBeVisible();

  for (const [name, doors, curtain] of [
    ['Matinee', '12:30', '13:00'],
    ['Evening', '17:30', '18:00'],
  ] as const) {
    await page.getByRole('button', { name: 'Add show' }).click();
    const show = page.getByRole('dialog', { name: 'Add a show' });
    await show.getByLabel('Name').fill(name);
    await show.getByLabel('Doors open').fill(doors);
    await show.getByLabel('Curtain').fill(curtain);
    await show.getByRole('button', { name: 'Add show' }).click();
    await expect(page.getByText('The show is added.').first()).toBeVisible();
    await expect(page.getByTestId('show-row').filter({ hasText: name })).toBeVisible();
  }
  await expect(
    page.getByRole('region', { name: 'Unassigned' }).getByTestId('number-card').first(),
  ).toBeVisible();
  await bothWidths(page, 'board');

  // The proposal: shown with what it could not satisfy (or that it satisfied everything), then accepted.
  await page.getByRole('button', { name: 'Propose shows' }).click();
  const proposal = page.getByTestId('proposal');
  await expect(proposal).toBeVisible();
  await expect(proposal.getByText(/could not satisfy|Every family is in one show/).first()).toBeVisible();
  await bothWidths(page, 'proposal');
  await proposal.getByRole('button', { name: 'Accept proposal' }).click();
  await expect(page.getByText('The shows are saved.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Unassigned' }).getByText('Every number has a show.'),
  ).toBeVisible();
  // Another column: the matinee's numbers, in running order.
  await page.getByLabel('Numbers of').selectOption({ index: 1 });
  await expect(
    page.getByRole('region', { name: 'Matinee' }).getByTestId('number-card').first(),
  ).toBeVisible();
  await bothWidths(page, 'board-show');

  // The running order of the show holding the Competition Team's numbers.
  const board = (await (await page.request.get('/api/mystudio/recitals')).json()) as [
    true,
    { recitals: { id: string; name: string }[] },
  ];
  const recitalId = board[1].recitals.find((r) => r.name === NAME)!.id;
  // The board answers one column at a time (decision 106): the show holding Firework, asked show by show.
  type Column = [true, { shows: { id: string; name: string }[]; numbers: { name: string }[] }];
  const column = async (show: string) =>
    (await (
      await page.request.get(`/api/mystudio/recitals/${recitalId}/numbers?show=${show}`)
    ).json()) as Column;
  const shows = (await column('unassigned'))[1].shows;
  let showName = '';
  for (const s of shows) {
    if ((await column(s.id))[1].numbers.some((n) => n.name === 'Firework')) showName = s.name;
  }
  expect(showName).not.toBe('');
  await page.getByRole('tab', { name: 'Running order' }).click();
  await page.getByLabel('Show', { exact: true }).selectOption({ label: showName });
  const order = page.getByTestId('running-order');
  await expect(order.getByRole('heading', { name: showName })).toBeVisible();
  const place = async (name: string) =>
    (await order.getByTestId('running-number').allInnerTexts()).findIndex((t) =>
      t.split('\n').some((line) => line.trim() === name),
    );
  // Sing Sing Sing moved up to just after Firework (or Firework up to just after it).
  for (let guard = 0; guard < 20; guard += 1) {
    const f = await place('Firework');
    const s = await place('Sing Sing Sing');
    if (Math.abs(f - s) === 1) break;
    await order.getByRole('button', { name: `Move Sing Sing Sing ${s > f ? 'up' : 'down'}` }).click();
  }
  const flagged = order.getByTestId('quick-changes');
  await expect(flagged).toBeVisible();
  await expect(
    flagged.getByText(/Firework \(#\d+\) then Sing Sing Sing \(#\d+\), 1 apart — needs 3/).first(),
  ).toBeVisible();
  await order.getByLabel('Intermission').selectOption({ index: 2 });
  await expect(order.getByText(/^Intermission ·/)).toBeVisible();
  await order.getByRole('button', { name: 'Save order' }).click();
  await expect(page.getByText('The running order is saved.')).toBeVisible();
  await expect(order.locator('[data-clash]').first()).toBeVisible();
  await bothWidths(page, 'running-order');

  // The print views: the programme, then the backstage list of the show.
  await page.getByRole('tab', { name: 'Print' }).click();
  const programme = page.getByTestId('programme');
  await expect(programme.getByRole('heading', { name: NAME })).toBeVisible();
  await expect(programme.getByText(/1\. /).first()).toBeVisible();
  // The intermission set above is marked between its numbers.
  await expect(programme.getByTestId('intermission')).toHaveText(/Intermission/i);
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('tab', { name: 'Numbers' })).toBeHidden();
  await photo(page, 'programme-print', { fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await bothWidths(page, 'programme');
  await page.getByText('Backstage list').click();
  await expect(
    page.getByTestId('backstage-list').getByRole('heading', { name: /^Backstage —/ }),
  ).toBeVisible();
  await bothWidths(page, 'backstage');

  // Archived: the demo's own recital leads the recital screens again.
  await page.getByRole('button', { name: 'Archive' }).click();
  await page
    .getByRole('dialog', { name: 'Archive the recital?' })
    .getByRole('button', { name: 'Archive' })
    .click();
  await expect(page.getByText('The recital is archived.')).toBeVisible();
  await expect(page.getByRole('heading', { name: NAME })).toBeHidden();

  // The demo's recital, its two locked numbers linking every number: the proposal uses both shows.
  const demo = (await (await page.request.get('/api/mystudio/recitals')).json()) as [
    true,
    { recitals: { id: string; name: string }[] },
  ];
  const spring = demo[1].recitals.find((r) => r.name.startsWith('Spring Recital'))!;
  const proposed = (await (
    await page.request.post(`/api/mystudio/recitals/${spring.id}/proposal`, {
      headers: { origin: new URL(page.url()).origin },
      data: {},
    })
  ).json()) as [true, { lengths: { showId: string; seconds: number }[] }];
  expect(proposed[1].lengths).toHaveLength(2);
  for (const l of proposed[1].lengths) expect(l.seconds).toBeGreaterThan(0);
});
