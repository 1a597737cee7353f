import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '../../../lib/zod-form';
import { renderWithProviders } from '../../../test/render';
import { TeacherForm, teacherValues } from './teacher-form';

const maria = {
  id: '77777777-7777-4777-8777-777777777777',
  firstName: 'Maria',
  lastName: 'Tallchief',
  address: '1 Ballet Way',
  city: 'Montclair',
  state: 'NJ',
  zipcode: '07042',
  phone: '9735550177',
  email: 'maria@example.com',
};

describe('teacherValues', () => {
  it('starts a new teacher empty and an existing one with the phone as (000) 000-0000', () => {
    expect(Object.values(teacherValues(null)).every((v) => v === '')).toBe(true);
    const { id: _id, ...fields } = maria;
    expect(teacherValues(maria)).toEqual({ ...fields, phone: '(973) 555-0177' });
  });
});

/** Pastes into a field: one change per field instead of one per keystroke keeps the test quick. */
async function fill(user: ReturnType<typeof userEvent.setup>, name: RegExp, text: string) {
  await user.click(screen.getByRole('textbox', { name }));
  await user.paste(text);
}

describe('TeacherForm', () => {
  it('wants every field, and a valid e-mail, before it submits', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(
      <TeacherForm teacher={null} submitting={false} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    await user.click(screen.getByRole('button', { name: 'Add teacher' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(8);

    await fill(user, /^First name/, 'Maria');
    await fill(user, /^Last name/, 'Tallchief');
    await fill(user, /^E-mail/, 'maria@');
    await fill(user, /^Phone/, '973555');
    await fill(user, /^Street address/, '1 Ballet Way');
    await fill(user, /^City/, 'Montclair');
    await user.click(screen.getByRole('textbox', { name: /^State/ }));
    await user.click(await screen.findByRole('option', { name: 'New Jersey (NJ)', hidden: true }));
    await fill(user, /^ZIP code/, '07042');
    await user.click(screen.getByRole('button', { name: 'Add teacher' }));
    expect(await screen.findByText('Please enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('Please enter a 10-digit phone number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await fill(user, /^E-mail/, 'example.com');
    await fill(user, /^Phone/, '0177');
    await user.click(screen.getByRole('button', { name: 'Add teacher' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        {
          firstName: 'Maria',
          lastName: 'Tallchief',
          address: '1 Ballet Way',
          city: 'Montclair',
          state: 'NJ',
          zipcode: '07042',
          phone: '(973) 555-0177',
          email: 'maria@example.com',
        },
        expect.anything(),
      ),
    );
  });

  it('edits an existing teacher from its current fields', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(
      <TeacherForm teacher={maria} submitting={false} onSubmit={onSubmit} onCancel={vi.fn()} />,
    );
    const last = screen.getByRole('textbox', { name: /^Last name/ });
    await user.clear(last);
    await user.type(last, 'Fonteyn');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ lastName: 'Fonteyn', phone: '(973) 555-0177' });
  });
});
