import { Badge, Button, Group, Paper, SegmentedControl, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ScheduleClass } from '@pirouette/domain';
import { IconLock, IconPlus } from '@tabler/icons-react';
import {
  agesText,
  dayName,
  dayShort,
  levelColor,
  levelName,
  plural,
  timeRange,
} from '../../../lib/schedule-format';
import { classesByDay } from '../week-layout';
import { CountMark, classSummary } from './class-block';
import blockClasses from './week-grid.module.css';

type Props = {
  classes: ScheduleClass[];
  day: number;
  onDay: (day: number) => void;
  selectedId: string | null;
  onSelect: (cls: ScheduleClass) => void;
  onAdd: (day: number) => void;
};

function ClassCard({
  cls,
  selected,
  onSelect,
}: {
  cls: ScheduleClass;
  selected: boolean;
  onSelect: () => void;
}) {
  const color = levelColor(cls.level);
  return (
    <UnstyledButton
      className={blockClasses.card}
      data-selected={selected || undefined}
      data-closed={!cls.isOpen || undefined}
      aria-pressed={selected}
      aria-label={classSummary(cls)}
      onClick={onSelect}
      p="sm"
      pl="md"
      style={{
        ['--block-color' as string]: `var(--mantine-color-${color}-6)`,
        ['--block-bg' as string]: `var(--mantine-color-${color}-0)`,
        gap: 4,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={700} truncate>
          {cls.name}
        </Text>
        <CountMark cls={cls} />
      </Group>
      <Text size="sm">{timeRange(cls.timeStart, cls.timeEnd)}</Text>
      <Text size="sm" c="dimmed" truncate>
        {cls.teacher} · {levelName(cls.level)} · {agesText(cls.age_min, cls.age_max)}
      </Text>
      {(!cls.isOpen || cls.isFull) && (
        <Group gap={6}>
          {cls.isFull && (
            <Badge color="red" variant="light" size="sm">
              Full
            </Badge>
          )}
          {!cls.isOpen && (
            <Badge color="gray" variant="light" size="sm" leftSection={<IconLock size={10} />}>
              Closed
            </Badge>
          )}
        </Group>
      )}
    </UnstyledButton>
  );
}

/** A phone's view of the week: a day at a time, its classes as a list. */
export function DayList({ classes, day, onDay, selectedId, onSelect, onAdd }: Props) {
  const days = classesByDay(classes);
  const items = days[day] ?? [];
  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        size="xs"
        aria-label="Day"
        value={String(day)}
        onChange={(value) => onDay(Number(value))}
        data={days.map((list, d) => ({
          value: String(d),
          label: (
            <Stack gap={0} align="center">
              <span>{dayShort(d)}</span>
              <Text span size="10px" c={list.length ? undefined : 'dimmed'} fw={400}>
                {list.length || '–'}
              </Text>
            </Stack>
          ),
        }))}
      />
      <Group justify="space-between">
        <Text fw={700}>
          {dayName(day)}{' '}
          <Text span c="dimmed" fw={400} size="sm">
            · {plural(items.length, 'class', 'classes')}
          </Text>
        </Text>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onAdd(day)}>
          Add class
        </Button>
      </Group>
      {items.length === 0 ? (
        <Paper withBorder p="lg" ta="center">
          <Text c="dimmed" size="sm">
            No classes on {dayName(day)} in this room.
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          {items.map((cls) => (
            <ClassCard
              key={cls.id}
              cls={cls}
              selected={cls.id === selectedId}
              onSelect={() => onSelect(cls)}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
