import { Box, Divider, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { dollarsText, formatDateOnly, type Statement } from '@pirouette/domain';
import { Fragment } from 'react';
import { lineDate, rangeText, statementTotals } from '../lib/money';
import classes from './statement.module.css';

type Line = Statement['lines'][number];

const money = (n: number) => (n === 0 ? '' : dollarsText(n));

function Detail({ line }: { line: Line }) {
  if (line.detail.length === 0) return null;
  return (
    <Stack gap={0} mt={2}>
      {line.detail.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a line's sentences keep their order and have no id
        <Text key={i} size="xs" c="dimmed">
          {d}
        </Text>
      ))}
    </Stack>
  );
}

/** Wide screens and paper: one row per line, amounts in their columns, the running balance last. */
function LinesTable({ st }: { st: Statement }) {
  return (
    <Table
      className={classes.linesTable}
      verticalSpacing={8}
      horizontalSpacing="sm"
      data-testid="statement-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={96}>Date</Table.Th>
          <Table.Th>Description</Table.Th>
          <Table.Th className={classes.amount}>Charges</Table.Th>
          <Table.Th className={classes.amount}>Payments &amp; credits</Table.Th>
          <Table.Th className={classes.amount}>Balance</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{lineDate(st.from, st)}</Table.Td>
          <Table.Td fw={600}>Opening balance</Table.Td>
          <Table.Td />
          <Table.Td />
          <Table.Td className={classes.amount} fw={600}>
            {dollarsText(st.opening)}
          </Table.Td>
        </Table.Tr>
        {st.lines.map((l, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines are the day's postings in order, without ids
          <Table.Tr key={i} data-testid="statement-line" style={{ verticalAlign: 'top' }}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{lineDate(l.date, st)}</Table.Td>
            <Table.Td>
              <Text size="sm" fw={500}>
                {l.description}
              </Text>
              <Detail line={l} />
            </Table.Td>
            <Table.Td className={classes.amount}>{money(l.charge)}</Table.Td>
            <Table.Td className={classes.amount}>{money(l.payment)}</Table.Td>
            <Table.Td className={classes.amount}>{dollarsText(l.balance)}</Table.Td>
          </Table.Tr>
        ))}
        {st.lines.length === 0 && (
          <Table.Tr>
            <Table.Td />
            <Table.Td colSpan={4} c="dimmed">
              No charges or payments in this period.
            </Table.Td>
          </Table.Tr>
        )}
      </Table.Tbody>
      <Table.Tfoot>
        <Table.Tr>
          <Table.Th>{lineDate(st.to, st)}</Table.Th>
          <Table.Th>Closing balance</Table.Th>
          <Table.Th />
          <Table.Th />
          <Table.Th className={classes.amount} data-testid="statement-closing">
            {dollarsText(st.closing)}
          </Table.Th>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}

/** Phones: each line a block, its amount beside its description, the balance after it under. */
function LinesList({ st }: { st: Statement }) {
  return (
    <Stack gap={0}>
      <Group justify="space-between" py="xs">
        <Text size="sm" fw={600}>
          Opening balance
        </Text>
        <Text size="sm" fw={600} className={classes.amount}>
          {dollarsText(st.opening)}
        </Text>
      </Group>
      {st.lines.map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines are the day's postings in order, without ids
        <Fragment key={i}>
          <Divider />
          <Stack gap={2} py="xs">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={0} miw={0}>
                <Text size="xs" c="dimmed">
                  {formatDateOnly(l.date)}
                </Text>
                <Text size="sm" fw={500}>
                  {l.description}
                </Text>
              </Stack>
              <Text size="sm" fw={600} className={classes.amount} c={l.payment > 0 ? 'teal.8' : undefined}>
                {l.charge > 0 ? dollarsText(l.charge) : l.payment > 0 ? `−${dollarsText(l.payment)}` : ''}
              </Text>
            </Group>
            <Detail line={l} />
            <Text size="xs" c="dimmed" ta="right" className={classes.amount}>
              Balance {dollarsText(l.balance)}
            </Text>
          </Stack>
        </Fragment>
      ))}
      {st.lines.length === 0 && (
        <>
          <Divider />
          <Text size="sm" c="dimmed" py="xs">
            No charges or payments in this period.
          </Text>
        </>
      )}
      <Divider />
      <Group justify="space-between" py="xs">
        <Text size="sm" fw={700}>
          Closing balance
        </Text>
        <Text size="sm" fw={700} className={classes.amount}>
          {dollarsText(st.closing)}
        </Text>
      </Group>
    </Stack>
  );
}

