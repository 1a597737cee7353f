import { messages } from '@pirouette/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '../../../lib/zod-form';
import { mockApi, renderWithProviders } from '../../../test/render';
import { NewLocationForm } from './location-dialog';

/** Pastes into a field: one change per field instead of one per keystroke keeps the test quick. */
async function fill(user: ReturnType<typeof userEvent.setup>, name: RegExp | string, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

async function fillLocation(user: ReturnType<typeof userEvent.setup>) {
  await fill(user, /^Name/, 'Main Studio');
  await fill(user, /^Street address/, '12 Bloomfield Ave');
  await fill(user, /^City/, 'Montclair');
  await user.click(screen.getByRole('textbox', { name: /^State/ }));
  await user.click(await screen.findByRole('option', { name: 'New Jersey (NJ)', hidden: true }));
  await fill(user, /^ZIP code/, '07042');
  await fill(user, /^Phone/, '9735550142');
}

describe('NewLocationForm', () => {
  it('asks for every field and a named room before sending anything', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(() => undefined);
    renderWithProviders(<NewLocationForm onDone={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Create location' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(7);
    expect(calls).toHaveLength(0);
  });

  it('keeps at least one room row: the only row cannot be removed', async () => {
    const user = userEvent.setup();
    mockApi(() => undefined);
    renderWithProviders(<NewLocationForm onDone={vi.fn()} onCancel={vi.fn()} />);
    const removeFirst = screen.getByRole('button', { name: 'Remove room 1' }) as HTMLButtonElement;
    expect(removeFirst.disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    expect((screen.getByRole('button', { name: 'Remove room 1' }) as HTMLButtonElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove room 2' }));
    expect(screen.queryByRole('textbox', { name: 'Room 2 name' })).toBeNull();
  });

  it('sends the location with its named rooms, drops blank rows, and closes on success', async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    const { calls } = mockApi((url, init) =>
      url === '/api/mystudio/locations' && init?.method === 'POST'
        ? [200, [true, { LocID: 'l', RoomIDs: ['r1', 'r2'], msg: messages.insertSuccessful }]]
        : undefined,
    );
    renderWithProviders(<NewLocationForm onDone={onDone} onCancel={vi.fn()} />);
    await fillLocation(user);
    await fill(user, 'Room 1 name', 'Studio A');
    await fill(user, 'Room 1 description', 'Sprung floor');
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    await user.click(screen.getByRole('button', { name: 'Add room' }));
    await fill(user, 'Room 3 name', 'Studio B');
    await user.click(screen.getByRole('button', { name: 'Create location' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await screen.findByText(messages.insertSuccessful)).toBeTruthy();
    const post = calls.find((c) => c.init?.method === 'POST');
    expect(JSON.parse(String(post?.init?.body))).toEqual({
      loc: {
        name: 'Main Studio',
        address: '12 Bloomfield Ave',
        city: 'Montclair',
        state: 'NJ',
        zipcode: '07042',
        phone: '(973) 555-0142',
      },
      rooms: [
        { name: 'Studio A', description: 'Sprung floor' },
        { name: 'Studio B', description: '' },
      ],
    });
  });

  it("shows the server's refusal and stays open", async () => {
    const user = userEvent.setup();
    const onDone = vi.fn();
    mockApi((url) =>
      url === '/api/mystudio/locations' ? [400, [false, messages.insufficientData]] : undefined,
    );
    renderWithProviders(<NewLocationForm onDone={onDone} onCancel={vi.fn()} />);
    await fillLocation(user);
    const row = screen.getByRole('textbox', { name: 'Room 1 name' });
    await user.type(row, 'Studio A');
    await user.click(screen.getByRole('button', { name: 'Create location' }));
    expect(await screen.findByText(messages.insufficientData)).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    expect(within(document.body).getByRole('button', { name: 'Create location' })).toBeTruthy();
  });
});
