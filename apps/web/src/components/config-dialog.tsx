import { Modal, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Fragment, type ReactNode } from 'react';
import type { DialogState } from '../lib/use-dialog';
import { dialogStyles } from './dialog-styles';

export { dialogStyles };

type Props<T> = {
  state: DialogState<T> | null;
  opened: boolean;
  onClose: () => void;
  titles: { new: string; edit: string };
  size?: ModalProps['size'];
  /** A long form takes the whole screen of a phone. */
  fullScreenOnPhone?: boolean;
  /** Styles the title as a heading (`dialogStyles`). */
  headingTitle?: boolean;
  /** The del mode, for the dialog's target: usually a ConfirmDeleteDialog. */
  confirmDelete: (target: T) => ReactNode;
  /** The form of the new mode (no target) and of the edit mode (its target). */
  children: (target: T | null) => ReactNode;
};

/**
 * A studio configuration dialog in the spec's three modes, new, edit and del (002 §2). Each opening
 * renders its form or confirmation afresh (keyed by `state.key`), so nothing of the last one lingers.
 */
export function ConfigDialog<T>({
  state,
  opened,
  onClose,
  titles,
  size,
  fullScreenOnPhone = false,
  headingTitle = false,
  confirmDelete,
  children,
}: Props<T>) {
  const isPhone = useMediaQuery('(max-width: 36em)');
  if (!state) return null;
  if (state.mode === 'del') {
    return state.target ? <Fragment key={state.key}>{confirmDelete(state.target)}</Fragment> : null;
  }
  return (
    <Modal
      styles={headingTitle ? dialogStyles : undefined}
      opened={opened}
      onClose={onClose}
      title={titles[state.mode]}
      size={size}
      radius="lg"
      centered
      fullScreen={fullScreenOnPhone && isPhone}
    >
      <Fragment key={state.key}>{children(state.mode === 'edit' ? state.target : null)}</Fragment>
    </Modal>
  );
}
