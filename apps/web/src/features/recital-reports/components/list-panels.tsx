import { Button, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { centsText } from '@pirouette/domain';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { ListPager } from '../../../components/list-pager';
import { SectionLoadError } from '../../../components/section-load-error';
import { ScrollTable } from '../../books/components/scroll-table';
import { useReportBuyers, useReportDancers } from '../api/reports';
import classes from './report.module.css';

type Loading = { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };

function panelState(query: Loading, empty: string, isEmpty: boolean): ReactNode | null {
  if (query.isPending)
    return <Skeleton h={160} radius="md" aria-busy="true" aria-label="Loading the report" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => query.refetch()} />;
  if (isEmpty)
    return (
      <Text size="sm" c="dimmed" py="md">
        {empty}
      </Text>
    );
  return null;
}

/** The families who bought: orders, tickets, what they paid. */
export function BuyersPanel({ recitalId }: { recitalId: string }) {
  const [page, setPage] = useState(1);
  const query = useReportBuyers(recitalId, page);
  const data = query.data;
  return (
    panelState(query, 'No family has bought tickets yet.', data?.items.length === 0) ?? (
      <Stack gap="sm">
        <ScrollTable label="Families who bought" minWidth={420}>
          <Table verticalSpacing="xs" striped aria-label="Families who bought tickets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Family</Table.Th>
                <Table.Th ta="right">Orders</Table.Th>
                <Table.Th ta="right">Tickets</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data!.items.map((b) => (
                <Table.Tr key={b.familyId}>
                  <Table.Td>{b.family}</Table.Td>
                  <Table.Td ta="right">{b.orders}</Table.Td>
                  <Table.Td ta="right">{b.tickets}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {centsText(b.amount)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <ListPager
          page={page}
          total={data!.total}
          pageSize={data!.pageSize}
          onChange={setPage}
          noun={['family', 'families']}
        />
      </Stack>
    )
  );
}

/** The per-dancer sheet: each dancer's shows and numbers with their places; printable. */
export function DancerSheet({ recitalId, recitalName }: { recitalId: string; recitalName: string }) {
  const [page, setPage] = useState(1);
  const query = useReportDancers(recitalId, page);
  const data = query.data;
  return (
    panelState(query, 'No dancer is placed in a show yet.', data?.items.length === 0) ?? (
      <Stack gap="sm" className={classes.sheet} data-testid="dancer-sheet">
        <Group justify="space-between" gap="sm">
          <Title order={4} className={classes.printOnly}>
            {recitalName}: dancers
          </Title>
          <Text size="sm" c="dimmed" className={classes.noPrint}>
            Each dancer’s numbers, in show order, with their place in the running order.
          </Text>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            onClick={() => window.print()}
            className={classes.noPrint}
          >
            Print the sheet
          </Button>
        </Group>
        <ScrollTable label="Dancer sheet" minWidth={520}>
          <Table verticalSpacing="xs" withRowBorders aria-label="Dancers, their shows and numbers">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Dancer</Table.Th>
                <Table.Th>Family</Table.Th>
                <Table.Th>Show</Table.Th>
                <Table.Th>Number</Table.Th>
                <Table.Th ta="right">Place</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data!.items.flatMap((d) =>
                (d.numbers.length === 0 ? [null] : d.numbers).map((n, i) => (
                  <Table.Tr key={n ? `${d.studentId}:${n.showId}:${n.number}:${n.place}` : d.studentId}>
                    <Table.Td fw={i === 0 ? 600 : undefined}>{i === 0 ? d.dancer : ''}</Table.Td>
                    <Table.Td>{i === 0 ? d.family : ''}</Table.Td>
                    <Table.Td>{n ? `${n.show}, ${n.startsAt}` : '—'}</Table.Td>
                    <Table.Td>{n?.number ?? '—'}</Table.Td>
                    <Table.Td ta="right">{n ? `#${n.place}` : ''}</Table.Td>
                  </Table.Tr>
                )),
              )}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        <div className={classes.noPrint}>
          <ListPager
            page={page}
            total={data!.total}
            pageSize={data!.pageSize}
            onChange={setPage}
            noun={['dancer', 'dancers']}
          />
        </div>
      </Stack>
    )
  );
}
