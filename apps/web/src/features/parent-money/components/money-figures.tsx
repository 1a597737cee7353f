import { Paper, SimpleGrid, Text } from '@mantine/core';
import { dollarsText } from '@pirouette/domain';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Figure({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  testId: string;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      px={{ base: 'xs', xs: 'md' }}
      py="sm"
      aria-label={`${label}: ${dollarsText(value)}`}
    >
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
        {label}
      </Text>
      <Text fw={700} fz={{ base: 'lg', xs: 22 }} c={color} style={NUMBERS} data-testid={testId}>
        {dollarsText(value)}
      </Text>
    </Paper>
  );
}

/** The family's three figures: what it owes, how much of it is past due, the credit it holds to use. */
export function MoneyFigures({
  balance,
  overdue,
  credit,
}: {
  balance: number;
  overdue: number;
  credit: number;
}) {
  return (
    <SimpleGrid cols={3} spacing={{ base: 'xs', xs: 'sm' }}>
      <Figure label="Balance" value={balance} testId="money-balance" />
      <Figure
        label="Past due"
        value={overdue}
        color={overdue > 0 ? 'red.7' : 'dimmed'}
        testId="money-overdue"
      />
      <Figure
        label="Credit available"
        value={credit}
        color={credit > 0 ? 'teal.7' : 'dimmed'}
        testId="money-credit"
      />
    </SimpleGrid>
  );
}
