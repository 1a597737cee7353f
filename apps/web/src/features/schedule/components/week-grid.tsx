import { ActionIcon, Paper, Text, Tooltip } from '@mantine/core';
import { formatTimeOfDay, type ScheduleClass } from '@pirouette/domain';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { dayName, dayShort, plural } from '../../../lib/schedule-format';
import { timeText } from '../class-form-values';
import {
  axisFolds,
  axisHours,
  classesByDay,
  FOLD_PX,
  placeDay,
  type TimeAxis,
  timeAtOffset,
  timeAxis,
} from '../week-layout';
import { ClassBlock } from './class-block';
import classes from './week-grid.module.css';

/** Pixels per hour of the axis: a 45-minute class has room for its name, time, teacher and level. */
export const HOUR_PX = 88;

const hourLabel = (minutes: number) => formatTimeOfDay(`${timeText(minutes)}:00`).replace(':00 ', ' ');

type Props = {
  classes: ScheduleClass[];
  selectedId: string | null;
  onSelect: (cls: ScheduleClass) => void;
  /** A new class on a day, at the time clicked when there is one. */
  onAdd: (day: number, start?: string) => void;
  /** Shown across the empty week. */
  empty?: ReactNode;
};

type ColumnProps = Omit<Props, 'classes' | 'empty'> & { day: number; items: ScheduleClass[]; axis: TimeAxis };

function DayColumn({ day, items, axis, selectedId, onSelect, onAdd }: ColumnProps) {
  const hours = axisHours(axis);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut; the day's + button is the accessible way
    // biome-ignore lint/a11y/useKeyWithClickEvents: as above
    <div
      className={classes.column}
      style={{ height: axis.height }}
      data-testid={`day-${day}`}
      title={`Click to add a class on ${dayName(day)}`}
      onClick={(event) => {
        const minutes = timeAtOffset(axis, event.clientY - event.currentTarget.getBoundingClientRect().top);
        if (minutes !== null) onAdd(day, timeText(minutes));
      }}
    >
      {hours.map((h) => (
        <div key={h.minutes} className={classes.hourLine} style={{ top: h.top }} />
      ))}
      {hours.map((h) => (
        <div key={h.minutes} className={classes.halfLine} style={{ top: h.top + 30 * axis.pxPerMinute }} />
      ))}
      {axisFolds(axis).map((f) => (
        <div key={f.top} className={classes.fold} style={{ top: f.top, height: FOLD_PX }} />
      ))}
      {placeDay(items, axis).map((block) => (
        <div
          key={block.item.id}
          className={classes.block}
          style={{
            top: block.top,
            height: block.height,
            left: `${(block.lane / block.lanes) * 100}%`,
            width: `${100 / block.lanes}%`,
          }}
        >
          <ClassBlock
            cls={block.item}
            height={block.height}
            selected={block.item.id === selectedId}
            onSelect={() => onSelect(block.item)}
          />
        </div>
      ))}
    </div>
  );
}

/** A room's week: seven columns, Monday to Sunday, on one time axis; each class placed at its time. */
export function WeekGrid({ classes: all, selectedId, onSelect, onAdd, empty }: Props) {
  const axis = timeAxis(all, HOUR_PX / 60);
  const days = classesByDay(all);
  return (
    <Paper withBorder className={classes.frame} aria-label="Week schedule" role="region">
      <div className={`${classes.grid} ${classes.head}`}>
        <div />
        {days.map((items, day) => (
          <div key={dayName(day)} className={classes.dayHead}>
            <div style={{ minWidth: 0 }}>
              <Text fw={700} size="sm" tt="uppercase" lh={1.2}>
                {dayShort(day)}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} truncate>
                <span className={classes.long}>
                  {items.length ? plural(items.length, 'class', 'classes') : 'No classes'}
                </span>
                <span className={classes.short}>{items.length || '–'}</span>
              </Text>
            </div>
            <Tooltip label={`Add a class on ${dayName(day)}`}>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={`Add class on ${dayName(day)}`}
                onClick={() => onAdd(day)}
              >
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
          </div>
        ))}
      </div>
      <div className={`${classes.grid} ${classes.body}`}>
        <div className={classes.axis} style={{ height: axis.height }} aria-hidden>
          {axisHours(axis).map((h) => (
            <span key={h.minutes} className={classes.hour} style={{ top: h.top }}>
              {hourLabel(h.minutes)}
            </span>
          ))}
        </div>
        {days.map((items, day) => (
          <DayColumn
            key={dayName(day)}
            day={day}
            items={items}
            axis={axis}
            selectedId={selectedId}
            onSelect={onSelect}
            onAdd={onAdd}
          />
        ))}
        {axisFolds(axis).map((f) => (
          // The body's 10 px top padding sits above the axis.
          <div key={f.top} className={classes.foldLabel} style={{ top: f.top + 10, height: FOLD_PX }}>
            <span>
              No classes {hourLabel(f.from)} – {hourLabel(f.to)}
            </span>
          </div>
        ))}
        {empty && <div className={classes.empty}>{empty}</div>}
      </div>
    </Paper>
  );
}
