import { messages, scheduleMessages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { BALLET_1, LOCATION, ROOM_A, schedule, scheduleApi } from '../schedule-test-data';
import { ClassSchedulePage } from './class-schedule-page';

const PATH = `/accounts/admin/schedule/class?loc=${LOCATION}&room=${ROOM_A}`;

/** A laptop: the class opens beside the week. */
function laptop() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('min-width: 75em'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as MediaQueryList,
  );
}

describe('ClassSchedulePage', () => {
  it("shows the room's week with each class's facts, full and closed marked", async () => {
    laptop();
    scheduleApi();
    renderWithProviders(<ClassSchedulePage />, PATH);
    const ballet = await screen.findByRole('button', { name: /^Ballet 1, Monday 5:00 – 6:00 PM/ });
    expect(ballet.getAttribute('aria-label')).toContain(
      'Camille Durand, Beginner, Ages 6–8, 2 of 12 students',
    );
    const team = screen.getByRole('button', { name: /^Competition Team, Wednesday/ });
    expect(team.getAttribute('aria-label')).toContain('(full, closed)');
    expect(within(team).getByText(/Full/)).toBeTruthy();
    expect(screen.getByText(/2 classes · 4 students registered/)).toBeTruthy();
  });

  it('opens a class on click and closes it on a second click', async () => {
    laptop();
    const user = userEvent.setup();
    const api = scheduleApi();
    renderWithProviders(<ClassSchedulePage />, PATH);
    const ballet = await screen.findByRole('button', { name: /^Ballet 1,/ });
    await user.click(ballet);
    const panel = await screen.findByRole('region', { name: 'Class Ballet 1' });
    expect(await within(panel).findByText('Waltz')).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toContain(`/api/mystudio/schedule/class/info/${BALLET_1}`);
    await user.click(screen.getByRole('button', { name: /^Ballet 1,/ }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Class Ballet 1' })).toBeNull());
  });

  it('adds a class from a day column with the day and the 002 §5 defaults preset', async () => {
    laptop();
    const user = userEvent.setup();
    const api = scheduleApi((url, method) =>
      url === '/api/mystudio/schedule/class' && method === 'POST'
        ? [
            200,
            [true, { id: BALLET_1, msg: messages.insertSuccessful, warning: 'Note: Camille also teaches.' }],
          ]
        : undefined,
    );
    renderWithProviders(<ClassSchedulePage />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Add class on Monday' }));
    const dialog = await screen.findByRole('dialog', { name: 'New class' });
    expect((within(dialog).getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe(
      'Class # 1-2',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add class' }));
    expect(await screen.findByText(messages.insertSuccessful)).toBeTruthy();
    expect(screen.getByText('Note: Camille also teaches.')).toBeTruthy();
    const post = api.calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toMatchObject({
      class: {
        name: 'Class # 1-2',
        day: 0,
        timeStart: '18:00',
        timeEnd: '19:00',
        roomID: ROOM_A,
        age_min: 0,
      },
      dncNum: [],
    });
  });

  it('keeps the dialog open with the server’s refusal when the room is taken', async () => {
    laptop();
    const user = userEvent.setup();
    const taken = 'Studio A already has Ballet 1 on Monday from 5:00 PM to 6:00 PM.';
    scheduleApi((url, method) =>
      url === '/api/mystudio/schedule/class' && method === 'POST' ? [409, [false, taken]] : undefined,
    );
    renderWithProviders(<ClassSchedulePage />, PATH);
    await user.click(await screen.findByRole('button', { name: 'Add class on Tuesday' }));
    const dialog = await screen.findByRole('dialog', { name: 'New class' });
    await user.click(within(dialog).getByRole('button', { name: 'Add class' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(taken);
  });

  it('edits a class with PUT of its fields alone, closes, and shows the teacher’s clash as a note', async () => {
    laptop();
    const user = userEvent.setup();
    const api = scheduleApi((url, method) =>
      url === `/api/mystudio/schedule/class/${BALLET_1}` && method === 'PUT'
        ? [
            200,
            [true, { id: BALLET_1, msg: messages.updateSuccessful, warning: 'Note: Camille also teaches.' }],
          ]
        : undefined,
    );
    renderWithProviders(<ClassSchedulePage />, `${PATH}&class=${BALLET_1}`);
    const panel = await screen.findByRole('region', { name: 'Class Ballet 1' });
    await user.click(within(panel).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit class' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'Ballet 1A');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();
    expect(screen.getByText('Note: Camille also teaches.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit class' })).toBeNull());
    const put = JSON.parse(String(api.calls.find((c) => c.init?.method === 'PUT')?.init?.body));
    expect(put).toMatchObject({ name: 'Ballet 1A', roomID: ROOM_A });
    expect(put).not.toHaveProperty('dncNum');
  });

  it('says how many students a deleted class takes with it', async () => {
    laptop();
    const user = userEvent.setup();
    scheduleApi();
    renderWithProviders(<ClassSchedulePage />, `${PATH}&class=${BALLET_1}`);
    const panel = await screen.findByRole('region', { name: 'Class Ballet 1' });
    await user.click(within(panel).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete class' });
    expect(dialog.textContent).toContain('2 students are registered in it');
    expect(dialog.textContent).toContain('their registrations and the class’s dance numbers are deleted');
  });

  it('clears the room when the location changes, and asks for a room before adding a class', async () => {
    laptop();
    const user = userEvent.setup();
    scheduleApi();
    renderWithProviders(<ClassSchedulePage />, PATH);
    await screen.findByRole('button', { name: /^Ballet 1,/ });
    await user.click(screen.getByRole('textbox', { name: 'Location' }));
    await user.click(await screen.findByRole('option', { name: 'Uptown', hidden: true }));
    expect(await screen.findByText('This location has no rooms')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Ballet 1,/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New class' }));
    expect(await screen.findByText(scheduleMessages.noRoomSelected)).toBeTruthy();
  });

  it('sends the owner to Locations when the studio has none', async () => {
    scheduleApi(undefined, schedule({ loc: [], rm: [], cls: [], selIDs: { locID: null, rmID: null } }));
    renderWithProviders(<ClassSchedulePage />, '/accounts/admin/schedule/class');
    expect(await screen.findByText('No locations yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Locations' }).getAttribute('href')).toBe(
      '/accounts/admin/myStudio/locations',
    );
  });
});
