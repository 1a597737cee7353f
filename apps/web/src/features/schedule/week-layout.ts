import { minutesOfDay } from '@pirouette/domain';

/**
 * Where each class sits on the week's shared time axis. Times are minutes since midnight; positions
 * are pixels from the top of the axis.
 *
 * The axis covers the whole hours that hold a class. Long stretches no class uses (a Saturday
 * morning and weekday evenings leave the middle of the day empty) fold into a thin break, so a
 * room's week fits a laptop screen.
 */

type Timed = { day: number; timeStart: string; timeEnd: string };

/** A stretch of the axis drawn at full scale; `top` is where it begins, in pixels. */
export type AxisSegment = { start: number; end: number; top: number };
export type TimeAxis = { segments: AxisSegment[]; height: number; pxPerMinute: number };

/** An empty room shows an afternoon and evening, when most classes are taught. */
export const DEFAULT_HOURS = { start: 15 * 60, end: 21 * 60 };
/** The axis never spans less than this, so a room with one class still reads as a day. */
export const MIN_AXIS_MINUTES = 4 * 60;
/** Empty stretches this long or longer fold into a break. */
export const MIN_FOLD_MINUTES = 2 * 60;
/** How tall a folded break is drawn. */
export const FOLD_PX = 28;
/** A block is at least this tall, so the shortest class still shows its name. */
export const MIN_BLOCK_MINUTES = 20;
const DAY_END = 24 * 60;

/** Whole-hour stretches that hold the classes, merged where less than MIN_FOLD_MINUTES apart. */
function busyHours(classes: readonly Timed[]): { start: number; end: number }[] {
  const spans = classes
    .map((c) => {
      const start = Math.floor(minutesOfDay(c.timeStart) / 60) * 60;
      return { start, end: Math.max(start + 60, Math.ceil(minutesOfDay(c.timeEnd) / 60) * 60) };
    })
    .sort((a, b) => a.start - b.start);
  const merged: { start: number; end: number }[] = [];
  for (const span of spans) {
    const last = merged.at(-1);
    if (last && span.start - last.end < MIN_FOLD_MINUTES) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
  }
  if (merged.length === 0) merged.push({ ...DEFAULT_HOURS });
  const first = merged[0]!;
  const last = merged.at(-1)!;
  const total = merged.reduce((n, s) => n + s.end - s.start, 0);
  if (total < MIN_AXIS_MINUTES) {
    const missing = MIN_AXIS_MINUTES - total;
    const after = Math.min(missing, DAY_END - last.end);
    last.end += after;
    first.start = Math.max(0, first.start - (missing - after));
  }
  return merged;
}

/** The axis of a week's classes at `pxPerMinute`. */
export function timeAxis(classes: readonly Timed[], pxPerMinute: number): TimeAxis {
  const segments: AxisSegment[] = [];
  let top = 0;
  for (const span of busyHours(classes)) {
    if (segments.length) top += FOLD_PX;
    segments.push({ ...span, top });
    top += (span.end - span.start) * pxPerMinute;
  }
  return { segments, height: top, pxPerMinute };
}

/** Pixels from the axis top of a time of day; a time inside a fold sits at the fold's end. */
export function offsetOf(axis: TimeAxis, minutes: number): number {
  let y = 0;
  for (const s of axis.segments) {
    if (minutes < s.start) return s.top;
    y = s.top + (Math.min(minutes, s.end) - s.start) * axis.pxPerMinute;
    if (minutes <= s.end) return y;
  }
  return y;
}

/** The folds between segments: where they are drawn and which hours they hide. */
export function axisFolds(axis: TimeAxis): { top: number; from: number; to: number }[] {
  return axis.segments.slice(1).map((s, i) => {
    const before = axis.segments[i]!;
    return { top: s.top - FOLD_PX, from: before.end, to: s.start };
  });
}

/** The whole hours printed along the axis, with their offsets. */
export function axisHours(axis: TimeAxis): { minutes: number; top: number }[] {
  return axis.segments.flatMap((s) => {
    const hours: { minutes: number; top: number }[] = [];
    for (let m = s.start; m <= s.end; m += 60) hours.push({ minutes: m, top: offsetOf(axis, m) });
    return hours;
  });
}

const byTime = (a: Timed, b: Timed) =>
  minutesOfDay(a.timeStart) - minutesOfDay(b.timeStart) || minutesOfDay(a.timeEnd) - minutesOfDay(b.timeEnd);

/** The classes of each day, Monday (0) to Sunday (6), by start time. */
export function classesByDay<T extends Timed>(classes: readonly T[]): T[][] {
  const days: T[][] = [[], [], [], [], [], [], []];
  for (const c of classes) if (c.day >= 0 && c.day <= 6) days[c.day]?.push(c);
  for (const day of days) day.sort(byTime);
  return days;
}

export type PlacedBlock<T> = {
  item: T;
  top: number;
  height: number;
  /** Side by side when classes overlap: this block's lane of `lanes`. */
  lane: number;
  lanes: number;
};

/**
 * One day's blocks. A room holds one class at a time, but older data may overlap: overlapping classes
 * share the column's width in lanes instead of hiding each other.
 */
export function placeDay<T extends Timed>(classes: readonly T[], axis: TimeAxis): PlacedBlock<T>[] {
  const placed: PlacedBlock<T>[] = [];
  let group: PlacedBlock<T>[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => {
    for (const block of group) block.lanes = laneEnds.length;
    group = [];
    laneEnds = [];
  };
  for (const item of [...classes].sort(byTime)) {
    const start = minutesOfDay(item.timeStart);
    const end = Math.max(start + MIN_BLOCK_MINUTES, minutesOfDay(item.timeEnd));
    if (start >= groupEnd) closeGroup();
    let lane = laneEnds.findIndex((laneEnd) => laneEnd <= start);
    if (lane === -1) lane = laneEnds.push(end) - 1;
    else laneEnds[lane] = end;
    groupEnd = Math.max(groupEnd, end);
    const top = offsetOf(axis, start);
    const block = { item, top, height: offsetOf(axis, end) - top, lane, lanes: 1 };
    group.push(block);
    placed.push(block);
  }
  closeGroup();
  return placed;
}

/** The time at `y` pixels down a day column, snapped down to `step` minutes; null inside a fold. */
export function timeAtOffset(axis: TimeAxis, y: number, step = 15): number | null {
  for (const s of axis.segments) {
    const bottom = s.top + (s.end - s.start) * axis.pxPerMinute;
    if (y >= s.top && y < bottom) {
      const minutes = s.start + (y - s.top) / axis.pxPerMinute;
      return Math.min(s.end - step, Math.floor(minutes / step) * step);
    }
  }
  return null;
}
