import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { dialogStyles } from '../../../components/config-dialog';
import type { Enrolled } from './enrolled-families';

type Props = {
  family: Enrolled | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Card money moves at once, so the owner says so first: what is charged, to which card, and when. */
export function ChargeNowDialog({ family, loading, onConfirm, onClose }: Props) {
  return (
    <Modal
      opened={family !== null}
      onClose={loading ? () => {} : onClose}
      title={family ? `Charge the ${family.family} family now?` : ''}
      styles={dialogStyles}
      centered
      radius="lg"
    >
      {family && (
        <Stack gap="lg">
          <Text>
            The family’s balance due today (every open charge due by today) is charged now to {family.card},
            the card on file, as their automatic payments would on a due date.
          </Text>
          <Text size="sm" c="dimmed">
            Nothing is charged when nothing is due. The charge is listed in past runs as made by the studio
            {family.paused ? ', even though their automatic payments are paused' : ''}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button onClick={onConfirm} loading={loading} data-autofocus>
              Charge now
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
