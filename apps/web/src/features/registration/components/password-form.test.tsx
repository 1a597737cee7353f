import { messages } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { PASSWORD_MISMATCH } from '../registration-wizard';
import { PasswordForm, passwordErrors } from './password-form';

describe('passwordErrors (verify_password)', () => {
  it.each([
    ['Abc123', {}],
    ['abc123', { password: messages.passwordRule }],
    ['ABC123', { password: messages.passwordRule }],
    ['Abcdef', { password: messages.passwordRule }],
    ['Ab12', { password: messages.passwordRule }],
  ])('%s', (password, expected) => {
    expect(passwordErrors({ password, confirm: password })).toEqual(expected);
  });

  it('wants the confirmation to match', () => {
    expect(passwordErrors({ password: 'Abc123', confirm: 'Abc124' })).toEqual({ confirm: PASSWORD_MISMATCH });
  });
});

describe('PasswordForm', () => {
  it('shows the rule, then the mismatch, and sends only a valid password', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<PasswordForm onSubmit={onSubmit} submitting={false} />);
    const password = screen.getByLabelText(/^New password/);
    const confirm = screen.getByLabelText(/^Confirm new password/);

    await user.type(password, 'weakpass');
    await user.type(confirm, 'weakpass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(messages.passwordRule)).toBeTruthy();

    await user.clear(password);
    await user.type(password, 'Strong123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_MISMATCH)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(confirm);
    await user.type(confirm, 'Strong123');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('Strong123'));
  });
});
