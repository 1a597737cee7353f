import { addDays, compareDates, type DateOnly } from '../dates-core';
import { givesMakeup, type MarkStatus } from './meetings';
import { ROLL_TEXT, type RollMark, TEACHER_MARK_DAYS } from './roll-schema';

/**
 * The roll's rules over plain data (decision 063): whether a session may mark a meeting, and which of the
 * taps a phone sent are written. The service reads under the class's lock, asks these, and writes.
 */

export type RollRefusal = {
  code: 'cancelled' | 'future' | 'teacher_window' | 'not_on_roll';
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

/** A mark as stored: its status, the tap that wrote it and when that tap was made. */
export type StoredMark = { status: MarkStatus; clientId: string | null; clientAt: string | null };

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
  /** Enrolled dancers now marked absent or excused who were not before: each gets a make-up credit. */
  newlyMissed: string[];
  /** Enrolled dancers corrected from absent or excused to present or late: an open credit is removed. */
  corrected: string[];
};

const instant = (iso: string) => Date.parse(iso);

/**
 * Which taps are written (pure). Per dancer the latest tap of the batch is the candidate (the earlier ones
 * are ignored); it is written unless the stored mark came from the same tap or a later one. A dancer the
 * meeting does not expect refuses the whole batch.
 */
export function planMarks(
  marks: readonly RollMark[],
  onRoll: ReadonlyMap<string, OnRoll>,
  stored: ReadonlyMap<string, StoredMark>,
): RollPlan | RollRefusal {
  if (marks.some((m) => !onRoll.has(m.stdID))) return { code: 'not_on_roll', message: ROLL_TEXT.notOnRoll };
  const latest = new Map<string, RollMark>();
  for (const m of marks) {
    const seen = latest.get(m.stdID);
    if (!seen || instant(m.at) >= instant(seen.at)) latest.set(m.stdID, m);
  }
  const plan: RollPlan = { writes: [], saved: [], ignored: [], newlyMissed: [], corrected: [] };
  const chosen = new Set([...latest.values()].map((m) => m.clientId));
  for (const m of marks) if (!chosen.has(m.clientId)) plan.ignored.push(m.clientId);
  for (const m of latest.values()) {
    const before = stored.get(m.stdID) ?? null;
    const stale =
      before !== null &&
      (before.clientId === m.clientId ||
        (before.clientAt !== null && instant(before.clientAt) >= instant(m.at)));
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

export function isRollRefusal(x: RollPlan | RollRefusal): x is RollRefusal {
  return 'code' in x;
}
