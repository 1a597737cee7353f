import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDateOnly, type MeetingItem, WEEKDAYS, weekdayOf } from '@pirouette/domain';
import { useState } from 'react';

/** "Tue, Nov 24, 2026". */
const dayTitle = (date: string) => `${WEEKDAYS[weekdayOf(date)]!.slice(0, 3)}, ${formatDateOnly(date)}`;

/**
 * The month's class meetings, day by day, the cancelled ones marked with their reason. The days before
 * `today` are folded away behind a button, so a phone opens on what is coming.
 */
export function MeetingsList({ meetings, today }: { meetings: MeetingItem[]; today: string }) {
  const [showPast, setShowPast] = useState(false);
  const days = new Map<string, MeetingItem[]>();
  for (const m of meetings) days.set(m.date, [...(days.get(m.date) ?? []), m]);
  const all = [...days];
  const past = all.filter(([date]) => date < today).length;
  const shown = showPast ? all : all.filter(([date]) => date >= today);
  return (
    <Stack gap="xs">
      {past > 0 && !showPast && (
        <Button variant="light" size="xs" onClick={() => setShowPast(true)}>
          Show the {past} earlier {past === 1 ? 'day' : 'days'} of the month
        </Button>
      )}
      {shown.map(([date, list]) => {
        const reasons = [...new Set(list.flatMap((m) => (m.reason ? [m.reason] : [])))];
        // Every meeting of the day cancelled for one reason: said once, beside the day.
        const wholeDay = reasons.length === 1 && list.every((m) => m.closureID);
        return (
          <Paper key={date} withBorder radius="md" p="sm" bg={reasons.length > 0 ? 'red.0' : undefined}>
            <Group justify="space-between" gap="xs" mb={6}>
              <Text fw={600} size="sm">
                {dayTitle(date)}
              </Text>
              {wholeDay && (
                <Badge color="red" variant="light" size="sm">
                  Cancelled: {reasons[0]}
                </Badge>
              )}
            </Group>
            <Stack gap={6}>
              {list.map((m) => (
                <Group key={m.clSchID} gap="xs" wrap="wrap" justify="space-between">
                  <Text
                    size="sm"
                    td={m.closureID ? 'line-through' : undefined}
                    c={m.closureID ? 'dimmed' : undefined}
                  >
                    {m.timeStart}–{m.timeEnd} · {m.className}
                  </Text>
                  {m.closureID && !wholeDay && (
                    <Badge color="red" variant="light" size="sm">
                      Cancelled: {m.reason}
                    </Badge>
                  )}
                </Group>
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
