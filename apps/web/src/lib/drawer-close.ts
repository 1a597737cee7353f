/**
 * A drawer's onClose that leaves it open while a dialog (a Mantine Modal) is open over it. Mantine
 * closes every open modal and drawer on Escape, the one underneath included; with this, Escape in a
 * dialog opened from a drawer closes only the dialog, and the next Escape the drawer.
 */
export function unlessDialogAbove(close: () => void): () => void {
  return () => {
    if (!document.querySelector('[data-modal-content]')) close();
  };
}
