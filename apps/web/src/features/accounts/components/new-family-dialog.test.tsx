import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { NewFamilyDialog } from './new-family-dialog';

describe('NewFamilyDialog', () => {
  it('opens with its form, loaded after the list, and the first field focused', async () => {
    renderWithProviders(<NewFamilyDialog opened onClose={() => undefined} />, '/accounts/admin/accounts');
    const dialog = await screen.findByRole('dialog', { name: 'New family' });
    const first = (await screen.findAllByLabelText('First name'))[0]!;
    expect(dialog.contains(first)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(screen.getByRole('button', { name: 'Create family' })).toBeTruthy();
  });

  it('shows nothing while closed', async () => {
    renderWithProviders(
      <NewFamilyDialog opened={false} onClose={() => undefined} />,
      '/accounts/admin/accounts',
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
