import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type CostumeOrder, centsText, countOf, formatDateOnly } from '@pirouette/domain';
import { IconArrowLeft, IconDownload, IconPrinter } from '@tabler/icons-react';
import { useEffect } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { downloadCsv } from '../../money-pages/lib/csv-download';
import {
  type SheetGroup,
  sheetCsv,
  sheetFilename,
  sheetGroups,
  sheetTotals,
  styleText,
  unitText,
} from '../lib/orders';
import classes from './order-sheet.module.css';

type Props = { company: string; order: CostumeOrder; onBack: () => void };

const statusText = (order: CostumeOrder) =>
  order.status === 'cart'
    ? 'Cart, not placed yet'
    : `Ordered ${order.orderedOn ? formatDateOnly(order.orderedOn) : ''}`.trim();

function Dancers({ group }: { group: SheetGroup }) {
  return (
    <Text size="sm">
      {group.dancers.map((d, i) => (
        <Text span key={d.id} size="sm">
          {i > 0 ? ', ' : ''}
          {d.name}
          <Text span size="xs" c="dimmed">
            {' '}
            ({d.danceNumber})
          </Text>
        </Text>
      ))}
    </Text>
  );
}

/** Wide screens and paper: a row a style, size and colour. */
function SheetTable({ groups }: { groups: SheetGroup[] }) {
  const totals = sheetTotals(groups);
  return (
    <Table
      className={classes.sheetTable}
      verticalSpacing={8}
      horizontalSpacing="sm"
      withTableBorder
      data-testid="sheet-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Style</Table.Th>
          <Table.Th>Size</Table.Th>
          <Table.Th>Colour</Table.Th>
          <Table.Th className={classes.amount}>Qty</Table.Th>
          <Table.Th className={classes.amount}>Buy price</Table.Th>
          <Table.Th className={classes.amount}>Total</Table.Th>
          <Table.Th>Dancers</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {groups.map((g) => (
          <Table.Tr key={g.key} data-testid="sheet-group" style={{ verticalAlign: 'top' }}>
            <Table.Td>
              <Text size="sm" fw={600}>
                {g.styleName}
              </Text>
              <Text size="xs" c="dimmed">
                #{g.styleNumber}
              </Text>
            </Table.Td>
            <Table.Td>{g.size}</Table.Td>
            <Table.Td>{g.color || '—'}</Table.Td>
            <Table.Td className={classes.amount} fw={600}>
              {g.quantity}
            </Table.Td>
            <Table.Td className={classes.amount}>{unitText(g)}</Table.Td>
            <Table.Td className={classes.amount}>{centsText(g.totalCents)}</Table.Td>
            <Table.Td>
              <Dancers group={g} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th colSpan={3}>Total</Table.Th>
          <Table.Th className={classes.amount} data-testid="sheet-quantity">
            {totals.quantity}
          </Table.Th>
          <Table.Th />
          <Table.Th className={classes.amount} data-testid="sheet-total">
            {centsText(totals.totalCents)}
          </Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** A phone: each group a block. */
function SheetCards({ groups }: { groups: SheetGroup[] }) {
  const totals = sheetTotals(groups);
  return (
    <Stack gap="xs">
      {groups.map((g) => (
        <Paper key={g.key} withBorder p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={0}>
              <Text fw={600} size="sm">
                {styleText(g)}
              </Text>
              <Text size="sm">{[g.size, g.color].filter(Boolean).join(' · ')}</Text>
            </Stack>
            <Stack gap={0} align="flex-end">
              <Text fw={700}>× {g.quantity}</Text>
              <Text size="xs" c="dimmed" className={classes.amount}>
                {unitText(g)} · {centsText(g.totalCents)}
              </Text>
            </Stack>
          </Group>
          <Stack mt={6}>
            <Dancers group={g} />
          </Stack>
        </Paper>
      ))}
      <Group justify="space-between" px="sm">
        <Text fw={700}>Total: {countOf(totals.quantity, 'costume', 'costumes')}</Text>
        <Text fw={700} className={classes.amount}>
          {centsText(totals.totalCents)}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The order sheet of a cart or an order: by style, size and colour with quantities, buy prices and
 * totals, and the dancers of each group. Printed alone (its stylesheet hides the rest), or downloaded as
 * CSV made here from the server's answer.
 */
export function OrderSheet({ company, order, onBack }: Props) {
  const groups = sheetGroups(order.lines);
  const title = `${order.name} — order sheet`;

  // The printed file is named after the page: the order.
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);

  const download = () => {
    const filename = sheetFilename(order.name);
    downloadCsv(filename, sheetCsv(`${order.name} (${company}), ${statusText(order)}`, groups));
    notifySuccess(`${filename} is downloading.`);
  };

  return (
    <Stack gap="lg" className={classes.sheet}>
      <Group justify="space-between" className={classes.noPrint} gap="sm">
        <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} px={4}>
          Back to the orders
        </Button>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
            Download CSV
          </Button>
          <Button leftSection={<IconPrinter size={16} />} onClick={() => window.print()}>
            Print
          </Button>
        </Group>
      </Group>
      <Paper
        withBorder
        p={{ base: 'md', sm: 'xl' }}
        radius="md"
        className={classes.document}
        data-testid="order-sheet"
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={2}>
              <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
                Costume order sheet
              </Text>
              <Title order={2} fz={{ base: 22, sm: 26 }}>
                {company}
              </Title>
            </Stack>
            <div className={classes.heading}>
              <Text fw={700}>{order.name}</Text>
              <Text size="sm">{statusText(order)}</Text>
            </div>
          </Group>
          {groups.length === 0 ? (
            <Text c="dimmed">This order has no costumes.</Text>
          ) : (
            <>
              <div className={classes.wide}>
                <SheetTable groups={groups} />
              </div>
              <div className={classes.narrow}>
                <SheetCards groups={groups} />
              </div>
            </>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}
