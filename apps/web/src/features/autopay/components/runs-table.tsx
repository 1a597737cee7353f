import { Anchor, Card, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type AutopayPage, dollarsText, formatDateOnly } from '@pirouette/domain';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { tryText } from '../lib/run-labels';
import { ResultBadge } from './result-badge';

export type Run = AutopayPage['runs']['items'][number];

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/** A skipped run charged nothing: its amount reads "—", not $0.00. */
const amountText = (run: Run) => (run.amount === null ? '—' : dollarsText(run.amount));

function FamilyLink({ run }: { run: Run }) {
  return (
    <Anchor component={Link} to={accountHref(run.coAcctMemID)} fw={600} size="sm" w="fit-content">
      {run.family}
    </Anchor>
  );
}

function WideTable({ runs }: { runs: Run[] }) {
  return (
    <Card p={0}>
      <Table.ScrollContainer minWidth={900} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th pl="md">Ran on</Table.Th>
              <Table.Th>Family</Table.Th>
              <Table.Th>Due date</Table.Th>
              <Table.Th>Try</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Result</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th pr="md">Card</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {runs.map((r) => (
              <Table.Tr key={r.id} data-testid="autopay-run">
                <Table.Td pl="md" style={NOWRAP}>
                  <Text size="sm">{formatDateOnly(r.ranOn)}</Text>
                </Table.Td>
                <Table.Td>
                  <FamilyLink run={r} />
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm">{formatDateOnly(r.dueOn)}</Text>
                </Table.Td>
                <Table.Td style={NOWRAP}>
                  <Text size="sm">{tryText(r.tryNo, r.trigger)}</Text>
                </Table.Td>
                <Table.Td ta="right" style={NUMBERS}>
                  <Text size="sm" fw={600}>
                    {amountText(r)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <ResultBadge result={r.result} />
                </Table.Td>
                <Table.Td miw={200}>
                  <Text size="sm" c={r.reason ? undefined : 'dimmed'}>
                    {r.reason || '—'}
                  </Text>
                </Table.Td>
                <Table.Td pr="md" style={NOWRAP}>
                  <Text size="sm">{r.card || '—'}</Text>
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

function NarrowList({ runs }: { runs: Run[] }) {
  return (
    <Stack gap="sm">
      {runs.map((r) => (
        <Paper key={r.id} withBorder p="sm" data-testid="autopay-run">
          <Stack gap={8}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Stack gap={2} miw={0}>
                <FamilyLink run={r} />
                <Text size="xs" c="dimmed">
                  Ran {formatDateOnly(r.ranOn)} · {tryText(r.tryNo, r.trigger)}
                </Text>
              </Stack>
              <ResultBadge result={r.result} style={{ flexShrink: 0 }} />
            </Group>
            {/* Two figures a row: a card's label ("Mastercard •••• 4444") does not fit a third of a phone. */}
            <SimpleGrid cols={2} spacing="xs">
              <Figure label="Amount" value={amountText(r)} strong />
              <Figure label="Due date" value={formatDateOnly(r.dueOn)} />
            </SimpleGrid>
            <Figure label="Card" value={r.card || '—'} />
            {r.reason && (
              <Text size="sm" c={r.result === 'declined' ? 'red.8' : 'dimmed'}>
                {r.reason}
              </Text>
            )}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** One page of past automatic charges, newest first: a table on wide screens, a card each on a phone. */
export function RunsTable({ runs, narrow }: { runs: Run[]; narrow: boolean }) {
  return narrow ? <NarrowList runs={runs} /> : <WideTable runs={runs} />;
}
