import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { centsText, countOf, formatDateOnly } from '@pirouette/domain';
import { useEffect, useState } from 'react';

export type DepositDraft = {
  /** What the deposit will hold, as the page knows it: a sentence and the total. */
  summary: string;
  total: number;
  count: number;
};

type Props = {
  draft: DepositDraft | null;
  today: string;
  busy: boolean;
  onClose: () => void;
  onConfirm: (values: { depositedOn: string; memo: string }) => void;
};

/** The new deposit's total and what it holds, its day and a memo, before it is made. */
export function ConfirmDepositDialog({ draft, today, busy, onClose, onConfirm }: Props) {
  const [depositedOn, setDepositedOn] = useState(today);
  const [memo, setMemo] = useState('');
  useEffect(() => {
    if (draft) {
      setDepositedOn(today);
      setMemo('');
    }
  }, [draft, today]);
  return (
    <Modal opened={draft !== null} onClose={onClose} title="Make the deposit" centered>
      {draft && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onConfirm({ depositedOn, memo });
          }}
        >
          <Stack gap="md">
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {countOf(draft.count, 'payment', 'payments')}: {draft.summary}
              </Text>
              <Text fz={28} fw={700} data-testid="deposit-total">
                {centsText(draft.total)}
              </Text>
              <Text size="sm">
                The books move it from undeposited funds to the bank as one line, dated{' '}
                {depositedOn ? formatDateOnly(depositedOn) : 'the day below'}.
              </Text>
            </Stack>
            <TextInput
              type="date"
              label="Deposited on"
              value={depositedOn}
              max={today}
              onChange={(e) => setDepositedOn(e.currentTarget.value)}
              required
            />
            <TextInput
              label="Memo (optional)"
              placeholder="Bag 12, teller's receipt …"
              value={memo}
              maxLength={200}
              onChange={(e) => setMemo(e.currentTarget.value)}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={busy}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Deposit {centsText(draft.total)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
