import { Group, Paper, Text } from '@mantine/core';
import { centsText } from '@pirouette/domain';

type Props = {
  /** Cents; nothing is shown when no fee is due. */
  amount: number;
  participation: string;
};

/** The registration fee, charged once per family per season with its first classes. */
export function FeeLine({ amount, participation }: Props) {
  if (amount <= 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" data-testid="fee-line">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <div>
          <Text fw={600}>Registration fee</Text>
          <Text size="sm" c="dimmed">
            Once a season{participation ? ` · ${participation}` : ''}, with the family's first classes
          </Text>
        </div>
        <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {centsText(amount)}
        </Text>
      </Group>
    </Paper>
  );
}
