import { Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { countOf, dollarsText } from '@pirouette/domain';
import { dialogStyles } from '../../../components/config-dialog';
import type { StatusRequest } from './pending-row';

type Props = {
  request: StatusRequest | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * Asks once before registrations are approved or rejected, naming each. Approving puts the classes in
 * their families' plans; rejecting frees their places, and the family is told neither way by this step.
 */
export function ConfirmStatusDialog({ request, loading, onConfirm, onClose }: Props) {
  const approve = request?.status === 1;
  const n = request?.rows.length ?? 0;
  const what = countOf(n, 'registration', 'registrations');
  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={approve ? `Approve ${what}?` : `Reject ${what}?`}
      styles={dialogStyles}
      centered
      radius="lg"
    >
      <Stack gap="md">
        <ScrollArea.Autosize mah={240} type="auto">
          <List size="sm" spacing={4}>
            {request?.rows.map((r) => (
              <List.Item key={r.clsRegID}>
                {r.student} in {r.className}
                {r.family ? ` (${r.family})` : ''} · {dollarsText(r.Pr_f)} a month
              </List.Item>
            ))}
          </List>
        </ScrollArea.Autosize>
        <Text size="sm" c="dimmed">
          {approve
            ? "Each class joins its family's payment plan, and the family's payments are worked out again from the day they registered."
            : 'Each place is freed for another dancer. The classes never joined a payment plan, so nothing is charged.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button color={approve ? 'teal' : 'red'} onClick={onConfirm} loading={loading} data-autofocus>
            {approve ? 'Approve' : 'Reject'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
