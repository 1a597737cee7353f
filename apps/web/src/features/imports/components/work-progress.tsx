import { Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

type Props = {
  /** What is being done: "Checking every row". */
  label: string;
  /** Done of all, when the work says; null while only the time passing is known. */
  done: { done: number; total: number } | null;
  /** Under the bar: what the numbers are ("340 of 1,200 rows written"). */
  detail?: string;
};

/** Seconds since the component appeared. */
function useSeconds() {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 1000);
    return () => clearInterval(timer);
  }, []);
  return seconds;
}

/**
 * A long piece of work, shown honestly: a bar that fills when the work counts what it has done, a
 * moving stripe when only time is known (a file on its way and its check), and the seconds gone.
 */
export function WorkProgress({ label, done, detail }: Props) {
  const seconds = useSeconds();
  const percent = done && done.total > 0 ? Math.min(100, Math.round((done.done / done.total) * 100)) : null;
  return (
    <Paper withBorder radius="md" p="md" aria-live="polite">
      <Stack gap="xs">
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text fw={600}>{label}…</Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {seconds} s
          </Text>
        </Group>
        <Progress.Root size="lg" radius="xl">
          <Progress.Section
            withAria={false}
            role="progressbar"
            aria-label={label}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent ?? undefined}
            aria-valuetext={percent === null ? 'Working' : `${percent}%`}
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null}
          />
        </Progress.Root>
        {detail && (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
