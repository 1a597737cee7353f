import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { dollarsText, type CostumeListTotals as Totals } from '@pirouette/domain';
import type { CostumeListKind } from '../lib/lists';

type Props = {
  kind: CostumeListKind;
  totals: Totals;
  /** What the totals are of: "All deposits · Jazz 1". */
  caption: string;
  /** Phones: one figure a line, on the right. */
  narrow: boolean;
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums' } as const;

function Figure({
  label,
  value,
  color,
  narrow,
}: {
  label: string;
  value: string;
  color?: string;
  narrow: boolean;
}) {
  const figure = (
    <Text fz={narrow ? 'md' : 24} fw={700} c={color} style={NUMBERS} aria-label={`${label}: ${value}`}>
      {value}
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

/** The whole filter's figures (every page, not this one): how many costumes, charged, paid, still open. */
export function CostumeListTotals({ kind, totals, caption, narrow }: Props) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }}>
      <Stack gap={narrow ? 6 : 'sm'}>
        <Text size="xs" tt="uppercase" fw={700} c="dimmed" lts={0.5}>
          {caption}
        </Text>
        <SimpleGrid cols={narrow ? 1 : 4} spacing={narrow ? 4 : 'lg'}>
          <Figure label="Costumes" value={String(totals.count)} narrow={narrow} />
          <Figure
            label={kind === 'deposits' ? 'Deposits charged' : 'Balances charged'}
            value={dollarsText(totals.charged)}
            narrow={narrow}
          />
          <Figure label="Paid" value={dollarsText(totals.paid)} color="teal.8" narrow={narrow} />
          <Figure
            label={kind === 'deposits' ? 'Still open' : 'Still owed'}
            value={dollarsText(totals.open)}
            color={totals.open > 0 ? 'red.7' : undefined}
            narrow={narrow}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
