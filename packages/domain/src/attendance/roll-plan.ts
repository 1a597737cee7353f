import { addDays, compareDates, type DateOnly } from '../dates-core';
import { givesMakeup, type MarkStatus } from './meetings';
import { ROLL_TEXT, type RollMark, TEACHER_MARK_DAYS } from './roll-schema';

/**
 * The roll's rules over plain data (decision 063): whether a session may mark a meeting, and which of the
 * taps a phone sent are written. The service reads under the class's lock, asks these, and writes.
 */

export type RollRefusal = {
  code: 'cancelled' | 'future' | 'teacher_window';
  message: string;
};

/** Whether a meeting on `date` takes marks from this role today: null when it does, else why not. */
export function markRefusal(m: {
  date: DateOnly;
  today: DateOnly;
  cancelled: boolean;
  role: 'owner' | 'teacher';
}): RollRefusal | null {
  if (m.cancelled) return { code: 'cancelled', message: ROLL_TEXT.cancelled };
  if (compareDates(m.date, m.today) > 0) return { code: 'future', message: ROLL_TEXT.future };
  if (m.role === 'teacher' && compareDates(m.date, addDays(m.today, -TEACHER_MARK_DAYS)) < 0) {
    return { code: 'teacher_window', message: ROLL_TEXT.teacherWindow };
  }
  return null;
}

/**
 * A mark as stored: its status, the tap that wrote it, when that tap was made (never later than the server's
 * clock when it arrived), and whether a teacher wrote it (the owner's correction of it always wins).
 */
export type StoredMark = {
  status: MarkStatus;
  clientId: string | null;
  clientAt: string | null;
  byTeacher?: boolean;
};

/** Who the meeting expects: an enrolled dancer, or a make-up guest brought by a booking. */
export type OnRoll = { kind: 'enrolled' } | { kind: 'guest'; bookingId: string };

export type MarkWrite = {
  stdID: string;
  status: MarkStatus;
  clientId: string;
  at: string;
  bookingId: string | null;
  before: StoredMark | null;
};

export type RollPlan = {
  writes: MarkWrite[];
  saved: string[];
  ignored: string[];
  /** Taps for a dancer the meeting does not expect (left the class, booking cancelled): not written. */
  refused: string[];
  /** Enrolled dancers now marked absent or excused who were not before: each gets a make-up credit. */
  newlyMissed: string[];
  /** Enrolled dancers corrected from absent or excused to present or late: an open credit is removed. */
  corrected: string[];
};

const instant = (iso: string) => Date.parse(iso);

/** A tap's instant, never later than the server's clock: a phone clock ahead cannot freeze a mark. */
function cappedAt(at: string, now: string): string {
  return instant(at) > instant(now) ? now : at;
}

/**
 * Which taps are written (pure). A tap for a dancer the meeting does not expect is refused (the others are
 * still written). Each tap's instant is capped at the server's `now`. Per dancer the latest tap of the batch
 * is the candidate (the earlier ones are ignored); it is written unless the stored mark came from the same
 * tap or a later one, except that the owner's tap over a teacher's mark always wins (a correction).
 */
export function planMarks(
  taps: readonly RollMark[],
  onRoll: ReadonlyMap<string, OnRoll>,
  stored: ReadonlyMap<string, StoredMark>,
  opts: { now: string; writer: 'owner' | 'teacher' },
): RollPlan {
  const plan: RollPlan = { writes: [], saved: [], ignored: [], refused: [], newlyMissed: [], corrected: [] };
  const marks: RollMark[] = [];
  for (const m of taps) {
    if (onRoll.has(m.stdID)) marks.push({ ...m, at: cappedAt(m.at, opts.now) });
    else plan.refused.push(m.clientId);
  }
  const latest = new Map<string, RollMark>();
  for (const m of marks) {
    const seen = latest.get(m.stdID);
    if (!seen || instant(m.at) >= instant(seen.at)) latest.set(m.stdID, m);
  }
  const chosen = new Set([...latest.values()].map((m) => m.clientId));
  for (const m of marks) if (!chosen.has(m.clientId)) plan.ignored.push(m.clientId);
  for (const m of latest.values()) {
    const before = stored.get(m.stdID) ?? null;
    const overrides = opts.writer === 'owner' && before?.byTeacher === true;
    const stale =
      before !== null &&
      (before.clientId === m.clientId ||
        (!overrides && before.clientAt !== null && instant(before.clientAt) >= instant(m.at)));
    if (stale) {
      plan.ignored.push(m.clientId);
      continue;
    }
    const who = onRoll.get(m.stdID)!;
    plan.saved.push(m.clientId);
    plan.writes.push({
      stdID: m.stdID,
      status: m.status,
      clientId: m.clientId,
      at: m.at,
      bookingId: who.kind === 'guest' ? who.bookingId : null,
      before,
    });
    if (who.kind !== 'enrolled') continue;
    const wasMissed = before !== null && givesMakeup(before.status);
    if (givesMakeup(m.status) && !wasMissed) plan.newlyMissed.push(m.stdID);
    if (!givesMakeup(m.status) && wasMissed) plan.corrected.push(m.stdID);
  }
  return plan;
}
