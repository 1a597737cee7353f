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
} from '@mantine/core';
import { dollarsText, formatDateOnly, type PlanPaymentRow } from '@pirouette/domain';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
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

const toggleLabel = (row: PlanPaymentRow) => `${row.name} of the ${row.family} family paid`;

/**
 * Paid or not, as the ledger says. An upcoming payment can be marked paid too: the server posts its charge
 * first, as billing would on its due date, then records the payment.
 */
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
  return (
    <Group gap={6} wrap="nowrap" justify={withLabel ? 'flex-start' : 'center'}>
      <Switch
        checked={row.isPayed === 1}
        onChange={() => onToggle(row)}
        disabled={busy}
        aria-label={toggleLabel(row)}
        label={withLabel ? 'Paid' : undefined}
        color="teal"
        size="sm"
      />
      {busy && <Loader size={14} aria-label="Saving" />}
    </Group>
  );
}

/** "Monthly plan", "Half year plan"; a plan already named a plan is left as it is. */
export const planText = (plan: string) =>
  /\bplan$/i.test(plan.trim()) ? plan.trim() : `${plan.trim()} plan`;

function AdjustmentMark({ row }: { row: PlanPaymentRow }) {
  if (row.kind !== 'adjustment') return null;
  return (
    <Badge size="xs" variant="light" color="orange" style={{ flexShrink: 0 }}>
      Adjustment
    </Badge>
  );
}

/** The payment's name (an adjustment marked), and on wide screens its plan under it. */
function Name({ row, withPlan }: { row: PlanPaymentRow; withPlan?: boolean }) {
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="wrap" align="center">
        <Text size="sm" fw={500}>
          {row.name}
        </Text>
        <AdjustmentMark row={row} />
      </Group>
      {withPlan && (
        <Text size="xs" c="dimmed">
          {planText(row.plan)}
        </Text>
      )}
    </Stack>
  );
}

/** Charged and received read "—" while nothing is charged, so an upcoming payment does not look unpaid. */
const chargedText = (row: PlanPaymentRow) =>
  row.charged === 0 && row.paid === 0 ? '—' : dollarsText(row.charged);
const paidText = (row: PlanPaymentRow) => (row.charged === 0 && row.paid === 0 ? '—' : dollarsText(row.paid));

function WideTable({ rows, busyId, onToggle }: Props) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Family</Table.Th>
              <Table.Th>Payment</Table.Th>
              <Table.Th>Due</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th ta="right">Charged</Table.Th>
              <Table.Th ta="right">Received</Table.Th>
              <Table.Th>State</Table.Th>
              <Table.Th ta="center" pr="md">
                Paid
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.id} data-testid="plan-payment">
                <Table.Td pl="md">
                  <Anchor component={Link} to={accountHref(r.coAcctMemID)} fw={600} size="sm">
                    {r.family}
                  </Anchor>
                </Table.Td>
                <Table.Td miw={180}>
                  <Name row={r} withPlan />
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
                <Table.Td pr="md">
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
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Anchor component={Link} to={accountHref(r.coAcctMemID)} fw={600} size="sm" w="fit-content">
                  {r.family}
                </Anchor>
                <Name row={r} />
                <Text size="xs" c="dimmed">
                  {planText(r.plan)} · due {formatDateOnly(r.dateDueBy)}
                </Text>
              </Stack>
              <PaymentStateBadge state={r.state} style={{ flexShrink: 0 }} />
            </Group>
            <SimpleGrid cols={3} spacing="xs">
              <Figure label="Amount" value={dollarsText(r.val)} strong />
              <Figure label="Charged" value={chargedText(r)} />
              <Figure label="Received" value={paidText(r)} />
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
