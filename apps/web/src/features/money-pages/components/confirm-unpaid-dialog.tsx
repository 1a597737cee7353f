import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { dollarsText, type PlanPaymentRow } from '@pirouette/domain';
import { dialogStyles } from '../../../components/config-dialog';

type Props = {
  row: PlanPaymentRow | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** Marking a payment unpaid takes money off the books, so it is asked once; marking it paid is not. */
export function ConfirmUnpaidDialog({ row, loading, onConfirm, onClose }: Props) {
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={row ? `Mark ${row.name} unpaid?` : ''}
      styles={dialogStyles}
      centered
      radius="lg"
    >
      {row && (
        <Stack gap="lg">
          <Text>
            The cash payment recorded when the {row.family} family’s {row.name} was marked paid is reversed,
            and the family owes {dollarsText(row.val)} for it again.
          </Text>
          <Text size="sm" c="dimmed">
            A payment by card, at the desk or with credit is not taken back here: refund it from the family’s
            money panel.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={loading}>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
              Mark unpaid
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
