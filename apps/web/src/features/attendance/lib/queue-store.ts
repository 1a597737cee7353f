import { type QueuedTap, readQueue } from '@pirouette/domain';

/**
 * Where the phone keeps a meeting's taps not yet confirmed (decision 063): the browser's local storage,
 * one key per meeting, written at every tap, so a reload or a closed tab loses none.
 */
const keyOf = (classId: string, date: string) => `pirouette.roll.${classId}.${date}`;

export function loadTaps(classId: string, date: string): QueuedTap[] {
  try {
    return readQueue(JSON.parse(window.localStorage.getItem(keyOf(classId, date)) ?? '[]'));
  } catch {
    return [];
  }
}

export function storeTaps(classId: string, date: string, taps: readonly QueuedTap[]): void {
  try {
    if (taps.length === 0) window.localStorage.removeItem(keyOf(classId, date));
    else window.localStorage.setItem(keyOf(classId, date), JSON.stringify(taps));
  } catch {
    // Storage full or refused (private mode): the taps still wait in memory for this visit.
  }
}

/** A tap's own id: a random uuid (also where `crypto.randomUUID` is missing, off https). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
