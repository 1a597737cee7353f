import { Badge, Table, Text } from '@mantine/core';
import { centsText, FEE_STATE_LABELS, type FeeState, type RecitalFeeRow } from '@pirouette/domain';
import { ScrollTable } from '../../books/components/scroll-table';

const STATE_COLORS: Record<FeeState, string> = {
  to_post: 'yellow',
  posted: 'green',
  to_remove: 'orange',
  removed: 'gray',
  kept: 'blue',
};

/** The dancers (or families) of the recital with their fee's state. */
export function FeeTable({ rows, perFamily }: { rows: readonly RecitalFeeRow[]; perFamily: boolean }) {
  return (
    <ScrollTable label="Recital fee of each dancer" minWidth={340}>
      <Table verticalSpacing="sm" striped aria-label="Recital fee of each dancer">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Family</Table.Th>
            {!perFamily && <Table.Th>Dancer</Table.Th>}
            <Table.Th>Fee</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.familyId}:${r.studentId ?? ''}`}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {r.family}
                </Text>
              </Table.Td>
              {!perFamily && <Table.Td>{r.dancer ?? <Text c="dimmed">Whole family</Text>}</Table.Td>}
              <Table.Td>
                <Badge color={STATE_COLORS[r.state]} variant="light">
                  {FEE_STATE_LABELS[r.state]}
                </Badge>
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {centsText(r.amount)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
