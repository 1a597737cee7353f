import type { ScheduleClass } from '@pirouette/domain';
import { describe, expect, it } from 'vitest';
import { REQUIRED } from '../../lib/zod-form';
import {
  addMinutes,
  classFormErrors,
  classInput,
  editClassValues,
  newClassValues,
  priceMinutes,
  withPrice,
  withStart,
} from './class-form-values';

const TERM = '11111111-1111-4111-8111-111111111111';
const ROOM = '22222222-2222-4222-8222-222222222222';
const TEACHER = '33333333-3333-4333-8333-333333333333';
const PRICE_45 = '44444444-4444-4444-8444-444444444444';
const PRICE_90 = '55555555-5555-4555-8555-555555555555';
const GENRE = '66666666-6666-4666-8666-666666666666';

const inputs = {
  teachers: [
    { id: TEACHER, name: 'Camille Durand' },
    { id: '77777777-7777-4777-8777-777777777777', name: 'Marcus Hill' },
  ],
  prices: [
    { id: PRICE_45, name: '45 min · $55.00', price: 55, duration: 45 },
    { id: PRICE_90, name: '90 min · $85.00', price: 85, duration: 90 },
  ],
};

const fresh = (over: Partial<Parameters<typeof newClassValues>[0]> = {}) =>
  newClassValues({ day: 2, dayClasses: [], yearTermID: TERM, roomID: ROOM, inputs, ...over });

describe('newClassValues (002 §5 defaults)', () => {
  it("names the class 'Class # {day+1}-{count+1}', ages 0–10, level 1, first teacher and price", () => {
    expect(fresh().class).toEqual({
      name: 'Class # 3-1',
      day: 2,
      timeStart: '16:00',
      timeEnd: '16:45',
      yearTermID: TERM,
      teacherID: TEACHER,
      roomID: ROOM,
      priceID: PRICE_45,
      age_min: 0,
      age_max: 10,
      level: 1,
      nMin: 0,
      nMax: 20,
      isOpen: true,
    });
    expect(fresh().dncNum).toEqual([]);
  });

  it('counts the day’s classes and starts after the last one', () => {
    const values = fresh({
      day: 0,
      dayClasses: [{ timeEnd: '17:00:00' }, { timeEnd: '18:30:00' }],
    });
    expect(values.class.name).toBe('Class # 1-3');
    expect(values.class.timeStart).toBe('18:30');
    expect(values.class.timeEnd).toBe('19:15');
  });

  it('starts where the owner clicked', () => {
    expect(fresh({ start: '09:15' }).class).toMatchObject({ timeStart: '09:15', timeEnd: '10:00' });
  });

  it('leaves teacher and price empty when the studio has none', () => {
    expect(fresh({ inputs: { teachers: [], prices: [] } }).class).toMatchObject({
      teacherID: '',
      priceID: '',
      timeEnd: '17:00',
    });
  });
});

describe('times', () => {
  it('reads a price’s length from its name', () => {
    expect(priceMinutes(inputs.prices[1])).toBe(90);
    expect(priceMinutes({ id: 'x', name: 'Drop-in', price: 20 })).toBeNull();
    expect(priceMinutes(undefined)).toBeNull();
  });

  it('adds minutes within the day', () => {
    expect(addMinutes('16:30', 45)).toBe('17:15');
    expect(addMinutes('23:30', 90)).toBe('23:59');
    expect(addMinutes('nope', 10)).toBeNull();
  });

  it('moves the end with the start, and sets the length from a new price', () => {
    const c = { timeStart: '16:00', timeEnd: '16:45', priceID: PRICE_45 };
    expect(withStart(c, '17:30', inputs.prices)).toEqual({ ...c, timeStart: '17:30', timeEnd: '18:15' });
    expect(withStart({ ...c, timeEnd: '17:30' }, '17:00', inputs.prices)).toMatchObject({ timeEnd: '18:30' });
    // A cleared field: the price's 45 minutes.
    expect(withStart({ ...c, timeStart: '' }, '17:30', inputs.prices)).toMatchObject({ timeEnd: '18:15' });
    expect(withStart({ ...c, timeEnd: '', priceID: '' }, '17:30', inputs.prices)).toMatchObject({
      timeStart: '17:30',
      timeEnd: '',
    });
    expect(withPrice(c, PRICE_90, inputs.prices)).toEqual({ ...c, priceID: PRICE_90, timeEnd: '17:30' });
  });
});

describe('classFormErrors (the schema the server uses)', () => {
  it('accepts the defaults', () => {
    expect(classFormErrors(fresh())).toEqual({});
  });

  it('wants the eight required fields', () => {
    const values = fresh({ inputs: { teachers: [], prices: [] } });
    values.class.name = ' ';
    values.class.timeStart = '';
    values.class.age_max = '';
    expect(classFormErrors(values)).toMatchObject({
      'class.name': REQUIRED,
      'class.timeStart': REQUIRED,
      'class.teacherID': REQUIRED,
      'class.priceID': REQUIRED,
      'class.age_max': REQUIRED,
    });
  });

  it('wants the class to end after it starts, and sensible ages and sizes', () => {
    const values = fresh();
    values.class.timeEnd = '15:00';
    values.class.age_min = 12;
    values.class.nMin = 30;
    expect(classFormErrors(values)).toEqual({
      'class.timeEnd': 'The class must end after it starts.',
      'class.age_max': 'The youngest age must not be above the oldest.',
      'class.nMax': 'The minimum number of students must not be above the maximum.',
    });
  });

  it('wants a name and a genre for each dance number', () => {
    const values = fresh();
    values.dncNum = [
      { name: '', genreID: '' },
      { name: 'Firework', genreID: GENRE },
    ];
    expect(classFormErrors(values)).toEqual({ 'dncNum.0.name': REQUIRED, 'dncNum.0.genreID': REQUIRED });
  });
});

describe('editClassValues and classInput', () => {
  it('edits a class with its times as HH:MM and sends numbers as numbers', () => {
    const cls: ScheduleClass = {
      id: '88888888-8888-4888-8888-888888888888',
      name: 'Ballet 1',
      day: 0,
      timeStart: '17:00:00',
      timeEnd: '18:00:00',
      yearTermID: TERM,
      roomID: ROOM,
      locationID: 'loc',
      priceID: PRICE_45,
      teacherID: TEACHER,
      teacher: 'Camille Durand',
      age_min: 6,
      age_max: 8,
      level: 1,
      nMin: 3,
      nMax: 12,
      cost: 65,
      tuit_base: 65,
      isOpen: true,
      isFull: false,
      nReg: 2,
      isReg: true,
      minGenreRequired: 0,
    };
    const values = editClassValues(cls);
    expect(values.class).toMatchObject({ timeStart: '17:00', timeEnd: '18:00', nMax: 12 });
    values.class.nMax = '14';
    expect(classInput(values).class.nMax).toBe(14);
  });
});
