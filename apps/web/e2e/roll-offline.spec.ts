import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { OWNER, photo, signIn } from './helpers';

type DayMeetings = {
  date: string;
  meetings: { clSchID: string; name: string; expected: number; marked: number; closure: unknown }[];
};
type Roll = { dancers: { stdID: string; firstName: string; mark: string | null }[] };

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/**
 * The roll on a phone (issue 36, decision 063), taken by the demo studio's owner (the teacher's own
 * sign-in is another part's; the API tests take a teacher's roll): one tap saved at once, then the network
 * cut: the taps wait on the phone, shown as not sent; the network back: each arrives, once.
 */
test('the owner takes a roll on a phone, part of it offline, and every mark arrives once', async ({
  page,
  context,
}) => {
  await page.goto('/login');
  await signIn(page, OWNER);

  // The latest past meeting with dancers and no marks yet.
  let found: { date: string; classId: string; name: string } | null = null;
  for (let back = 1; back <= 14 && !found; back++) {
    const date = new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const res = await page.request.get(`/api/mystudio/attendance/meetings?date=${date}`);
    const day = (await res.json())[1] as DayMeetings;
    const m = day.meetings.find((x) => x.expected >= 3 && x.marked === 0 && !x.closure);
    if (m) found = { date: day.date, classId: m.clSchID, name: m.name };
  }
  expect(found, 'a past meeting with three dancers').not.toBeNull();
  const { date, classId, name } = found!;

  // What each answer says landed (saved), or had landed already (ignored: a tap sent again after its
  // answer was lost on the way), to prove every tap is settled and nothing lands twice. An answer whose
  // body could not be read is counted, so a failure says which it was.
  const saved: string[] = [];
  const settled = new Set<string>();
  let unread = 0;
  page.on('response', async (response) => {
    if (response.request().method() === 'PUT' && response.url().includes('/api/mystudio/attendance/')) {
      const body = await response.json().catch(() => null);
      if (!body) unread++;
      if (!body?.[0]) return;
      const answer = body[1] as { saved: string[]; ignored: string[] };
      saved.push(...answer.saved);
      for (const id of [...answer.saved, ...answer.ignored]) settled.add(id);
    }
  });

  // The installed app's worker is in charge before the pages it must keep are loaded.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(`/accounts/admin/schedule/attendance?date=${date}`);
  await page.getByTestId('meeting-card').filter({ hasText: name }).first().click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const rows = page.getByTestId('roll-row');
  await expect(rows.first()).toBeVisible();
  const roll = (
    await (await page.request.get(`/api/mystudio/attendance/class/${classId}/${date}`)).json()
  )[1] as Roll;
  const [first, second, third] = roll.dancers;

  const axe = await new AxeBuilder({ page }).analyze();
  expect(axe.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

  // Online: one tap on the name marks present, and is saved.
  await page.getByRole('button', { name: new RegExp(`^${first!.firstName} .*: mark present$`) }).click();
  await expect(page.getByTestId('roll-status')).toHaveText('All marks saved');
  await expect(rows.nth(0)).toHaveAttribute('data-mark', 'present');

  // Offline: the next taps wait on the phone.
  await context.setOffline(true);
  await rows.nth(1).locator('label').filter({ hasText: 'Absent' }).click();
  await rows.nth(2).locator('label').filter({ hasText: 'Late' }).click();
  await expect(page.getByTestId('roll-status')).toHaveText('2 marks not sent yet (offline)');
  await expect(page.getByText('Not sent', { exact: true })).toHaveCount(2);
  await photo(page, 'roll-offline-390', { fullPage: true });

  // A reload without a connection: the shell from the worker, the roll as last loaded, the taps still waiting.
  await page.reload();
  // The page comes from the worker and the roll from the phone's copy: beside the Vitest run on two
  // cores this took past the 10 s of an expect (a fresh-clone run, 2026-12-02; its screenshot showed it
  // a moment later).
  await expect(page.getByTestId('roll-kept')).toContainText('Shown as last loaded: offline', {
    timeout: 30_000,
  });
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText('Not sent', { exact: true })).toHaveCount(2);
  await expect(rows.nth(1)).toHaveAttribute('data-mark', 'absent');
  await expect(page.getByTestId('roll-status')).toHaveText('2 marks not sent yet (offline)');
  await photo(page, 'roll-offline-reload-390', { fullPage: true });
  // The day's list, as last loaded, says which meeting has marks not sent.
  await page.getByRole('link', { name: 'Meetings of the day' }).click();
  await expect(page.getByTestId('day-kept')).toBeVisible();
  await expect(
    page.getByTestId('meeting-card').filter({ hasText: name }).getByTestId('meeting-unsent'),
  ).toBeVisible();
  await photo(page, 'day-offline-390', { fullPage: true });
  await page.getByTestId('meeting-card').filter({ hasText: name }).first().click();
  await expect(page.getByText('Not sent', { exact: true })).toHaveCount(2);

  // Back online: they are sent, and the badges go.
  await context.setOffline(false);
  await expect(page.getByTestId('roll-status')).toHaveText('All marks saved', { timeout: 20_000 });
  await expect(page.getByText('Not sent', { exact: true })).toHaveCount(0);

  const after = (
    await (await page.request.get(`/api/mystudio/attendance/class/${classId}/${date}`)).json()
  )[1] as Roll;
  const markOf = (id: string) => after.dancers.find((d) => d.stdID === id)?.mark;
  expect([markOf(first!.stdID), markOf(second!.stdID), markOf(third!.stdID)]).toEqual([
    'present',
    'absent',
    'late',
  ]);
  // The listener reads each answer's body on its own time: on a busy machine the last one may come after
  // the screen has said so. (A fresh clone's run on a slow day saw one saved where three were settled on
  // the server: a failure now shows whether the others came back ignored, or unread.)
  await expect
    .poll(() => `${settled.size} settled (${saved.length} saved, ${unread} answers unread)`, {
      timeout: 30_000,
    })
    .toMatch(/^3 settled /);
  expect(new Set(saved).size, 'no tap saved twice').toBe(saved.length);

  // A reload keeps nothing waiting, and shows the marks from the server.
  await page.reload();
  await expect(rows.nth(1)).toHaveAttribute('data-mark', 'absent');
  await photo(page, 'roll-390', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await photo(page, 'roll-1280', { fullPage: true });
});
