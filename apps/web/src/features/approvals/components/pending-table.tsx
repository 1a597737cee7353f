import { Anchor, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { dollarsText, formatDateOnly, formatTimeOfDay } from '@pirouette/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { studioDateTime } from '../../../lib/format';
import { dayName } from '../../../lib/schedule-format';
import type { PendingRow } from './pending-row';

type Props = {
  rows: PendingRow[];
  selected: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onToggleAll: () => void;
  onApprove: (row: PendingRow) => void;
  onReject: (row: PendingRow) => void;
  /** The registration being sent on its own, its buttons busy. */
  busyId: string | null;
  timeZone: string;
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

const who = (r: PendingRow) => `${r.student} in ${r.className}`;
const when = (r: PendingRow) => `${dayName(r.day)} ${formatTimeOfDay(r.timeStart)}`;

function RowActions({
  row,
  busy,
  onApprove,
  onReject,
}: { row: PendingRow; busy: boolean } & Pick<Props, 'onApprove' | 'onReject'>) {
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      <Button
        size="compact-sm"
        variant="light"
        color="teal"
        leftSection={<IconCheck size={14} />}
        loading={busy}
        onClick={() => onApprove(row)}
        aria-label={`Approve ${who(row)}`}
      >
        Approve
      </Button>
      <Button
        size="compact-sm"
        variant="subtle"
        color="red"
        leftSection={<IconX size={14} />}
        disabled={busy}
        onClick={() => onReject(row)}
        aria-label={`Reject ${who(row)}`}
      >
        Reject
      </Button>
    </Group>
  );
}

function WideTable(props: Props) {
  const { rows, selected } = props;
  const all = rows.length > 0 && rows.every((r) => selected.has(r.clsRegID));
  const some = rows.some((r) => selected.has(r.clsRegID));
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all"
                checked={all}
                indeterminate={some && !all}
                onChange={props.onToggleAll}
              />
            </Table.Th>
            <Table.Th>Family</Table.Th>
            <Table.Th>Dancer</Table.Th>
            <Table.Th>Class</Table.Th>
            <Table.Th ta="right">A month</Table.Th>
            <Table.Th>Requested</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr
              key={r.clsRegID}
              bg={selected.has(r.clsRegID) ? 'var(--mantine-color-plum-0)' : undefined}
              data-testid="pending-row"
            >
              <Table.Td>
                <Checkbox
                  aria-label={`Select ${who(r)}`}
                  checked={selected.has(r.clsRegID)}
                  onChange={() => props.onToggle(r.clsRegID)}
                />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={accountHref(r.coAcctMemID)} size="sm" fw={600}>
                  {r.family}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{r.student}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {r.className}
                </Text>
                <Text size="xs" c="dimmed" style={NOWRAP}>
                  {when(r)} · from {formatDateOnly(r.dateStart)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" style={NUMBERS}>
                <Text size="sm">{dollarsText(r.Pr_f)}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={NOWRAP}>
                  {studioDateTime(r.createdAt, props.timeZone)}
                </Text>
              </Table.Td>
              <Table.Td>
                <RowActions
                  row={r}
                  busy={props.busyId === r.clsRegID}
                  onApprove={props.onApprove}
                  onReject={props.onReject}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones: one card a registration, its checkbox beside the dancer and class. */
function NarrowList(props: Props) {
  const { rows, selected } = props;
  const all = rows.length > 0 && rows.every((r) => selected.has(r.clsRegID));
  const some = rows.some((r) => selected.has(r.clsRegID));
  return (
    <Stack gap="sm">
      <Checkbox
        label="Select all"
        checked={all}
        indeterminate={some && !all}
        onChange={props.onToggleAll}
        px="xs"
      />
      {rows.map((r) => (
        <Paper
          key={r.clsRegID}
          withBorder
          radius="md"
          p="sm"
          bg={selected.has(r.clsRegID) ? 'plum.0' : undefined}
          data-testid="pending-row"
        >
          <Stack gap={6}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Checkbox
                mt={3}
                aria-label={`Select ${who(r)}`}
                checked={selected.has(r.clsRegID)}
                onChange={() => props.onToggle(r.clsRegID)}
              />
              <Stack gap={0} miw={0} style={{ flex: 1 }}>
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm">
                    {r.student} · {r.className}
                  </Text>
                  <Text fw={600} size="sm" style={NUMBERS}>
                    {dollarsText(r.Pr_f)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  {when(r)} · from {formatDateOnly(r.dateStart)}
                </Text>
                <Anchor component={Link} to={accountHref(r.coAcctMemID)} size="xs" w="fit-content">
                  {r.family} family
                </Anchor>
                <Text size="xs" c="dimmed">
                  Requested {studioDateTime(r.createdAt, props.timeZone)}
                </Text>
              </Stack>
            </Group>
            <RowActions
              row={r}
              busy={props.busyId === r.clsRegID}
              onApprove={props.onApprove}
              onReject={props.onReject}
            />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The registrations waiting for the owner, each to select, approve or reject. */
export function PendingTable(props: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return narrow ? <NarrowList {...props} /> : <WideTable {...props} />;
}
