import {
  Anchor,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { countOf, dollarsText, formatDateOnly, type MoneyOverview } from '@pirouette/domain';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { accountHref } from '../../../app/paths/account-href';
import { AGING_COLORS, agingRows, paymentsCount, type Takings } from '../lib/overview-figures';

const NUMBERS = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** A card with a heading, for the overview's parts. */
export function Panel({ title, children, extra }: { title: string; children: ReactNode; extra?: ReactNode }) {
  return (
    <Card p={{ base: 'md', sm: 'lg' }} h="100%">
      <Stack gap="md" h="100%">
        <Group justify="space-between" gap="xs">
          <Title order={3} fz="md">
            {title}
          </Title>
          {extra}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

type Stat = {
  label: string;
  value: string;
  hint: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  color?: string;
};

/** The four figures an owner looks for first. */
export function StatCards({ stats }: { stats: Stat[] }) {
  return (
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {stats.map((s) => (
        <Card key={s.label} p={{ base: 'sm', sm: 'md' }} data-testid="stat">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light" color={s.color} visibleFrom="sm">
              <s.icon size={22} />
            </ThemeIcon>
            <Stack gap={0} miw={0}>
              <Text size="sm" c="dimmed">
                {s.label}
              </Text>
              <Text fz={{ base: 18, sm: 22 }} fw={700} style={NUMBERS} aria-label={`${s.label}: ${s.value}`}>
                {s.value}
              </Text>
              <Text size="xs" c="dimmed">
                {s.hint}
              </Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

function Amount({ total, count }: { total: number; count: number }) {
  return (
    <Stack gap={0} align="flex-end">
      <Text size="sm" fw={total === 0 ? 400 : 600} c={total === 0 ? 'dimmed' : undefined} style={NUMBERS}>
        {dollarsText(total)}
      </Text>
      {count > 0 && (
        <Text size="xs" c="dimmed" style={NUMBERS}>
          {paymentsCount(count)}
        </Text>
      )}
    </Stack>
  );
}

/** Today's and this month's takings by method, money received apart from credit used. */
export function TakingsTable({ takings }: { takings: Takings }) {
  const money = takings.rows.filter((r) => r.method !== 'credit');
  const credit = takings.rows.find((r) => r.method === 'credit');
  return (
    <Table verticalSpacing={8} horizontalSpacing="xs" data-testid="takings">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Method</Table.Th>
          <Table.Th ta="right">Today</Table.Th>
          <Table.Th ta="right" style={NUMBERS}>
            This month
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {money.map((r) => (
          <Table.Tr key={r.method} data-testid={`taking-${r.method}`}>
            <Table.Td>
              <Text size="sm">{r.label}</Text>
            </Table.Td>
            <Table.Td>
              <Amount {...r.today} />
            </Table.Td>
            <Table.Td>
              <Amount {...r.month} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr data-testid="taking-received">
          <Table.Th>Received</Table.Th>
          <Table.Th ta="right" style={NUMBERS}>
            {dollarsText(takings.received.today)}
          </Table.Th>
          <Table.Th ta="right" style={NUMBERS}>
            {dollarsText(takings.received.month)}
          </Table.Th>
        </Table.Tr>
        {credit && (
          <Table.Tr data-testid="taking-credit">
            <Table.Td>
              <Text size="sm" c="dimmed">
                {credit.label}
              </Text>
            </Table.Td>
            <Table.Td>
              <Amount {...credit.today} />
            </Table.Td>
            <Table.Td>
              <Amount {...credit.month} />
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tfoot>
    </Table>
  );
}

/** What families owe by how long it has been due, each age a bar of its share. */
export function AgingBars({ aging, receivable }: { aging: MoneyOverview['aging']; receivable: number }) {
  const rows = agingRows(aging);
  return (
    <Stack gap="md">
      {rows.map((r) => (
        <Stack key={r.bucket} gap={4} data-testid={`aging-${r.bucket}`}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm">{r.label}</Text>
            <Text size="sm" fw={600} style={NUMBERS}>
              {dollarsText(r.total)}
            </Text>
          </Group>
          <Progress
            value={r.share}
            color={AGING_COLORS[r.bucket]}
            size="md"
            radius="xl"
            aria-label={`${r.label}: ${dollarsText(r.total)}, ${r.share}% of what is owed`}
          />
        </Stack>
      ))}
      <Text size="xs" c="dimmed">
        Aged from each charge’s due date: not yet due when that date is still to come. In all, families owe{' '}
        {dollarsText(receivable)}.
      </Text>
    </Stack>
  );
}

/** The families owing most, each a link to its account. */
export function OwingTable({ owing }: { owing: MoneyOverview['owing'] }) {
  if (owing.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No family owes the studio anything.
      </Text>
    );
  return (
    <Table verticalSpacing={8} horizontalSpacing="xs" highlightOnHover data-testid="owing">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Family</Table.Th>
          <Table.Th>Owed since</Table.Th>
          <Table.Th ta="right">Balance</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {owing.map((f) => (
          <Table.Tr key={f.coAcctMemID}>
            <Table.Td>
              <Anchor component={Link} to={accountHref(f.coAcctMemID)} size="sm" fw={600}>
                {f.family}
              </Anchor>
            </Table.Td>
            <Table.Td style={NUMBERS}>
              <Text size="sm">{f.oldestDue ? formatDateOnly(f.oldestDue) : '—'}</Text>
            </Table.Td>
            <Table.Td ta="right" style={NUMBERS}>
              <Text size="sm" fw={600}>
                {dollarsText(f.balance)}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export const familiesOwingText = (n: number) =>
  n === 0 ? 'No family owes anything' : `${countOf(n, 'family owes', 'families owe')} money`;
