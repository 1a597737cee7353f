import { accountMessages, messages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { hartleyTuition } from '../../family-tuition/test/tuition-fixtures';
import { hartleyMoney } from '../../money/test/money-fixtures';
import {
  accountInfo,
  accountLog,
  accountStudents,
  accountTerms,
  FAMILY_ID,
  ownerSession,
  STUDENT_ID,
  USER_ID,
} from '../test/accounts-fixtures';
import { AccountOverviewPage } from './account-overview-page';

const ACCOUNT = `/api/mystudio/account/${FAMILY_ID}`;

function api(overrides: (url: string, method: string) => [number, unknown] | undefined = () => undefined) {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    const answer = overrides(url, method);
    if (answer) return answer;
    if (url === '/api/auth/me') return [200, [true, ownerSession()]];
    if (url === `${ACCOUNT}/info`) return [200, [true, accountInfo]];
    if (url === `${ACCOUNT}/students`) return [200, [true, accountStudents]];
    if (url === `${ACCOUNT}/toc`) return [200, [true, accountTerms]];
    if (url === `${ACCOUNT}/aboutStudio`)
      return [200, [true, { option: 'Instagram', notes: 'Saw the recital' }]];
    if (url.startsWith(`${ACCOUNT}/logs?`)) return [200, [true, accountLog]];
    if (url === `/api/mystudio/paymentSystem/account/${FAMILY_ID}`) return [200, [true, hartleyTuition]];
    if (url === `${ACCOUNT}/money`) return [200, [true, hartleyMoney()]];
    return undefined;
  });
}

function renderOverview(id = FAMILY_ID) {
  return renderWithProviders(
    <Routes>
      <Route path="/accounts/admin/accounts" element={<p>The list of accounts</p>} />
      <Route path="/accounts/admin/accounts/:id" element={<AccountOverviewPage />} />
    </Routes>,
    `/accounts/admin/accounts/${id}`,
  );
}

