import {
  Anchor,
  Badge,
  Card,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { dollarsText, formatDateOnly, type PlanPaymentRow } from '@pirouette/domain';
import { Link } from 'react-router';
import { accountHref } from '../../accounts/account-href';
import { PaymentStateBadge } from './payment-state-badge';

type Props = {
  rows: PlanPaymentRow[];
  /** The payment whose toggle is being sent. */
  busyId: string | null;
  onToggle: (row: PlanPaymentRow) => void;
  /** Phones: each payment a card. */
  narrow: boolean;
};

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A payment not charged yet has nothing to pay: the server would refuse it, so the toggle waits. */
export const canToggle = (row: PlanPaymentRow) => row.isPayed === 1 || row.charged > 0;

const toggleLabel = (row: PlanPaymentRow) => `${row.name} of the ${row.family} family paid`;

function PaidToggle({
  row,
  busy,
  onToggle,
  withLabel,
}: {
  row: PlanPaymentRow;
  busy: boolean;
  onToggle: Props['onToggle'];
  withLabel?: boolean;
}) {
  const allowed = canToggle(row);
  const toggle = (
    <Group gap={6} wrap="nowrap" justify={withLabel ? 'flex-start' : 'center'}>
      <Switch
        checked={row.isPayed === 1}
        onChange={() => onToggle(row)}
        disabled={busy || !allowed}
        aria-label={toggleLabel(row)}
        label={withLabel ? 'Paid' : undefined}
        color="teal"
        size="sm"
      />
      {busy && <Loader size={14} aria-label="Saving" />}
    </Group>
  );
  if (allowed) return toggle;
  return (
    <Tooltip label="Not charged yet: nothing to mark paid" withArrow>
      <span>{toggle}</span>
    </Tooltip>
  );
}

function Name({ row }: { row: PlanPaymentRow }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={500} style={NOWRAP}>
        {row.name}
      </Text>
      {row.kind === 'adjustment' && (
        <Badge size="xs" variant="light" color="orange">
          Adjustment
        </Badge>
      )}
    </Group>
  );
}

/** Charged and paid read "—" while nothing is charged, so an upcoming payment does not look unpaid. */
const chargedText = (row: PlanPaymentRow) =>
  row.charged === 0 && row.paid === 0 ? '—' : dollarsText(row.charged);
const paidText = (row: PlanPaymentRow) => (row.charged === 0 && row.paid === 0 ? '—' : dollarsText(row.paid));

function WideTable({ rows, busyId, onToggle }: Props) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={980}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Family</Table.Th>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Payment</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Charged</Table.Th>
              <Table.Th ta="right">Paid</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="center">Paid</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-testid="plan-payment">
                <Table.Td>
                  <Anchor component={Link} to={accountHref(r.coAcctMemID)} fw={600} size="sm">
                    {r.family}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{r.plan}</Text>
                </Table.Td>
                <Table.Td>
                  <Name row={r} />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm">{formatDateOnly(r.dateDueBy)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm" fw={600}>
                    {dollarsText(r.val)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm">{chargedText(r)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm">{paidText(r)}</Text>
                </Table.Td>
                <Table.Td>
                  <PaymentStateBadge state={r.state} />
                </Table.Td>
                <Table.Td>
                  <PaidToggle row={r} busy={busyId === r.id} onToggle={onToggle} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function Figure({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 500} style={NUMBERS}>
        {value}
      </Text>
    </Stack>
  );
}

function NarrowList({ rows, busyId, onToggle }: Props) {
  return (
    <Stack gap="sm">
      {rows.map((r) => (
        <Paper key={r.id} withBorder p="sm" data-testid="plan-payment">
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={accountHref(r.coAcctMemID)} fw={600} size="sm" w="fit-content">
                  {r.family}
                </Anchor>
                <Group gap={6}>
                  <Name row={r} />
                </Group>
                <Text size="xs" c="dimmed">
                  {r.plan} · due {formatDateOnly(r.dateDueBy)}
                </Text>
              </Stack>
              <PaymentStateBadge state={r.state} />
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              <Figure label="Amount" value={dollarsText(r.val)} strong />
              <Figure label="Charged" value={chargedText(r)} />
              <Figure label="Paid" value={paidText(r)} />
            </SimpleGrid>
            <PaidToggle row={r} busy={busyId === r.id} onToggle={onToggle} withLabel />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** The plan payments of one page: a table on wide screens, a card each on a phone. */
export function PlanPaymentsTable(props: Props) {
  return props.narrow ? <NarrowList {...props} /> : <WideTable {...props} />;
}
