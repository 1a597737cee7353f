import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { REQUIRED } from '../../../lib/zod-form';
import { renderWithProviders } from '../../../test/render';
import { newClassValues } from '../class-form-values';
import { inputs, JAZZ, ROOM_A, TERM } from '../schedule-test-data';
import { ClassForm } from './class-form';

const start = () => newClassValues({ day: 3, dayClasses: [], yearTermID: TERM, roomID: ROOM_A, inputs });

function renderForm(onSubmit = vi.fn()) {
  renderWithProviders(
    <ClassForm
      initialValues={start()}
      inputs={inputs}
      isNew
      submitting={false}
      error={null}
      onSubmit={onSubmit}
      onCancel={vi.fn()}
    />,
  );
  return onSubmit;
}

describe('ClassForm', () => {
  it('starts with the 002 §5 defaults and keeps the length when the start moves', () => {
    renderForm();
    expect((screen.getByRole('textbox', { name: /^Name/ }) as HTMLInputElement).value).toBe('Class # 4-1');
    const from = screen.getByLabelText(/^Starts/) as HTMLInputElement;
    const to = screen.getByLabelText(/^Ends/) as HTMLInputElement;
    expect([from.value, to.value]).toEqual(['16:00', '17:00']);
    fireEvent.change(from, { target: { value: '17:30' } });
    expect(to.value).toBe('18:30');
    // Cleared and typed again, it takes the length of its price (60 minutes).
    fireEvent.change(to, { target: { value: '' } });
    fireEvent.change(from, { target: { value: '09:00' } });
    expect(to.value).toBe('10:00');
  });

  it('refuses a blank name and a class that ends before it starts, as the server would', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.clear(screen.getByRole('textbox', { name: /^Name/ }));
    const to = screen.getByLabelText(/^Ends/);
    await user.clear(to);
    await user.type(to, '15:00');
    await user.click(screen.getByRole('button', { name: 'Add class' }));
    expect(await screen.findByText(REQUIRED)).toBeTruthy();
    expect(screen.getByText('The class must end after it starts.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('wants a name and a genre for each dance number it adds', async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add dance number' }));
    await user.click(screen.getByRole('button', { name: 'Add class' }));
    expect(await screen.findAllByText(REQUIRED)).toHaveLength(2);
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Dance number 1 name/ }), 'Firework');
    const genre = screen.getByRole('textbox', { name: /^Dance number 1 genre/ });
    await user.click(genre);
    const list = document.getElementById(genre.getAttribute('aria-controls') ?? '')!;
    await user.click(within(list).getByRole('option', { name: 'Jazz', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Add class' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit.mock.calls[0]?.[0].dncNum).toEqual([{ name: 'Firework', genreID: JAZZ }]);
  });
});