describe('AccountOverviewPage', () => {
  it('shows the family, its students, people, details, terms, about and log', async () => {
    api();
    renderOverview();
    expect(await screen.findByRole('heading', { name: 'Hartley family' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Emma Hartley' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'James Hartley' })).toBeTruthy();
    expect(screen.getByText('15 Park Place')).toBeTruthy();
    expect(await screen.findByText('Instagram')).toBeTruthy();
    expect(await screen.findByText(/^studio rules and policies$/i)).toBeTruthy();
    expect(await screen.findByText('Student Emma Hartley added')).toBeTruthy();
    // The log says who, and when in the studio's time zone (New York).
    const entry = screen.getByText('Student Emma Hartley added').closest('li')!;
    expect(entry.textContent).toContain('Olivia Bennett (Owner) · Nov 21, 2026, 9:30 AM');
  });

  it("shows the family's tuition: each class's price worked out, the month, the plan, and what waits for approval", async () => {
    api();
    renderOverview();
    expect(await screen.findByTestId('family-monthly', {}, { timeout: 5000 })).toHaveProperty(
      'textContent',
      '$159.50',
    );
    expect(screen.getByRole('heading', { name: 'Tuition' })).toBeTruthy();
    const tap = screen.getByRole('article', { name: 'Tap 1, Thu 4:00 PM' });
    expect(within(tap).getByTestId('class-final').textContent).toBe('$40.50');
    expect(screen.getByRole('heading', { name: 'Payment schedule: Half Year plan' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review in Approvals' }).getAttribute('href')).toBe(
      '/accounts/admin/registrations/pending',
    );
  });

  it("shows the family's money: what it owes, what is overdue, its open transaction", async () => {
    api();
    renderOverview();
    expect(await screen.findByRole('heading', { name: 'Money' })).toBeTruthy();
    expect((await screen.findByTestId('money-balance')).textContent).toBe('$79.50');
    expect(screen.getByTestId('money-overdue').textContent).toBe('$79.50');
    expect(screen.getByRole('heading', { name: 'Transaction #2' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Record payment' })).toBeTruthy();
  });

  it('lets a long name without spaces wrap in its card instead of running under the edit buttons', async () => {
    const long = 'Wolfeschlegelsteinhausenbergerdorff'.repeat(3).slice(0, 80);
    api((url) =>
      url === `${ACCOUNT}/info`
        ? [
            200,
            [
              true,
              {
                ...accountInfo,
                info: { ...accountInfo.info, lastName: long },
                users: accountInfo.users.map((u) => ({ ...u, lastName: long })),
              },
            ],
          ]
        : undefined,
    );
    renderOverview();
    const heading = await screen.findByRole('heading', { name: `${long} family` });
    expect(heading.style.overflowWrap).toBe('anywhere');
    // The person's card: the words wrap there, and the name's box may shrink beside the buttons.
    const person = screen.getByRole('group', { name: `James ${long}` });
    const card = person.closest('.mantine-Card-root') as HTMLElement;
    expect(card.style.overflowWrap).toBe('anywhere');
    const student = await screen.findByRole('article', { name: 'Emma Hartley' });
    expect(student.style.overflowWrap).toBe('anywhere');
  });

  it('says when the account does not exist, with a way back', async () => {
    api((url) =>
      url === `${ACCOUNT}/info` ? [404, [false, 'This account could not be found.']] : undefined,
    );
    renderOverview();
    expect(await screen.findByText('This account could not be found')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Back to the list of accounts/ }).getAttribute('href')).toBe(
      '/accounts/admin/accounts',
    );
  });

  it('edits a student through the owner call and says so', async () => {
    const user = userEvent.setup();
    const { calls } = api((url, method) =>
      url === '/api/mystudio/account/user/' && method === 'PUT' ? [200, [true, { msg: 'ok' }]] : undefined,
    );
    renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Edit Emma Hartley' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit student' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'First name' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'First name' }), 'Emily');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toMatchObject({
      type: 'student',
      user: { id: STUDENT_ID, firstName: 'Emily', lastName: 'Hartley', dob: '2016-05-21' },
    });
  });

  it('shows the server’s refusal of a delete under the spec’s title', async () => {
    const user = userEvent.setup();
    api((url, method) =>
      url === `/api/mystudio/account/user/user/${USER_ID}/${FAMILY_ID}` && method === 'DELETE'
        ? [422, [false, accountMessages.lastUser]]
        : undefined,
    );
    renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Delete James Hartley' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(accountMessages.personFailed)).toBeTruthy();
    expect(screen.getByText(accountMessages.lastUser)).toBeTruthy();
  });

  it('resends an invited user the invitation', async () => {
    const user = userEvent.setup();
    const { calls } = api((url, method) =>
      url === `${ACCOUNT}/invite/${USER_ID}` && method === 'POST'
        ? [200, [true, { msg: accountMessages.invitationSent('james@demo.example') }]]
        : undefined,
    );
    renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to James Hartley' }));
    expect(await screen.findByText(accountMessages.invitationSent('james@demo.example'))).toBeTruthy();
    expect(calls.some((c) => c.url === `${ACCOUNT}/invite/${USER_ID}`)).toBe(true);
  });

  it('deletes the account after asking, then goes back to the list', async () => {
    const user = userEvent.setup();
    const { calls } = api((url, method) =>
      url === `${ACCOUNT}/${FAMILY_ID}` && method === 'DELETE' ? [200, [true, { msg: 'ok' }]] : undefined,
    );
    renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: accountMessages.deleteConfirmTitle });
    expect(within(dialog).getByText(accountMessages.deleteConfirmText)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(accountMessages.deleted)).toBeTruthy();
    // The whole overview (its money panel too) is taken down first: on a busy machine, more than a second.
    expect(await screen.findByText('The list of accounts', {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.init?.method === 'DELETE')).toHaveLength(1));
    // The deleted family is not asked for again.
    expect(calls.filter((c) => c.url === `${ACCOUNT}/info`)).toHaveLength(1);
  });

  it('says when the account could not be deleted', async () => {
    const user = userEvent.setup();
    api((url, method) =>
      url === `${ACCOUNT}/${FAMILY_ID}` && method === 'DELETE'
        ? [500, [false, messages.unexpected]]
        : undefined,
    );
    renderOverview();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: accountMessages.deleteConfirmTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    // The product's title over the server's own sentence.
    expect(await screen.findByText(accountMessages.deleteFailed)).toBeTruthy();
    expect(screen.getByText(messages.unexpected)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hartley family' })).toBeTruthy();
  });
});
