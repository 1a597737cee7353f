/**
 * What the attendance module offers the rest of the server (decision 025): a class's meetings with their
 * closures and the studio's attendance settings (decision 060), the make-ups' daily job (decision 064),
 * the roll's routes (decision 063). Its other routes are registered by app.ts from their own files.
 */
export { attendanceSettingsOf } from './credits';
export { makeupJobHandlers } from './job-handlers';
export { ensureMakeupsScheduled } from './makeups.day';
export { classMeetings, type Meeting, type MeetingFrame } from './meetings.queries';
export { rollRoutes } from './roll.routes';
