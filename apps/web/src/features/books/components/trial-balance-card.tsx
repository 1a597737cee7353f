import { Alert, Group, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { booksCalls, dollarsText, formatDateOnly } from '@pirouette/domain';
import { IconCircleCheck, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { downloadFile } from '../../../lib/download-file';
import { useTrialBalance } from '../api/books';
import { dayProblem } from '../lib/books';
import { DownloadButton } from './download-button';
import { ScrollTable } from './scroll-table';

const money = (n: number) => (n === 0 ? '' : dollarsText(n));
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The trial balance at the end of a day (issue 34 item 4): each account with a balance in its debit or
 * credit column, and the columns' totals, which are equal.
 */
export function TrialBalanceCard({ today }: { today: string }) {
  const [date, setDate] = useState(today);
  const problem = dayProblem(date);
  const [shown, setShown] = useState(false);
  const tb = useTrialBalance(date, problem === null);
  const data = tb.data;
  const balanced = data ? data.totals.debit === data.totals.credit : false;

  return (
    <SectionCard
      title="Trial balance"
      description="Every account’s balance at the end of a day, debits in one column and credits in the other."
      action={
        <DownloadButton
          label="Download CSV"
          blocked={problem !== null}
          onBlocked={() => setShown(true)}
          download={() => downloadFile(booksCalls.trialBalanceCsv, { query: { date } })}
        />
      }
    >
      <TextInput
        type="date"
        label="At the end of"
        size="sm"
        maw={220}
        value={date}
        onChange={(e) => {
          setDate(e.currentTarget.value);
          setShown(false);
        }}
        error={(shown || date !== '') && problem ? problem : undefined}
      />
      {tb.isError && !data ? (
        <SectionLoadError error={tb.error} onRetry={() => tb.refetch()} />
      ) : !data ? (
        <Skeleton h={180} radius="md" />
      ) : (
        <Stack gap="sm">
          {data.closedThrough && data.date <= data.closedThrough && (
            <Alert variant="light" color="gray" icon={<IconLock size={18} />} p="xs">
              The books are closed through {formatDateOnly(data.closedThrough)}: these figures no longer
              change.
            </Alert>
          )}
          {data.accounts.length === 0 ? (
            <Text size="sm" c="dimmed">
              Nothing was posted by the end of {formatDateOnly(data.date)}.
            </Text>
          ) : (
            <ScrollTable label="Trial balance, scrolled sideways" minWidth={300}>
              <Table
                striped
                verticalSpacing="xs"
                aria-label={`Trial balance at the end of ${formatDateOnly(data.date)}`}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={56} visibleFrom="sm">
                      No.
                    </Table.Th>
                    <Table.Th>Account</Table.Th>
                    <Table.Th ta="right">Debit</Table.Th>
                    <Table.Th ta="right">Credit</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.accounts.map((a) => (
                    <Table.Tr key={a.code}>
                      <Table.Td c="dimmed" visibleFrom="sm">
                        {a.number}
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'normal', overflowWrap: 'normal' }}>{a.name}</Table.Td>
                      <Table.Td ta="right" style={num}>
                        {money(a.debit)}
                      </Table.Td>
                      <Table.Td ta="right" style={num}>
                        {money(a.credit)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th visibleFrom="sm" />
                    <Table.Th>Total</Table.Th>
                    <Table.Th ta="right" style={num} data-testid="tb-total-debit">
                      {dollarsText(data.totals.debit)}
                    </Table.Th>
                    <Table.Th ta="right" style={num} data-testid="tb-total-credit">
                      {dollarsText(data.totals.credit)}
                    </Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </ScrollTable>
          )}
          {balanced && data.accounts.length > 0 && (
            <Group gap={6}>
              <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden />
              <Text size="sm" c="teal.9">
                Debits equal credits.
              </Text>
            </Group>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
