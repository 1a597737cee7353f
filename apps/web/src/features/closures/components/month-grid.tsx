import { Box, Paper, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import { addDays, endOfMonth, type MeetingItem, WEEKDAYS, weekdayOf } from '@pirouette/domain';

/**
 * The month as a calendar (Monday first): each day's class meetings, a cancelled one struck through
 * with its closure's reason once for the day. For wide screens; a phone reads the list.
 */
export function MonthGrid({ month, meetings }: { month: string; meetings: MeetingItem[] }) {
  const byDay = new Map<string, MeetingItem[]>();
  for (const m of meetings) byDay.set(m.date, [...(byDay.get(m.date) ?? []), m]);
  const last = endOfMonth(month);
  // The days before the 1st and after the last of the month are blank cells, keyed by their place.
  const cells: { key: string; date: string | null }[] = Array.from({ length: weekdayOf(month) }, (_, n) => ({
    key: `before-${n}`,
    date: null,
  }));
  for (let d = month; d <= last; d = addDays(d, 1)) cells.push({ key: d, date: d });
  for (let n = 0; cells.length % 7 !== 0; n++) cells.push({ key: `after-${n}`, date: null });
  return (
    <Box>
      <SimpleGrid cols={7} spacing={6} aria-hidden>
        {WEEKDAYS.map((w) => (
          <Text key={w} size="xs" fw={700} c="dimmed" tt="uppercase" ta="center">
            {w.slice(0, 3)}
          </Text>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={7} spacing={6} mt={6}>
        {cells.map(({ key, date }) => {
          if (!date) return <Box key={key} />;
          const list = byDay.get(date) ?? [];
          const reasons = [...new Set(list.flatMap((m) => (m.reason ? [m.reason] : [])))];
          return (
            <Paper
              key={date}
              withBorder
              radius="sm"
              p={6}
              mih={96}
              bg={reasons.length > 0 ? 'red.0' : undefined}
            >
              <Stack gap={2}>
                <Text size="sm" fw={700}>
                  {Number(date.slice(8))}
                  <VisuallyHidden> {WEEKDAYS[weekdayOf(date)]}</VisuallyHidden>
                </Text>
                {reasons.map((r) => (
                  <Text key={r} size="xs" fw={700} c="red.8" lineClamp={2}>
                    Cancelled: {r}
                  </Text>
                ))}
                {list.map((m) => (
                  <Text
                    key={m.clSchID}
                    size="xs"
                    lineClamp={2}
                    td={m.closureID ? 'line-through' : undefined}
                    c={m.closureID ? 'dimmed' : undefined}
                    title={`${m.timeStart}–${m.timeEnd} ${m.className}`}
                  >
                    {m.timeStart} {m.className}
                  </Text>
                ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
