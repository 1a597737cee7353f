import { Badge, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { rateText } from '../period';
import { FigureGrid, tabularNumbers } from './figure-grid';

/** The figures every row of the class and dancer reports has. */
export type FigureRow = {
  key: string;
  title: ReactNode;
  subtitle?: ReactNode;
  held: number;
  expected: number;
  present: number;
  late: number;
  absent: number;
  excused: number;
  notMarked: number;
  rate: number | null;
};

const num = tabularNumbers;
const COLUMNS = [
  ['held', 'Held'],
  ['expected', 'Expected'],
  ['present', 'Present'],
  ['late', 'Late'],
  ['absent', 'Absent'],
  ['excused', 'Excused'],
  ['notMarked', 'Not marked'],
] as const;

export const rateColor = (rate: number | null) =>
  rate === null ? 'gray' : rate >= 90 ? 'teal' : rate >= 75 ? 'yellow' : 'red';

function RateBadge({ rate }: { rate: number | null }) {
  return (
    <Badge variant="light" color={rateColor(rate)} radius="sm" tt="none" style={num}>
      {rateText(rate)}
    </Badge>
  );
}

/**
 * The class or dancer report: a table on a wide screen, a card per row on a phone (the same figures,
 * labelled), so nothing scrolls sideways.
 */
export function FiguresTable({ rows, first, label }: { rows: FigureRow[]; first: string; label: string }) {
  return (
    <>
      <Box visibleFrom="sm" style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{first}</Table.Th>
              {COLUMNS.map(([k, l]) => (
                <Table.Th key={k} ta="right">
                  {l}
                </Table.Th>
              ))}
              <Table.Th ta="right">Rate</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {r.title}
                  </Text>
                  {r.subtitle && (
                    <Text size="xs" c="dimmed">
                      {r.subtitle}
                    </Text>
                  )}
                </Table.Td>
                {COLUMNS.map(([k]) => (
                  <Table.Td key={k} ta="right" style={num}>
                    {r[k]}
                  </Table.Td>
                ))}
                <Table.Td ta="right">
                  <RateBadge rate={r.rate} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Stack
        gap="sm"
        hiddenFrom="sm"
        component="ul"
        p={0}
        m={0}
        aria-label={label}
        style={{ listStyle: 'none' }}
      >
        {rows.map((r) => (
          <Paper key={r.key} component="li" withBorder radius="md" p="sm">
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
                <Stack gap={0} miw={0}>
                  <Text size="sm" fw={600}>
                    {r.title}
                  </Text>
                  {r.subtitle && (
                    <Text size="xs" c="dimmed">
                      {r.subtitle}
                    </Text>
                  )}
                </Stack>
                <RateBadge rate={r.rate} />
              </Group>
              <FigureGrid columns={COLUMNS} values={r} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
