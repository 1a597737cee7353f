import { Group, Stack, Text } from '@mantine/core';
import { booksCalls, ledgerCalls } from '@pirouette/domain';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { downloadFile } from '../../../lib/download-file';
import { lastMonth, type Period, periodProblem } from '../lib/books';
import { DownloadButton } from './download-button';
import { PeriodFields } from './period-fields';

/**
 * The books for an accounting program (issue 34 item 4): one journal entry a day, one line per account,
 * in QuickBooks Online's journal entry import or Xero's manual journal import; and the revenue by month
 * and kind over the same period. Last month by default, the one an accountant usually imports.
 */
export function ExportsCard({ today }: { today: string }) {
  const [period, setPeriod] = useState<Period>(() => lastMonth(today));
  const [shown, setShown] = useState(false);
  const problem = periodProblem(period);
  const blocked = { blocked: problem !== null, onBlocked: () => setShown(true) };

  return (
    <SectionCard
      title="Files for your accountant"
      description="The books as one journal entry a day, ready to import into QuickBooks Online or Xero, and the revenue by month and kind."
    >
      <PeriodFields
        label="Export period"
        value={period}
        error={shown ? problem : null}
        onChange={(next) => {
          setPeriod(next);
          setShown(false);
        }}
      />
      <Stack gap="xs">
        <Group gap="sm">
          <DownloadButton
            label="QuickBooks Online journal"
            {...blocked}
            download={() =>
              downloadFile(booksCalls.journalCsv, { query: { ...period, format: 'quickbooks' } })
            }
          />
          <DownloadButton
            label="Xero journal"
            {...blocked}
            download={() => downloadFile(booksCalls.journalCsv, { query: { ...period, format: 'xero' } })}
          />
          <DownloadButton
            label="Revenue by month"
            {...blocked}
            download={() => downloadFile(ledgerCalls.revenueCsv, { query: period })}
          />
        </Group>
        <Text size="xs" c="dimmed">
          QuickBooks: Settings → Import data → Journal entries, with account numbers turned off. Xero: Manual
          journals → Import (at most 300 lines a file: a month usually fits).
        </Text>
      </Stack>
    </SectionCard>
  );
}
