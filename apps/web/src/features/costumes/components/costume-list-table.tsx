import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type BalanceListRow, type DepositListRow, dollarsText, formatDateOnly } from '@pirouette/domain';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { type CostumeListKind, PAID_COLORS, PAID_LABELS } from '../lib/lists';

type Row = DepositListRow | BalanceListRow;

type Props = {
  kind: CostumeListKind;
  rows: Row[];
  /** Phones: each costume a card. */
  narrow: boolean;
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const isBalance = (row: Row): row is BalanceListRow => 'orderedOn' in row;
const familyText = (row: Row) => `${row.family.trim() || 'Unnamed'} family`;
const sizeText = (row: Row) => [row.size, row.color].filter(Boolean).join(', ');

function FamilyLink({ row }: { row: Row }) {
  return (
    <Anchor component={Link} to={accountHref(row.coAcctMemID)} size="sm" w="fit-content">
      {familyText(row)}
    </Anchor>
  );
}

/** Paid, part paid or unpaid, and marked when the costume was taken from the dancer (its charge kept). */
function Status({ row }: { row: Row }) {
  return (
    <Group gap={6} wrap="wrap">
      <Badge
        color={PAID_COLORS[row.status]}
        variant="light"
        radius="sm"
        styles={{ label: { overflow: 'visible' } }}
      >
        {PAID_LABELS[row.status]}
      </Badge>
      {row.removedOn && (
        <Badge
          color="gray"
          variant="outline"
          radius="sm"
          title={`Taken from the dancer on ${formatDateOnly(row.removedOn)}; the charge stays on the family’s bill.`}
          styles={{ label: { overflow: 'visible' } }}
        >
          Removed
        </Badge>
      )}
    </Group>
  );
}

function Costume({ row }: { row: Row }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {row.styleName}
      </Text>
      <Text size="xs" c="dimmed">
        #{row.styleNumber}
        {sizeText(row) ? ` · ${sizeText(row)}` : ''}
      </Text>
    </Stack>
  );
}

function Money({ value, strong, color }: { value: number; strong?: boolean; color?: string }) {
  return (
    <Text size="sm" fw={strong ? 600 : undefined} c={color}>
      {dollarsText(value)}
    </Text>
  );
}

const openColor = (row: Row) => (row.open > 0 ? 'red.7' : undefined);

function WideTable({ kind, rows }: Props) {
  const balances = kind === 'balances';
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={balances ? 980 : 940} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Dancer</Table.Th>
              <Table.Th style={NOWRAP}>Dance number</Table.Th>
              <Table.Th>Costume</Table.Th>
              <Table.Th ta="right">Price</Table.Th>
              <Table.Th ta="right">{balances ? 'Balance' : 'Deposit'}</Table.Th>
              <Table.Th ta="right">Paid</Table.Th>
              <Table.Th ta="right">Open</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th pr="md">{balances ? 'Order' : 'Assigned'}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.costumeAssignedID} data-testid="costume-row">
                <Table.Td pl="md" miw={140}>
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {r.dancer}
                    </Text>
                    <FamilyLink row={r} />
                  </Stack>
                </Table.Td>
                <Table.Td miw={120}>
                  <Stack gap={2}>
                    <Text size="sm">{r.danceNumber}</Text>
                    <Text size="xs" c="dimmed">
                      {r.className}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td miw={130}>
                  <Costume row={r} />
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm">{dollarsText(r.price)}</Text>
                </Table.Td>
                <Table.Td
                  ta="right"
                  style={NUMBERS}
                  title={isBalance(r) ? `The price less the ${dollarsText(r.deposit)} deposit` : undefined}
                >
                  <Money value={r.charged} strong />
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Money value={r.paid} />
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Money value={r.open} color={openColor(r)} />
                </Table.Td>
                <Table.Td>
                  <Status row={r} />
                </Table.Td>
                <Table.Td pr="md" style={isBalance(r) ? undefined : NOWRAP}>
                  {isBalance(r) ? (
                    <Stack gap={2} miw={120}>
                      <Text size="sm">{r.orderName ?? 'Order'}</Text>
                      <Text size="xs" c="dimmed">
                        Placed {formatDateOnly(r.orderedOn)}
                      </Text>
                    </Stack>
                  ) : (
                    <Text size="sm">{formatDateOnly(r.assignedOn)}</Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Figure({ label, value, color }: { label: string; value: string; color?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} c={color} style={NUMBERS}>
        {value}
      </Text>
    </Stack>
  );
}

function NarrowList({ kind, rows }: Props) {
  return (
    <Stack gap="sm">
      {rows.map((r) => (
        <Paper key={r.costumeAssignedID} withBorder p="sm" data-testid="costume-row">
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text size="sm" fw={600}>
                  {r.dancer}
                </Text>
                <FamilyLink row={r} />
              </Stack>
              <Status row={r} />
            </Group>
            <Text size="xs" c="dimmed">
              {r.danceNumber} · {r.className}
            </Text>
            <Text size="sm">
              {r.styleName}{' '}
              <Text span size="xs" c="dimmed">
                #{r.styleNumber}
                {sizeText(r) ? ` · ${sizeText(r)}` : ''} · {dollarsText(r.price)}
              </Text>
            </Text>
            <SimpleGrid cols={3} spacing="xs">
              <Figure label={kind === 'balances' ? 'Balance' : 'Deposit'} value={dollarsText(r.charged)} />
              <Figure label="Paid" value={dollarsText(r.paid)} />
              <Figure label="Open" value={dollarsText(r.open)} color={openColor(r)} />
            </SimpleGrid>
            <Text size="xs" c="dimmed">
              {isBalance(r)
                ? `${r.orderName ?? 'Ordered'}, placed ${formatDateOnly(r.orderedOn)} · deposit ${dollarsText(r.deposit)}`
                : `Assigned ${formatDateOnly(r.assignedOn)}`}
              {r.removedOn ? ` · taken from the dancer ${formatDateOnly(r.removedOn)}` : ''}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** A page of the deposits or balances: a table on wide screens, a card each on a phone. */
export function CostumeListTable(props: Props) {
  return props.narrow ? <NarrowList {...props} /> : <WideTable {...props} />;
}
