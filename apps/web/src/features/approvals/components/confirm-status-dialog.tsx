import { Button, Group, List, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { countOf, dollarsText } from '@pirouette/domain';
import { useEffect, useState } from 'react';
import { dialogStyles } from '../../../components/config-dialog';
import { useApprovalPreview } from '../api/approvals';
import { ApprovalPreview } from './approval-preview';
import type { StatusRequest } from './pending-row';

type Props = {
  request: StatusRequest | null;
  loading: boolean;
  /** `billFrom`: the day billing starts, when the owner picked an earlier one than the default. */
  onConfirm: (billFrom?: string) => void;
  onClose: () => void;
};

/**
 * Asks once before registrations are approved or rejected, naming each. Approving shows what will be
 * posted, as the server works it out, before anything is (issue 31 point 4); rejecting frees the places.
 * The family is e-mailed either way.
 */
export function ConfirmStatusDialog({ request, loading, onConfirm, onClose }: Props) {
  const approve = request?.status === 1;
  const n = request?.rows.length ?? 0;
  const [billFrom, setBillFrom] = useState<string | undefined>(undefined);
  const ids = request?.rows.map((r) => r.clsRegID) ?? [];
  // A new request starts from the default day.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the request changes
  useEffect(() => setBillFrom(undefined), [request]);
  const preview = useApprovalPreview(ids, billFrom, approve);
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
        {approve && (
          <ApprovalPreview
            preview={preview.data}
            loading={preview.isPending}
            error={preview.error}
            billFrom={billFrom}
            onBillFrom={setBillFrom}
          />
        )}
        <Text size="sm" c="dimmed">
          {approve
            ? "Each class joins its family's payment plan from the day shown, and the family is e-mailed what was charged."
            : 'Each place is freed for another dancer. The classes never joined a payment plan, so nothing is charged; the family is e-mailed.'}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button
            color={approve ? 'teal' : 'red'}
            onClick={() => onConfirm(approve ? billFrom : undefined)}
            loading={loading}
            disabled={approve && (preview.isPending || preview.isError)}
            data-autofocus
          >
            {approve ? 'Approve' : 'Reject'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