function SummaryRow({
  label,
  value,
  strong,
  testId,
}: {
  label: string;
  value: string;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="lg">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} className={classes.amount} data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * A family's statement as a document: the studio and how to reach it, the family and its address, the
 * period, the summary (opening, charges, payments, closing, credit), then every line with its working.
 */
export function StatementDocument({ st, issued }: { st: Statement; issued: string }) {
  const totals = statementTotals(st);
  const owes = st.closing > 0;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} className={classes.document} data-testid="statement">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="md">
          <Stack gap={0} miw={0}>
            <Text fw={700} size="lg">
              {st.studio.name}
            </Text>
            {st.studio.address.map((a) => (
              <Text key={a} size="sm">
                {a}
              </Text>
            ))}
            {[st.studio.phone, st.studio.email].filter(Boolean).map((c) => (
              <Text key={c} size="sm">
                {c}
              </Text>
            ))}
          </Stack>
          <div className={classes.heading}>
            <Title order={2} fz={{ base: 22, sm: 26 }}>
              Statement
            </Title>
            <Text size="sm" fw={600} data-testid="statement-period">
              {rangeText(st)}
            </Text>
            <Text size="xs" c="dimmed">
              Issued {formatDateOnly(issued)}
            </Text>
          </div>
        </Group>

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="lg">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase" lts={0.4}>
              For
            </Text>
            <Text fw={600} data-testid="statement-family">
              {st.family ? `The ${st.family} family` : 'Your family'}
            </Text>
            {st.address.map((a) => (
              <Text key={a} size="sm">
                {a}
              </Text>
            ))}
          </Stack>
          <Box
            className={classes.summary}
            p="sm"
            style={{
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-md)',
            }}
            data-testid="statement-summary"
          >
            <Stack gap={4}>
              <SummaryRow
                label={`Balance before ${formatDateOnly(st.from)}`}
                value={dollarsText(st.opening)}
              />
              <SummaryRow
                label="Charges"
                value={`+${dollarsText(totals.charges)}`}
                testId="statement-charges"
              />
              <SummaryRow
                label="Payments and credits"
                value={`−${dollarsText(totals.payments)}`}
                testId="statement-payments"
              />
              <Divider />
              <SummaryRow
                label={`${owes ? 'Balance due' : 'Balance'} on ${formatDateOnly(st.to)}`}
                value={dollarsText(st.closing)}
                strong
              />
              {st.credit > 0 && (
                <SummaryRow
                  label="Credit held for your next charges"
                  value={dollarsText(st.credit)}
                  testId="statement-credit"
                />
              )}
            </Stack>
          </Box>
        </SimpleGrid>

        <div className={classes.wide}>
          <LinesTable st={st} />
        </div>
        <div className={classes.narrow}>
          <LinesList st={st} />
        </div>

        <Text size="xs" c="dimmed">
          Charges are listed on the day they were posted, payments on the day they were recorded. Questions
          about this statement? Contact {st.studio.name}
          {st.studio.phone || st.studio.email
            ? `: ${[st.studio.phone, st.studio.email].filter(Boolean).join(' or ')}`
            : ''}
          .
        </Text>
      </Stack>
    </Paper>
  );
}
