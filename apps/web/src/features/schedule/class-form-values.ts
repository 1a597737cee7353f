import {
  type ClassFormInputs,
  minutesOfDay,
  type NewClassInput,
  newClassInput,
  normalizeTime,
  type PriceOption,
  type ScheduleClass,
} from '@pirouette/domain';
import { configFormErrors } from '../../lib/zod-form';

/** The class dialog's values: `{class, dncNum}` as POST mystudio/schedule/class takes them. */
export type ClassFormValues = {
  class: {
    name: string;
    day: number;
    timeStart: string;
    timeEnd: string;
    yearTermID: string;
    teacherID: string;
    roomID: string;
    priceID: string;
    /** A number, or '' while the field is empty. */
    age_min: number | string;
    age_max: number | string;
    level: number;
    nMin: number | string;
    nMax: number | string;
    isOpen: boolean;
  };
  dncNum: { name: string; genreID: string }[];
};

/** Where a new class starts when nothing says otherwise: after school. */
export const DEFAULT_START = '16:00';
const DEFAULT_LENGTH_MINUTES = 60;

/** `HH:MM` of minutes since midnight, kept within the day. */
export function timeText(minutes: number): string {
  const m = Math.min(23 * 60 + 59, Math.max(0, Math.round(minutes)));
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** `HH:MM` moved by `minutes`; null when `time` is not a time of day. */
export function addMinutes(time: string, minutes: number): string | null {
  const normal = normalizeTime(time);
  return normal ? timeText(minutesOfDay(normal) + minutes) : null;
}

/** A class price's length in minutes. */
export function priceMinutes(price: PriceOption | undefined): number | null {
  return price?.duration ?? null;
}

type NewClassContext = {
  day: number;
  /** The room's classes that day, to number the new one and start it after the last. */
  dayClasses: readonly Pick<ScheduleClass, 'timeEnd'>[];
  yearTermID: string;
  roomID: string;
  inputs: Pick<ClassFormInputs, 'teachers' | 'prices'>;
  /** A start chosen on the grid. */
  start?: string;
};

/**
 * A new class (002 §5): named 'Class # {day+1}-{count+1}', ages 0–10, level 1, the first teacher and
 * class price preset. It starts where the owner clicked, else after the day's last class, else at
 * 4 PM, and lasts as long as its price says.
 */
export function newClassValues({
  day,
  dayClasses,
  yearTermID,
  roomID,
  inputs,
  start,
}: NewClassContext): ClassFormValues {
  const price = inputs.prices[0];
  const lastEnd = dayClasses.reduce<number | null>((latest, c) => {
    const end = minutesOfDay(c.timeEnd);
    return latest === null || end > latest ? end : latest;
  }, null);
  const timeStart = start ?? (lastEnd !== null && lastEnd < 23 * 60 ? timeText(lastEnd) : DEFAULT_START);
  return {
    class: {
      name: `Class # ${day + 1}-${dayClasses.length + 1}`,
      day,
      timeStart,
      timeEnd: addMinutes(timeStart, priceMinutes(price) ?? DEFAULT_LENGTH_MINUTES) ?? '',
      yearTermID,
      teacherID: inputs.teachers[0]?.id ?? '',
      roomID,
      priceID: price?.id ?? '',
      age_min: 0,
      age_max: 10,
      level: 1,
      nMin: 0,
      nMax: 20,
      isOpen: true,
    },
    dncNum: [],
  };
}

/** A class as its edit form starts: its own fields, times as HH:MM. */
export function editClassValues(cls: ScheduleClass): ClassFormValues {
  return {
    class: {
      name: cls.name,
      day: cls.day,
      timeStart: cls.timeStart.slice(0, 5),
      timeEnd: cls.timeEnd.slice(0, 5),
      yearTermID: cls.yearTermID,
      teacherID: cls.teacherID,
      roomID: cls.roomID,
      priceID: cls.priceID,
      age_min: cls.age_min,
      age_max: cls.age_max,
      level: cls.level,
      nMin: cls.nMin,
      nMax: cls.nMax,
      isOpen: cls.isOpen,
    },
    dncNum: [],
  };
}

/** Field errors from the schema the server validates with; a missing field reads "Required". */
export const classFormErrors = (values: ClassFormValues) => configFormErrors(newClassInput, values);

/** The request body of valid values (numbers are numbers once the form has validated). */
export function classInput(values: ClassFormValues): NewClassInput {
  const c = values.class;
  return {
    class: {
      ...c,
      age_min: Number(c.age_min),
      age_max: Number(c.age_max),
      nMin: Number(c.nMin),
      nMax: Number(c.nMax),
    },
    dncNum: values.dncNum.map((d) => ({ name: d.name, genreID: d.genreID })),
  };
}

type ClassTimes = Pick<ClassFormValues['class'], 'timeStart' | 'timeEnd' | 'priceID'>;

/**
 * A new start moves the end with it, so the class keeps its length; when it has none (a field was
 * cleared), it takes the length its price says.
 */
export function withStart<T extends ClassTimes>(
  values: T,
  timeStart: string,
  prices: readonly PriceOption[],
): T {
  const from = normalizeTime(values.timeStart);
  const to = normalizeTime(values.timeEnd);
  const kept = from && to ? minutesOfDay(to) - minutesOfDay(from) : 0;
  const length = kept > 0 ? kept : priceMinutes(prices.find((p) => p.id === values.priceID));
  const timeEnd = length ? addMinutes(timeStart, length) : null;
  return { ...values, timeStart, timeEnd: timeEnd ?? values.timeEnd };
}

/** A new class price sets the class's length, when its name says how long it is. */
export function withPrice<T extends ClassTimes>(
  values: T,
  priceID: string,
  prices: readonly PriceOption[],
): T {
  const minutes = priceMinutes(prices.find((p) => p.id === priceID));
  const timeEnd = minutes ? addMinutes(values.timeStart, minutes) : null;
  return { ...values, priceID, timeEnd: timeEnd ?? values.timeEnd };
}
