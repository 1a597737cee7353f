import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { dollarsText } from '@pirouette/domain';

type Props = {
  sums: { val: number; paid: number; overdue: number };
  /** Phones: one sum a line, its figure on the right. */
  narrow: boolean;
  /** What the sums are of: "All payments", "Overdue · Hartley family". */
  caption: string;
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;

function Sum({
  label,
  value,
  color,
  narrow,
}: {
  label: string;
  value: number;
  color?: string;
  narrow: boolean;
}) {
  const figure = (
    <Text
      fz={narrow ? 'md' : 24}
      fw={700}
      c={color}
      style={NUMBERS}
      aria-label={`${label}: ${dollarsText(value)}`}
    >
      {dollarsText(value)}
    </Text>
  );
  if (narrow)
    return (
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        {figure}
      </Group>
    );
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {figure}
    </Stack>
  );
}

/** The whole filter's amounts (every page, not this one): scheduled, paid, and overdue of them. */
export function PaymentSums({ sums, caption, narrow }: Props) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Stack gap={narrow ? 6 : 'sm'}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
          {caption}
        </Text>
        <SimpleGrid cols={narrow ? 1 : 3} spacing={narrow ? 4 : 'lg'}>
          <Sum label="Scheduled" value={sums.val} narrow={narrow} />
          <Sum label="Paid" value={sums.paid} color="teal.8" narrow={narrow} />
          <Sum
            label="Overdue"
            value={sums.overdue}
            color={sums.overdue > 0 ? 'red.7' : undefined}
            narrow={narrow}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
