import { SimpleGrid, Stack, Text } from '@mantine/core';

/** Figures in tabular digits, so columns of numbers line up. */
export const tabularNumbers = { fontVariantNumeric: 'tabular-nums' } as const;

/** A report row's figures on a phone card: each label over its number, four to a line. */
export function FigureGrid<K extends string>({
  columns,
  values,
}: {
  columns: readonly (readonly [K, string])[];
  values: Record<K, number | string>;
}) {
  return (
    <SimpleGrid cols={4} spacing={4} verticalSpacing={2}>
      {columns.map(([k, l]) => (
        <Stack key={k} gap={0}>
          <Text size="xs" c="dimmed">
            {l}
          </Text>
          <Text size="sm" style={tabularNumbers}>
            {values[k]}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
