import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { type FateCounts, type ImportKind, ROW_FATES } from '@pirouette/domain';
import { FATE_COLORS, FATE_LABELS, KIND_LABELS, kindsOf, rowsIn } from '../lib/words';

type Props = { totals: Partial<Record<ImportKind, FateCounts>>; written?: boolean };

/** Each kind's rows by fate: a card a kind, its fates as counted badges. */
export function TotalsGrid({ totals, written }: Props) {
  const kinds = kindsOf(totals);
  if (kinds.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No row to import.
      </Text>
    );
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
      {kinds.map(([kind, counts]) => (
        <Paper
          key={kind}
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-label={KIND_LABELS[kind]}
          data-testid={`totals-${kind}`}
        >
          <Stack gap={6}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text fw={600}>{KIND_LABELS[kind]}</Text>
              <Text size="sm" c="dimmed">
                {rowsIn(counts)} in the files
              </Text>
            </Group>
            <Group gap={6}>
              {ROW_FATES.filter((fate) => counts[fate] > 0).map((fate) => (
                <Badge key={fate} color={FATE_COLORS[fate]} variant="light" size="lg" radius="sm">
                  {counts[fate]} {FATE_LABELS[fate].toLowerCase()}
                </Badge>
              ))}
            </Group>
            {counts.matched > 0 && (
              <Text size="xs" c="dimmed">
                {counts.changed === 0
                  ? `The ${counts.matched} matched are already here as they are: nothing changes.`
                  : `${counts.changed} of the ${counts.matched} matched ${written ? 'were' : 'will be'} updated; the rest ${written ? 'were' : 'are'} already here as they are.`}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
