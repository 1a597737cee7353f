import { Box, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { formatDateOnly, type MarkStatus } from '@pirouette/domain';

/** Each mark's colour and letter: the letter keeps it readable without colour. */
const LOOK: Record<MarkStatus | 'none', { bg: string; fg: string; letter: string; word: string }> = {
  present: { bg: 'var(--mantine-color-teal-8)', fg: 'white', letter: 'P', word: 'present' },
  late: { bg: 'var(--mantine-color-orange-8)', fg: 'white', letter: 'L', word: 'late' },
  absent: { bg: 'var(--mantine-color-red-8)', fg: 'white', letter: 'A', word: 'absent' },
  excused: { bg: 'var(--mantine-color-indigo-7)', fg: 'white', letter: 'E', word: 'excused' },
  none: { bg: 'transparent', fg: 'var(--mantine-color-gray-7)', letter: '·', word: 'not marked' },
};

/** The words a screen reader reads for one meeting: "Nov 2, 2026: present". */
export const markWords = (date: string, status: MarkStatus | null) =>
  `${formatDateOnly(date)}: ${LOOK[status ?? 'none'].word}`;

/**
 * A row of a dancer's meetings as small coloured marks, oldest first, each with its letter, a tooltip
 * and the words for a screen reader (decision 065).
 */
export function AttendanceMarks({
  meetings,
  label,
}: {
  meetings: readonly { date: string; status: MarkStatus | null }[];
  label: string;
}) {
  if (meetings.length === 0)
    return (
      <Text size="xs" c="dimmed">
        No meetings yet.
      </Text>
    );
  return (
    <Group component="ul" gap={4} wrap="wrap" m={0} p={0} aria-label={label} style={{ listStyle: 'none' }}>
      {meetings.map((m) => {
        const look = LOOK[m.status ?? 'none'];
        return (
          <Tooltip key={m.date} label={markWords(m.date, m.status)} withArrow>
            <Box
              component="li"
              w={22}
              h={22}
              fz={11}
              fw={700}
              style={{
                borderRadius: '50%',
                display: 'inline-flex',
                alignItems: 'center',
                justifyContent: 'center',
                background: look.bg,
                color: look.fg,
                border: m.status ? undefined : '1px dashed var(--mantine-color-gray-6)',
              }}
            >
              <span aria-hidden="true">{look.letter}</span>
              <VisuallyHidden>{markWords(m.date, m.status)}</VisuallyHidden>
            </Box>
          </Tooltip>
        );
      })}
    </Group>
  );
}

/** The legend of the marks, for the cards that show them. */
export function MarksLegend() {
  return (
    <Group gap="sm" aria-hidden="true">
      {(['present', 'late', 'absent', 'excused', 'none'] as const).map((k) => (
        <Group key={k} gap={4} wrap="nowrap">
          <Box
            w={14}
            h={14}
            style={{
              borderRadius: '50%',
              background: LOOK[k].bg,
              border: k === 'none' ? '1px dashed var(--mantine-color-gray-6)' : undefined,
            }}
          />
          <Text size="xs" c="dimmed">
            {LOOK[k].word}
          </Text>
        </Group>
      ))}
    </Group>
  );
}
