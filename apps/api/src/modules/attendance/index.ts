/**
 * What the attendance module offers other modules (decision 025): a class's meetings with their
 * closures, the studio's attendance settings, make-up credits given for missed meetings (decision 060).
 */
export { attendanceSettingsOf, grantMakeupCredits, type MissedMeeting } from './credits';
export { makeupJobHandlers } from './job-handlers';
export { ensureMakeupsScheduled } from './makeups.day';
export {
  classFrames,
  classMeetings,
  closuresBetween,
  type Meeting,
  type MeetingFrame,
  meetingsOfFrames,
} from './meetings.queries';
export { rollRoutes } from './roll.routes';
