import { Group } from '@mantine/core';
import type { ScheduleClass } from '@pirouette/domain';
import { IconLock } from '@tabler/icons-react';
import {
  agesText,
  dayName,
  levelColor,
  levelName,
  plural,
  shortTimeRange,
  timeRange,
} from '../../../lib/schedule-format';
import classes from './week-grid.module.css';

/** What a class is, in one sentence: its block's accessible name and tooltip. */
export function classSummary(cls: ScheduleClass) {
  const marks = [cls.isFull ? 'full' : null, cls.isOpen ? null : 'closed'].filter(Boolean).join(', ');
  return [
    cls.name,
    `${dayName(cls.day)} ${timeRange(cls.timeStart, cls.timeEnd)}`,
    cls.teacher,
    levelName(cls.level),
    agesText(cls.age_min, cls.age_max),
    `${cls.nReg} of ${cls.nMax} students${marks ? ` (${marks})` : ''}`,
    ...(cls.isFull ? [] : [placesLeftText(cls)]),
  ].join(', ');
}

/** The places a family can still take (pending registrations hold theirs): `4 places left`, `1 place left`. */
export const placesLeftText = (cls: ScheduleClass) =>
  `${plural(Math.max(0, cls.nMax - cls.nReg), 'place')} left`;

/**
 * `4 places left`, or `Full`; a block on the week is narrow, so it says `4 left` and keeps the whole
 * sentence for its accessible name and tooltip.
 */
export function CountMark({ cls, short = false }: { cls: ScheduleClass; short?: boolean }) {
  const left = Math.max(0, cls.nMax - cls.nReg);
  return (
    <span
      className={classes.count}
      data-full={cls.isFull || undefined}
      title={`${cls.nReg} of ${cls.nMax} students`}
      data-testid="places-left"
    >
      {cls.isFull ? 'Full' : short ? `${left} left` : placesLeftText(cls)}
    </span>
  );
}

/**
 * A class on the week grid, coloured by level; closed classes are hatched grey and full ones say so.
 * The lines it shows follow its height: a short class keeps its name, time and count.
 */
export function ClassBlock({
  cls,
  height,
  selected,
  onSelect,
}: {
  cls: ScheduleClass;
  height: number;
  selected: boolean;
  onSelect: () => void;
}) {
  const color = levelColor(cls.level);
  const lines = height >= 64 ? 4 : height >= 50 ? 3 : height >= 34 ? 2 : 1;
  const level = `${levelName(cls.level)} · ${agesText(cls.age_min, cls.age_max)}`;
  return (
    <button
      type="button"
      className={classes.card}
      data-selected={selected || undefined}
      data-closed={!cls.isOpen || undefined}
      aria-pressed={selected}
      aria-label={classSummary(cls)}
      title={classSummary(cls)}
      onClick={(event) => {
        event.stopPropagation();
        onSelect();
      }}
      style={{
        ['--block-color' as string]: `var(--mantine-color-${color}-6)`,
        ['--block-bg' as string]: `var(--mantine-color-${color}-0)`,
      }}
    >
      <Group gap={4} wrap="nowrap" w="100%">
        {!cls.isOpen && <IconLock size={12} style={{ flexShrink: 0 }} aria-hidden />}
        <span className={classes.name}>{cls.name}</span>
        {lines <= 2 && <CountMark cls={cls} short />}
      </Group>
      {lines >= 2 && <span className={classes.line}>{shortTimeRange(cls.timeStart, cls.timeEnd)}</span>}
      {lines >= 3 && (
        <Group gap={4} wrap="nowrap" w="100%">
          <CountMark cls={cls} short />
          <span className={classes.line}>{cls.teacher}</span>
        </Group>
      )}
      {lines === 4 && <span className={classes.line}>{level}</span>}
    </button>
  );
}
