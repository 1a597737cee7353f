import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { monthLabel } from '@pirouette/domain';
import { useEffect, useState } from 'react';

type Props = {
  month: string | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (reason: string) => void;
};

/** Reopening a month says why: the reason stays in the log. */
export function ReopenDialog({ month, busy, onClose, onConfirm }: Props) {
  const [reason, setReason] = useState('');
  useEffect(() => {
    if (month) setReason('');
  }, [month]);
  return (
    <Modal
      opened={month !== null}
      onClose={onClose}
      title={month ? `Reopen ${monthLabel(month)}` : ''}
      centered
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm(reason);
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            Entries can be recorded in {month ? monthLabel(month) : 'it'} again, and in every month after it,
            until it is closed again. Its reports may change meanwhile.
          </Text>
          <Textarea
            label="Why it is reopened"
            description="Kept in the log with your name."
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            required
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={busy}>
              Reopen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
