import { messages, termsDocumentMessages } from '@pirouette/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithProviders } from '../../../test/render';
import { isUnchanged } from '../document-edit';
import { DocumentEditForm } from './document-edit-dialog';

const doc = {
  id: '88888888-8888-4888-8888-888888888888',
  title: 'studio rules and policies',
  content: 'No refunds.\nBe kind.',
  version: 2,
  updatedAt: '2026-11-21T15:00:00.000Z',
};
const URL = `/api/mystudio/documents/${doc.id}`;

describe('isUnchanged', () => {
  it.each([
    [{ title: doc.title, content: doc.content }, true],
    [{ title: ` ${doc.title} `, content: 'No refunds.\r\nBe kind.\n' }, true],
    [{ title: doc.title, content: 'No refunds.' }, false],
    [{ title: 'Studio rules', content: doc.content }, false],
  ])('%j → %s', (values, expected) => {
    expect(isUnchanged(doc, values)).toBe(expected);
  });
});

describe('DocumentEditForm', () => {
  it('saves only a real change, as the next version, and closes', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { calls } = mockApi((url, init) =>
      url === URL && init?.method === 'PUT'
        ? [200, [true, { msg: messages.updateSuccessful, version: 3 }]]
        : undefined,
    );
    renderWithProviders(<DocumentEditForm doc={doc} onClose={onClose} />);
    const save = screen.getByRole('button', { name: 'Save version 3' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByText('No changes yet')).toBeTruthy();
    expect(screen.getByText('20 / 20,000 characters')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: /^Text/ }), '{Enter}Be on time.');
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(messages.updateSuccessful)).toBeTruthy();
    const put = calls.find((c) => c.init?.method === 'PUT');
    expect(JSON.parse(String(put?.init?.body))).toEqual({
      title: doc.title,
      content: 'No refunds.\nBe kind.\nBe on time.',
    });
  });

  it('asks for a title and text, and shows the server refusal', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    const { calls } = mockApi((url) =>
      url === URL ? [422, [false, termsDocumentMessages.nothingChanged]] : undefined,
    );
    renderWithProviders(<DocumentEditForm doc={doc} onClose={onClose} />);
    await user.clear(screen.getByRole('textbox', { name: /^Title/ }));
    await user.clear(screen.getByRole('textbox', { name: /^Text/ }));
    await user.click(screen.getByRole('button', { name: 'Save version 3' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(calls).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Rules');
    await user.type(screen.getByRole('textbox', { name: /^Text/ }), 'New text');
    await user.click(screen.getByRole('button', { name: 'Save version 3' }));
    expect(await screen.findByText(termsDocumentMessages.nothingChanged)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
