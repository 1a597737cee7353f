import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type CardOnFile, cardLabel } from '@pirouette/domain';
import { dialogStyles } from '../../../components/config-dialog';

/** Asks once before a card on file goes: what stops with it (auto-pay), and that nothing is charged. */
export function RemoveCardDialog({
  card,
  opened,
  loading,
  whose,
  onConfirm,
  onClose,
}: {
  card: CardOnFile;
  opened: boolean;
  loading: boolean;
  /** "your family's" for a parent, "the family's" for the owner. */
  whose: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Remove the card?"
      centered
      radius="lg"
      styles={dialogStyles}
    >
      <Stack gap="lg">
        <Text>
          {cardLabel(card)} will no longer be {whose} card on file. Automatic payments stop until a card is
          added again; nothing is charged.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            Remove card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
