import { Button, Group, Select, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { booksCalls, dollarsText, formatDateOnly, type GeneralLedger } from '@pirouette/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { SectionLoadError } from '../../../components/section-load-error';
import { downloadFile } from '../../../lib/download-file';
import { useBookAccounts, useGeneralLedger } from '../api/books';
import { monthSoFar, type Period, periodProblem, sideText } from '../lib/books';
import { DownloadButton } from './download-button';
import { PeriodFields } from './period-fields';
import { ScrollTable } from './scroll-table';

const PAGE_SIZE = 50;
const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const money = (n: number) => (n === 0 ? '' : dollarsText(n));

/**
 * An account's general ledger over a period (issue 34 item 4): the opening balance, each line with the
 * running balance, the closing balance; a page at a time, each page starting after the last line of the
 * one before (the pages visited are kept, so Previous goes back).
 */
export function GeneralLedgerCard({ today }: { today: string }) {
  const accounts = useBookAccounts();
  const [account, setAccount] = useState<string>('undeposited_funds');
  const [period, setPeriod] = useState<Period>(() => monthSoFar(today));
  const [pages, setPages] = useState<string[]>([]);
  const problem = periodProblem(period);
  const after = pages[pages.length - 1];
  const gl = useGeneralLedger(
    { account, ...period, pageSize: PAGE_SIZE, ...(after ? { after } : {}) },
    problem === null,
  );
  const data = gl.data;
  const restart = () => setPages([]);
  const options = (accounts.data?.items ?? []).map((a) => ({
    value: a.code,
    label: `${a.number} · ${a.name}`,
  }));

  return (
    <SectionCard
      title="General ledger"
      description="Each line of one account over a period, with the balance after it."
      action={
        <DownloadButton
          label="Download CSV"
          blocked={problem !== null}
          download={() => downloadFile(booksCalls.generalLedgerCsv, { query: { account, ...period } })}
        />
      }
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Account"
          size="sm"
          data={options}
          value={account}
          allowDeselect={false}
          onChange={(value) => {
            if (value) setAccount(value);
            restart();
          }}
        />
        <PeriodFields
          label="General ledger period"
          value={period}
          error={problem}
          onChange={(next) => {
            setPeriod(next);
            restart();
          }}
        />
      </SimpleGrid>
      {gl.isError && !data ? (
        <SectionLoadError error={gl.error} onRetry={() => gl.refetch()} />
      ) : problem ? null : !data ? (
        <Skeleton h={200} radius="md" />
      ) : (
        <Stack gap="sm">
          <LedgerTable data={data} first={pages.length === 0} />
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed">
              {data.total === 0
                ? 'No lines in this period.'
                : `${data.total} ${data.total === 1 ? 'line' : 'lines'} in this period.`}
            </Text>
            {(pages.length > 0 || data.next) && (
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} />}
                  disabled={pages.length === 0}
                  onClick={() => setPages((p) => p.slice(0, -1))}
                >
                  Previous
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronRight size={14} />}
                  disabled={!data.next}
                  onClick={() => data.next && setPages((p) => [...p, data.next!])}
                >
                  Next
                </Button>
              </Group>
            )}
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}

/** The page's lines: the opening balance on the first page, the closing one on the last. */
function LedgerTable({ data, first }: { data: GeneralLedger; first: boolean }) {
  return (
    <ScrollTable label="General ledger, scrolled sideways" minWidth={640}>
      <Table striped verticalSpacing="xs" aria-label={`General ledger of ${data.account.name}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>Date</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Family</Table.Th>
            <Table.Th ta="right">Debit</Table.Th>
            <Table.Th ta="right">Credit</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {first && (
            <Table.Tr>
              <Table.Td>{formatDateOnly(data.from)}</Table.Td>
              <Table.Td fw={600}>Opening balance</Table.Td>
              <Table.Td />
              <Table.Td />
              <Table.Td />
              <Table.Td ta="right" style={num} fw={600}>
                {sideText(data.opening, dollarsText)}
              </Table.Td>
            </Table.Tr>
          )}
          {data.lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateOnly(l.date)}</Table.Td>
              <Table.Td>{l.description}</Table.Td>
              <Table.Td>{l.family}</Table.Td>
              <Table.Td ta="right" style={num}>
                {money(l.debit)}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {money(l.credit)}
              </Table.Td>
              <Table.Td ta="right" style={num}>
                {sideText(l.balance, dollarsText)}
              </Table.Td>
            </Table.Tr>
          ))}
          {data.next === null && (
            <Table.Tr>
              <Table.Td>{formatDateOnly(data.to)}</Table.Td>
              <Table.Td fw={600}>Closing balance</Table.Td>
              <Table.Td />
              <Table.Td />
              <Table.Td />
              <Table.Td ta="right" style={num} fw={600}>
                {sideText(data.closing, dollarsText)}
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
