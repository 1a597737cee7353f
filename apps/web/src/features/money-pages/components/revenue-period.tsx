import { Button, Group, Text, TextInput } from '@mantine/core';
import { ledgerCalls } from '@pirouette/domain';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadFile } from '../../../lib/download-file';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type RangeProblem, rangeProblem } from '../lib/overview-figures';

type Period = { from: string; to: string };

/** The first day of the month 11 months before `today`'s, and the last of `today`'s: the default span. */
export function lastTwelveMonths(today: string): Period {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) - 11;
  const from = `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;
  const end = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from, to: `${today.slice(0, 7)}-${String(end).padStart(2, '0')}` };
}

/**
 * The revenue report's period (issue 34 item 4): any two days, the last 12 months until others are
 * shown; and the revenue of the period as CSV.
 */
export function RevenuePeriod({
  today,
  period,
  onShow,
}: {
  today: string;
  period: Period | null;
  onShow: (next: Period | null) => void;
}) {
  const [draft, setDraft] = useState<Period>(() => period ?? lastTwelveMonths(today));
  const [problem, setProblem] = useState<RangeProblem | null>(null);
  const [busy, setBusy] = useState(false);

  const checked = () => {
    const p = rangeProblem(draft.from, draft.to);
    setProblem(p);
    return p === null;
  };
  const download = async () => {
    if (!checked()) return;
    setBusy(true);
    try {
      notifySuccess(`${await downloadFile(ledgerCalls.revenueCsv, { query: draft })} is downloading.`);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const set = (part: 'from' | 'to') => (value: string) => {
    setDraft((d) => ({ ...d, [part]: value }));
    setProblem(null);
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        type="date"
        label="Revenue from"
        size="xs"
        value={draft.from}
        onChange={(e) => set('from')(e.currentTarget.value)}
        error={problem?.from || undefined}
      />
      <TextInput
        type="date"
        label="Revenue to"
        size="xs"
        value={draft.to}
        onChange={(e) => set('to')(e.currentTarget.value)}
        error={problem?.to || undefined}
      />
      <Button size="xs" variant="default" onClick={() => checked() && onShow(draft)}>
        Show
      </Button>
      {period && (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => {
            setDraft(lastTwelveMonths(today));
            onShow(null);
          }}
        >
          Last 12 months
        </Button>
      )}
      <Button
        size="xs"
        variant="light"
        leftSection={<IconDownload size={14} />}
        loading={busy}
        onClick={download}
      >
        Revenue CSV
      </Button>
      {problem && (
        <Text size="sm" c="red" role="alert" w="100%">
          {problem.message}
        </Text>
      )}
    </Group>
  );
}
