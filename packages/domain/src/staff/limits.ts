/**
 * The longest allergies and teacher note a student carries (issue 36, decision 061), in a file without
 * zod, so a form that shows the fields does not bring the staff area's schemas with it.
 */
export const STUDENT_NOTE_LIMITS = { allergies: 200, teacherNote: 500 } as const;
