import { formatTimeOfDay, LEVELS, WEEKDAYS } from '@pirouette/domain';

/** Each level has its colour on the grid, from a cool beginner teal to a competition pink. */
const LEVEL_COLORS = ['teal', 'cyan', 'blue', 'indigo', 'violet', 'grape', 'pink'] as const;

export const levelName = (level: number) => LEVELS[level - 1] ?? `Level ${level}`;
export const levelColor = (level: number) => LEVEL_COLORS[level - 1] ?? 'gray';

export const dayName = (day: number) => WEEKDAYS[day] ?? '';
export const dayShort = (day: number) => dayName(day).slice(0, 3);

/** `4:00 – 5:00 PM`; both halves keep AM/PM only when the class crosses noon. */
export function timeRange(timeStart: string, timeEnd: string): string {
  const from = formatTimeOfDay(timeStart);
  const to = formatTimeOfDay(timeEnd);
  const sameHalf = from.slice(-2) === to.slice(-2);
  return `${sameHalf ? from.slice(0, -3) : from} – ${to}`;
}

/** `4:00–4:45 PM`: the same, tighter, for a narrow block. */
export const shortTimeRange = (timeStart: string, timeEnd: string) =>
  timeRange(timeStart, timeEnd).replace(' – ', '–');

export const agesText = (min: number, max: number) => (min === max ? `Age ${min}` : `Ages ${min}–${max}`);

/** `1 student`, `3 students`. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
