import { Card, SimpleGrid, Stack, Text } from '@mantine/core';
import { dollarsText } from '@pirouette/domain';

type Props = {
  sums: { val: number; paid: number; overdue: number };
  /** What the sums are of: "All payments", "Overdue · Hartley family". */
  caption: string;
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;

function Sum({ label, value, color }: { label: string; value: number; color?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text
        fz={{ base: 'lg', sm: 24 }}
        fw={700}
        c={color}
        style={NUMBERS}
        aria-label={`${label}: ${dollarsText(value)}`}
      >
        {dollarsText(value)}
      </Text>
    </Stack>
  );
}

/** The whole filter's amounts (every page, not this one): scheduled, paid, and overdue of them. */
export function PaymentSums({ sums, caption }: Props) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
          {caption}
        </Text>
        <SimpleGrid cols={{ base: 3 }} spacing={{ base: 'xs', sm: 'lg' }}>
          <Sum label="Scheduled" value={sums.val} />
          <Sum label="Paid" value={sums.paid} color="teal.8" />
          <Sum label="Overdue" value={sums.overdue} color={sums.overdue > 0 ? 'red.7' : undefined} />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
