/**
 * Times of day and song lengths as the schedule carries them. A class time travels as `HH:MM:SS`
 * (002 §5: new classes start at 00:00:00); a song length as `m:ss` (002 §3: default 2:00).
 */

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** `HH:MM` or `HH:MM:SS` to `HH:MM:SS`; null when it is not a time of day. */
export function normalizeTime(value: string): string | null {
  const m = TIME_PATTERN.exec(value.trim());
  if (!m) return null;
  return `${m[1]}:${m[2]}:${m[3] ?? '00'}`;
}

/** Minutes since midnight of `HH:MM[:SS]` (seconds are dropped). */
export function minutesOfDay(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}

/** `16:30:00` → `4:30 PM`. */
export function formatTimeOfDay(time: string): string {
  const total = minutesOfDay(time);
  const h = Math.floor(total / 60);
  const m = total % 60;
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, '0')} ${suffix}`;
}

/** Two time ranges of one day share at least a minute (one ending as the other starts does not). */
export function timesOverlap(
  a: { timeStart: string; timeEnd: string },
  b: { timeStart: string; timeEnd: string },
): boolean {
  return (
    minutesOfDay(a.timeStart) < minutesOfDay(b.timeEnd) && minutesOfDay(b.timeStart) < minutesOfDay(a.timeEnd)
  );
}

/** A song lasts at most an hour. */
export const SONG_LENGTH_MAX_SECONDS = 60 * 60;
export const DEFAULT_SONG_LENGTH = '2:00';
const SONG_PATTERN = /^(\d{1,2}):([0-5]\d)$/;

/** `m:ss` to seconds; null when it is not a length. */
export function songSeconds(value: string): number | null {
  const m = SONG_PATTERN.exec(value.trim());
  if (!m) return null;
  const seconds = Number(m[1]) * 60 + Number(m[2]);
  return seconds <= SONG_LENGTH_MAX_SECONDS ? seconds : null;
}

/** Seconds to `m:ss`. */
export function songLengthText(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
