import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { dialogStyles } from './config-dialog';

type Props = {
  opened: boolean;
  title: string;
  children: ReactNode;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Styles the title as a heading, as the dialog it stands for does (see ConfigDialog). */
  headingTitle?: boolean;
  /** The confirming button's word: "Delete" unless what goes is only taken off something ("Remove"). */
  confirmLabel?: string;
};

/** The 'del' mode of a dialog: says what goes, and asks once. */
export function ConfirmDeleteDialog({
  opened,
  title,
  children,
  loading,
  onConfirm,
  onClose,
  headingTitle,
  confirmLabel = 'Delete',
}: Props) {
  return (
    <Modal
      styles={headingTitle ? dialogStyles : undefined}
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      radius="lg"
    >
      <Stack gap="lg">
        <Text>{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
