import { type AnswerOf, importCalls } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../test/fake-api';
import { mockApi, renderWithProviders } from '../../../test/render';
import { InvitationsPage } from './invitations-page';

type Parent = AnswerOf<typeof importCalls.parents>['parents'][number];

const id = (n: number) => `0000000${n}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`;
const FAMILY = 'ffffffff-ffff-4fff-8fff-ffffffffffff';

const parent = (n: number, over: Partial<Parent> = {}): Parent => ({
  id: id(n),
  familyId: FAMILY,
  family: `Family${n}`,
  name: `Parent ${n}`,
  email: `parent${n}@example.com`,
  invitedAt: null,
  joined: false,
  ...over,
});

const parents = [
  parent(1),
  parent(2),
  parent(3, { invitedAt: '2026-11-20T10:00:00.000Z' }),
  parent(4, { joined: true }),
];

function api() {
  return mockApi((url, init) => {
    if (url.startsWith('/api/mystudio/imports/parents'))
      return answer(importCalls.parents, { parents, page: 1, pages: 1, total: 4, waiting: 12 });
    if (url === '/api/mystudio/imports/invitations' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { all?: true; ids?: string[] };
      const sent = body.all ? 12 : (body.ids?.length ?? 0);
      return answer(importCalls.invite, { msg: `${sent} invitations sent.`, sent });
    }
    return undefined;
  });
}

const sentBodies = (calls: ReturnType<typeof api>['calls']) =>
  calls.filter((c) => c.init?.method === 'POST').map((c) => JSON.parse(String(c.init?.body)));

describe('InvitationsPage', () => {
  it('says nobody has been e-mailed, lists the parents not yet invited, and sends the ids picked', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<InvitationsPage />);
    expect(await screen.findByText('Nobody has been e-mailed until now')).toBeTruthy();
    expect(calls[0]?.url).toBe('/api/mystudio/imports/parents?page=1&invited=0');
    expect(screen.getByText('12 parents are not yet invited.')).toBeTruthy();

    // A parent who set a password already cannot be picked.
    const joined = screen.getByRole('checkbox', { name: /Invite Parent 4/ }) as HTMLInputElement;
    expect(joined.disabled).toBe(true);

    await user.click(screen.getByRole('checkbox', { name: /Invite Parent 1/ }));
    await user.click(screen.getByRole('checkbox', { name: /Invite Parent 3/ }));
    expect(screen.getByText('2 parents picked')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Invite the 2 picked' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invitations?' });
    expect(within(dialog).getByText(/2 e-mails go out now, one to each parent you picked/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send 2 invitations' }));

    expect(await screen.findByText('2 invitations sent.')).toBeTruthy();
    expect(sentBodies(calls)).toEqual([{ ids: [id(1), id(3)] }]);
    await waitFor(() => expect(screen.getByText('Pick parents to invite them.')).toBeTruthy());
  });

  it('picks a whole page but those who joined, and unpicks it', async () => {
    const user = userEvent.setup();
    api();
    renderWithProviders(<InvitationsPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Pick every parent of this page' }));
    expect(screen.getByText('3 parents picked')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Pick every parent of this page' }));
    expect(screen.getByText('Pick parents to invite them.')).toBeTruthy();
  });

  it('invites all those waiting, saying how many e-mails go out', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<InvitationsPage />);
    await user.click(await screen.findByRole('button', { name: 'Invite all 12' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the invitations?' });
    expect(
      within(dialog).getByText(/12 e-mails go out now, one to every imported parent not yet invited/),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Send 12 invitations' }));
    expect(await screen.findByText('12 invitations sent.')).toBeTruthy();
    expect(sentBodies(calls)).toEqual([{ all: true }]);
  });

  it('shows every imported parent on asking', async () => {
    const user = userEvent.setup();
    const { calls } = api();
    renderWithProviders(<InvitationsPage />);
    await user.click(await screen.findByText('Every imported parent'));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/mystudio/imports/parents?page=1')).toBe(true),
    );
    expect(screen.getByText('Joined')).toBeTruthy();
    expect(screen.getByText('Invited Nov 20, 2026')).toBeTruthy();
  });
});
