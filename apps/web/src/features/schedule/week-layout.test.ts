import { describe, expect, it } from 'vitest';
import {
  axisFolds,
  axisHours,
  classesByDay,
  DEFAULT_HOURS,
  FOLD_PX,
  offsetOf,
  placeDay,
  timeAtOffset,
  timeAxis,
} from './week-layout';

const PX = 1; // a pixel a minute keeps the arithmetic readable
const cls = (id: string, day: number, timeStart: string, timeEnd: string) => ({
  id,
  day,
  timeStart,
  timeEnd,
});

describe('timeAxis', () => {
  it('shows 3 PM to 9 PM for an empty room', () => {
    expect(timeAxis([], PX)).toEqual({
      segments: [{ ...DEFAULT_HOURS, top: 0 }],
      height: 6 * 60,
      pxPerMinute: PX,
    });
  });

  it('widens to whole hours and to at least four of them', () => {
    const axis = timeAxis([cls('a', 0, '16:15:00', '17:00:00')], PX);
    expect(axis.segments).toEqual([{ start: 16 * 60, end: 20 * 60, top: 0 }]);
  });

  it('keeps a late class within the day by widening backwards', () => {
    const axis = timeAxis([cls('a', 0, '22:00:00', '23:30:00')], PX);
    expect(axis.segments).toEqual([{ start: 20 * 60, end: 24 * 60, top: 0 }]);
  });

  it('folds an empty stretch of two hours or more, across every day', () => {
    const axis = timeAxis([cls('sat', 5, '09:00:00', '10:45:00'), cls('mon', 0, '16:00:00', '19:30:00')], PX);
    expect(axis.segments).toEqual([
      { start: 9 * 60, end: 11 * 60, top: 0 },
      { start: 16 * 60, end: 20 * 60, top: 120 + FOLD_PX },
    ]);
    expect(axis.height).toBe(120 + FOLD_PX + 240);
    expect(axisFolds(axis)).toEqual([{ top: 120, from: 11 * 60, to: 16 * 60 }]);
    expect(axisHours(axis).map((h) => [h.minutes / 60, h.top])).toEqual([
      [9, 0],
      [10, 60],
      [11, 120],
      [16, 148],
      [17, 208],
      [18, 268],
      [19, 328],
      [20, 388],
    ]);
  });

  it('does not fold a gap shorter than two hours', () => {
    const axis = timeAxis([cls('a', 0, '15:00:00', '16:00:00'), cls('b', 1, '17:00:00', '19:00:00')], PX);
    expect(axis.segments).toEqual([{ start: 15 * 60, end: 19 * 60, top: 0 }]);
  });
});

describe('placeDay', () => {
  const axis = timeAxis([cls('x', 0, '15:00:00', '21:00:00')], 80 / 60);

  it('places a block at its start and sizes it by its length', () => {
    const [block] = placeDay([cls('a', 0, '16:00:00', '17:00:00')], axis);
    expect(block).toMatchObject({ top: 80, height: 80, lane: 0, lanes: 1 });
    const [short] = placeDay([cls('b', 0, '17:30:00', '18:15:00')], axis);
    expect(short).toMatchObject({ top: 200, height: 60 });
  });

  it('gives back-to-back classes the whole width, and overlapping ones a lane each', () => {
    const blocks = placeDay(
      [
        cls('b', 0, '17:00:00', '18:00:00'),
        cls('a', 0, '16:00:00', '17:00:00'),
        cls('c', 0, '17:30:00', '18:30:00'),
        cls('d', 0, '19:00:00', '20:00:00'),
      ],
      axis,
    );
    expect(blocks.map((b) => [b.item.id, b.lane, b.lanes])).toEqual([
      ['a', 0, 1],
      ['b', 0, 2],
      ['c', 1, 2],
      ['d', 0, 1],
    ]);
  });

  it('keeps a class below the fold at its own time', () => {
    const folded = timeAxis(
      [cls('sat', 5, '09:00:00', '10:00:00'), cls('mon', 0, '17:00:00', '18:00:00')],
      PX,
    );
    const [block] = placeDay([cls('mon', 0, '17:00:00', '18:00:00')], folded);
    expect(block?.top).toBe(offsetOf(folded, 17 * 60));
    expect(block?.top).toBe(folded.segments[1]!.top);
  });

  it('draws a too-short class tall enough to read', () => {
    const [block] = placeDay([cls('a', 0, '16:00:00', '16:05:00')], axis);
    expect(block?.height).toBeCloseTo((20 * 80) / 60);
  });
});

describe('timeAtOffset', () => {
  const axis = timeAxis([cls('sat', 5, '09:00:00', '10:00:00'), cls('mon', 0, '17:00:00', '18:00:00')], PX);

  it('reads the time under the pointer, to the quarter hour', () => {
    expect(timeAtOffset(axis, 0)).toBe(9 * 60);
    expect(timeAtOffset(axis, 40)).toBe(9 * 60 + 30);
    expect(timeAtOffset(axis, axis.segments[1]!.top + 70)).toBe(18 * 60);
  });

  it('has no time inside a fold', () => {
    expect(timeAtOffset(axis, axis.segments[1]!.top - 5)).toBeNull();
  });
});

describe('classesByDay', () => {
  it('sorts each day by time, Monday first', () => {
    const days = classesByDay([
      cls('b', 2, '18:00', '19:00'),
      cls('a', 2, '16:00', '17:00'),
      cls('c', 6, '10:00', '11:00'),
    ]);
    expect(days.map((d) => d.map((c) => c.id))).toEqual([[], [], ['a', 'b'], [], [], [], ['c']]);
  });
});
