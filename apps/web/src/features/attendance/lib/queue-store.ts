import {
  type DayMeetings,
  dayMeetings,
  type QueuedTap,
  type RollOfMeeting,
  readQueue,
  rollOfMeeting,
} from '@pirouette/domain';
import { DEVICE_COPY_KEYS } from '../../../lib/device-copies';

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

/**
 * The last answers the phone loaded (decision 063, review fix 4): a meeting's roll and a day's meetings,
 * kept beside the queue so a reload without a connection still shows the roll (marked as last loaded)
 * and lets the teacher go on tapping. Read back through the answer's schema: storage may hold anything.
 * At most `KEPT` answers of each kind are kept, the oldest dropped first.
 */
const KEPT = 30;
const rollKey = (classId: string, date: string) => `${DEVICE_COPY_KEYS.roll}${classId}.${date}`;
const dayKey = (date: string | null, locID: string | null) =>
  `${DEVICE_COPY_KEYS.day}${date ?? 'today'}${locID ? `:${locID}` : ''}`;

function keep(key: string, prefix: string, data: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify({ savedAt: Date.now(), data }));
    const kept = Object.keys(window.localStorage)
      .filter((k) => k.startsWith(prefix))
      .map((k) => ({ k, at: Number(JSON.parse(window.localStorage.getItem(k) ?? '{}').savedAt) || 0 }))
      .sort((a, b) => b.at - a.at);
    for (const old of kept.slice(KEPT)) window.localStorage.removeItem(old.k);
  } catch {
    // Storage full or refused: the page simply has no copy to show offline.
  }
}

function kept<T>(key: string, schema: { safeParse: (x: unknown) => { success: boolean; data?: T } }) {
  try {
    const parsed = schema.safeParse(JSON.parse(window.localStorage.getItem(key) ?? 'null')?.data);
    return parsed.success ? (parsed.data ?? null) : null;
  } catch {
    return null;
  }
}

export const storeRoll = (classId: string, date: string, roll: RollOfMeeting) =>
  keep(rollKey(classId, date), DEVICE_COPY_KEYS.roll, roll);
export const loadRoll = (classId: string, date: string): RollOfMeeting | null =>
  kept(rollKey(classId, date), rollOfMeeting);
/** A day's meetings as asked: its date (null, today) and the location asked (null, the answer's first). */
export const storeDay = (date: string | null, locID: string | null, day: DayMeetings) =>
  keep(dayKey(date, locID), DEVICE_COPY_KEYS.day, day);
export const loadDay = (date: string | null, locID: string | null): DayMeetings | null =>
  kept(dayKey(date, locID), dayMeetings);

/** Whether a meeting has taps waiting on this phone. */
export const hasWaitingTaps = (classId: string, date: string) => loadTaps(classId, date).length > 0;
