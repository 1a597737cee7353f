import { z } from 'zod';

/**
 * A studio's attendance and make-up settings (issue 36, decision 060), kept in
 * `companies.attendance_settings` and read through `readAttendanceSettings`, so a studio that never saved
 * them has the defaults: the studio's terms promise "make-up classes must be taken within one month"
 * (000 §9), hence a 30-day window.
 */
export const MAKEUP_WINDOW_DAYS = 30;
/** A parent may cancel a booked make-up until this many hours before the class starts. */
export const MAKEUP_CANCEL_HOURS = 24;

export const attendanceSettings = z.object({
  /** Days after the missed meeting on which a make-up may still be taken (1–365). */
  makeupWindowDays: z.number().int().min(1).max(365).default(MAKEUP_WINDOW_DAYS),
  /** Hours before the meeting after which a booked make-up can no longer be cancelled by the parent. */
  makeupCancelHours: z.number().int().min(0).max(168).default(MAKEUP_CANCEL_HOURS),
  /** What a new closure proposes: give the dancers of the meetings it cancels a make-up credit. */
  closureGivesMakeups: z.boolean().default(false),
});
export type AttendanceSettings = z.infer<typeof attendanceSettings>;

/** The settings as stored (any JSON), with the defaults for what is missing or not valid. */
export function readAttendanceSettings(stored: unknown): AttendanceSettings {
  const parsed = attendanceSettings.safeParse(stored ?? {});
  return parsed.success ? parsed.data : attendanceSettings.parse({});
}
