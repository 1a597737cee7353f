import { afterEach, describe, expect, it, vi } from 'vitest';
import { unlessDialogAbove } from './drawer-close';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('unlessDialogAbove', () => {
  it('closes the drawer when no dialog is open over it', () => {
    const close = vi.fn();
    unlessDialogAbove(close)();
    expect(close).toHaveBeenCalledOnce();
  });

  it('leaves the drawer open while a dialog is open over it', () => {
    const dialog = document.createElement('section');
    dialog.setAttribute('data-modal-content', 'true');
    document.body.append(dialog);
    const close = vi.fn();
    unlessDialogAbove(close)();
    expect(close).not.toHaveBeenCalled();
  });
});
