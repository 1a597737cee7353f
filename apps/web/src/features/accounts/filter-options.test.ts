import type { ScheduleAnswer } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { classChoice, classOptions, roomOptions } from './filter-options';
import { NO_FILTER } from './list-params';

type Cls = ScheduleAnswer['cls'][number];
const cls = (over: Partial<Cls>): Cls =>
  ({
    id: 'c',
    name: 'Class',
    day: 0,
    timeStart: '16:00',
    timeEnd: '17:00',
    yearTermID: 't',
    roomID: 'r1',
    locationID: 'l1',
    priceID: 'p',
    teacherID: 'x',
    teacher: 'Maria',
    age_min: 5,
    age_max: 7,
    level: 1,
    nMin: 1,
    nMax: 10,
    cost: 60,
    tuit_base: 60,
    isOpen: true,
    isFull: false,
    nReg: 0,
    isReg: false,
    minGenreRequired: 0,
    ...over,
  }) as Cls;

const options = {
  loc: [
    { id: 'l1', name: 'Montclair' },
    { id: 'l2', name: 'Newark' },
  ],
  rm: [
    { id: 'r1', locationID: 'l1', name: 'Studio A', description: '' },
    { id: 'r2', locationID: 'l2', name: 'Studio B', description: '' },
  ],
  cls: [
    cls({ id: 'tap', name: 'Tap', day: 2, timeStart: '17:30', level: 2 }),
    cls({ id: 'ballet', name: 'Ballet I', day: 0, timeStart: '16:00', level: 1 }),
    cls({ id: 'jazz', name: 'Jazz', day: 0, timeStart: '15:00', roomID: 'r2', locationID: 'l2', level: 3 }),
  ],
};

describe('classOptions', () => {
  it('lists every class by day and time, named with its day and start', () => {
    expect(classOptions(options, NO_FILTER)).toEqual([
      { value: 'jazz', label: 'Jazz · Mon 3:00 PM' },
      { value: 'ballet', label: 'Ballet I · Mon 4:00 PM' },
      { value: 'tap', label: 'Tap · Wed 5:30 PM' },
    ]);
  });

  it('keeps the classes that fit the location, room, weekday and level', () => {
    const ids = (f: Partial<typeof NO_FILTER>) =>
      classOptions(options, { ...NO_FILTER, ...f }).map((o) => o.value);
    expect(ids({ locID: 'l1' })).toEqual(['ballet', 'tap']);
    expect(ids({ rmID: 'r2' })).toEqual(['jazz']);
    expect(ids({ day: 2 })).toEqual(['tap']);
    expect(ids({ level: 1 })).toEqual(['ballet']);
    expect(ids({ level: 1, clSchID: 'tap' })).toEqual(['ballet', 'tap']);
  });
});

describe('roomOptions', () => {
  it('lists the rooms of a location, or every room with its location', () => {
    expect(roomOptions(options, 'l2')).toEqual([{ value: 'r2', label: 'Studio B' }]);
    expect(roomOptions(options, null).map((o) => o.label)).toEqual([
      'Studio A (Montclair)',
      'Studio B (Newark)',
    ]);
  });
});

describe('classChoice', () => {
  it('chooses the class’s room and location with it', () => {
    expect(classChoice(options, 'jazz')).toEqual({ locID: 'l2', rmID: 'r2', clSchID: 'jazz' });
    expect(classChoice(options, null)).toEqual({ clSchID: null });
  });
});
