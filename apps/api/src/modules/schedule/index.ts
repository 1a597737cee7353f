/** What the schedule module offers other modules (decision 025). */

export {
  insertClassRegistration,
  insertClassRegistrations,
  type NewRegistration,
  registrationInserts,
} from './class-registrations.queries';
export { personName, presentScheduleClass, presentScheduleRoom } from './schedule.presenters';
export { type ClassListRow, classesJson, listClasses } from './schedule.queries';
