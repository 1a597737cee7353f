import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type ChangeEvent, useState } from 'react';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useExportCsv } from '../api/money';
import { downloadCsv } from '../lib/csv-download';
import { monthToDate, type RangeProblem, rangeProblem } from '../lib/overview-figures';

/**
 * The ledger's entries and payments between two days, as a CSV file for the accountant: the server makes
 * the file, the browser saves it under the server's name. This month to today until other days are chosen.
 */
export function ExportCsv({ today }: { today: string }) {
  const [range, setRange] = useState(() => monthToDate(today));
  const [shown, setShown] = useState<RangeProblem | null>(null);
  const exporter = useExportCsv();
  const problem = rangeProblem(range.from, range.to);

  const download = () => {
    if (problem) {
      setShown(problem);
      return;
    }
    setShown(null);
    exporter.mutate(
      { query: range },
      {
        onSuccess: ({ filename, csv }) => {
          downloadCsv(filename, csv);
          notifySuccess(`${filename} is downloading.`);
        },
        onError: (error) => notifyError(error),
      },
    );
  };

  const set = (part: 'from' | 'to') => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setRange((r) => ({ ...r, [part]: value }));
    setShown(null);
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Every ledger entry and payment between two days, in a file your accountant can import into a
        spreadsheet or bookkeeping software.
      </Text>
      <Group gap="sm" grow align="flex-start">
        <TextInput
          type="date"
          label="From"
          size="sm"
          value={range.from}
          max={range.to || undefined}
          onChange={set('from')}
          error={shown?.from || undefined}
        />
        <TextInput
          type="date"
          label="To"
          size="sm"
          value={range.to}
          min={range.from || undefined}
          onChange={set('to')}
          error={shown?.to || undefined}
        />
      </Group>
      {shown && (
        <Text size="sm" c="red" role="alert">
          {shown.message}
        </Text>
      )}
      <Group>
        <Button leftSection={<IconDownload size={16} />} onClick={download} loading={exporter.isPending}>
          Download CSV
        </Button>
      </Group>
    </Stack>
  );
}
