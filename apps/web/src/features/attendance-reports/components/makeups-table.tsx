import { Box, Paper, Stack, Table, Text } from '@mantine/core';
import type { MakeupReport } from '@pirouette/domain';
import { FigureGrid, tabularNumbers } from './figure-grid';

const num = tabularNumbers;
const COLUMNS = [
  ['givenAbsence', 'Given: absence'],
  ['givenClosure', 'Given: closure'],
  ['givenOwner', 'Given by hand'],
  ['booked', 'Booked'],
  ['used', 'Used'],
  ['expired', 'Expired'],
  ['removed', 'Removed'],
] as const;

/** The make-ups of a period by class, with the totals: a table on a wide screen, cards on a phone. */
export function MakeupsTable({ report }: { report: MakeupReport }) {
  const rows = [
    ...report.classes.map((c) => ({ ...c, key: c.clSchID ?? 'hand' })),
    // On a page of several, the totals are every class's, not the page's: said so.
    {
      ...report.total,
      key: 'total',
      name: report.count > report.classes.length ? 'Total, all classes' : 'Total',
    },
  ];
  return (
    <>
      <Box visibleFrom="sm" style={{ overflowX: 'auto' }}>
        <Table striped verticalSpacing="xs" aria-label="Make-ups by class">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Class</Table.Th>
              {COLUMNS.map(([k, l]) => (
                <Table.Th key={k} ta="right">
                  {l}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.key} fw={r.key === 'total' ? 700 : undefined}>
                <Table.Td>{r.name}</Table.Td>
                {COLUMNS.map(([k]) => (
                  <Table.Td key={k} ta="right" style={num}>
                    {r[k]}
                  </Table.Td>
                ))}
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
        aria-label="Make-ups by class"
        style={{ listStyle: 'none' }}
      >
        {rows.map((r) => (
          <Paper key={r.key} component="li" withBorder radius="md" p="sm">
            <Text size="sm" fw={600} mb={6}>
              {r.name}
            </Text>
            <FigureGrid columns={COLUMNS} values={r} />
          </Paper>
        ))}
      </Stack>
    </>
  );
}
