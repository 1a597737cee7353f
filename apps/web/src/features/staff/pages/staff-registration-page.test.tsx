import { STAFF_TEXT, type StaffMember } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { StaffRegistrationPage } from './staff-registration-page';

const URL = '/api/mystudio/staff/registration';
const member = (id: string, firstName: string, over: Partial<StaffMember>): StaffMember => ({
  teacherID: `${id}7777777-7777-4777-8777-777777777777`,
  firstName,
  lastName: 'Ortiz',
  email: `${firstName.toLowerCase()}@teach.example`,
  state: 'none',
  invitedAt: null,
  expiresAt: null,
  expired: false,
  activeSince: null,
  revokedAt: null,
  ...over,
});
const none = member('1', 'Nora', {});
const invited = member('2', 'Ines', {
  state: 'invited',
  invitedAt: '2026-11-20T15:00:00.000Z',
  expiresAt: '2026-11-27T15:00:00.000Z',
});
const expired = member('3', 'Elio', {
  state: 'invited',
  invitedAt: '2026-11-01T15:00:00.000Z',
  expiresAt: '2026-11-08T15:00:00.000Z',
  expired: true,
});
const active = member('4', 'Ada', { state: 'active', activeSince: '2026-11-01T15:00:00.000Z' });
const revoked = member('5', 'Rui', { state: 'revoked', revokedAt: '2026-11-10T15:00:00.000Z' });

function api(list: StaffMember[]) {
  return mockApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (url === URL && method === 'GET') return [200, [true, list]];
    if (url === URL && method === 'POST') return [200, [true, { msg: STAFF_TEXT.invited('Nora Ortiz') }]];
    if (url.startsWith(`${URL}/`) && method === 'DELETE')
      return [200, [true, { msg: STAFF_TEXT.revoked('Ada Ortiz') }]];
    return undefined;
  });
}

const cardOf = async (name: string) =>
  (await screen.findByText(name)).closest('.mantine-Card-root') as HTMLElement;

describe('StaffRegistrationPage', () => {
  it('shows each state with its badge and only the actions that fit it; no link on screen', async () => {
    api([none, invited, expired, active, revoked]);
    renderWithProviders(<StaffRegistrationPage />);
    const n = await cardOf('Nora Ortiz');
    expect(within(n).getByText('No sign-in')).toBeTruthy();
    expect(within(n).getByRole('button', { name: 'Invite Nora Ortiz' })).toBeTruthy();
    expect(within(n).queryByRole('button', { name: /Revoke/ })).toBeNull();
    const i = await cardOf('Ines Ortiz');
    expect(within(i).getByText('Invited')).toBeTruthy();
    expect(within(i).getByRole('button', { name: 'Send again to Ines Ortiz' })).toBeTruthy();
    expect(within(i).getByRole('button', { name: 'Revoke Ines Ortiz' })).toBeTruthy();
    expect(within(await cardOf('Elio Ortiz')).getByText('Link expired')).toBeTruthy();
    const a = await cardOf('Ada Ortiz');
    expect(within(a).getByText('Signs in')).toBeTruthy();
    expect(within(a).queryByRole('button', { name: /Invite|Send again/ })).toBeNull();
    expect(within(await cardOf('Rui Ortiz')).getByText('Revoked')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/staff\/invitation/);
  });

  it('invites with the teacher id and says so', async () => {
    const user = userEvent.setup();
    const { calls } = api([none]);
    renderWithProviders(<StaffRegistrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Invite Nora Ortiz' }));
    expect(await screen.findByText(STAFF_TEXT.invited('Nora Ortiz'))).toBeTruthy();
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({ teacherID: none.teacherID });
  });

  it('revokes only after the confirm dialog', async () => {
    const user = userEvent.setup();
    const { calls } = api([active]);
    renderWithProviders(<StaffRegistrationPage />);
    await user.click(await screen.findByRole('button', { name: 'Revoke Ada Ortiz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke sign-in' });
    expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(STAFF_TEXT.revoked('Ada Ortiz'))).toBeTruthy();
    expect(calls.filter((c) => c.init?.method === 'DELETE').map((c) => c.url)).toEqual([
      `${URL}/${active.teacherID}`,
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke sign-in' })).toBeNull());
  });

  it('with no teacher, points to Staff → Teachers', async () => {
    api([]);
    renderWithProviders(<StaffRegistrationPage />);
    expect(await screen.findByText('No teachers to invite yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Staff → Teachers' }).getAttribute('href')).toBe(
      '/accounts/admin/staff',
    );
  });
});
