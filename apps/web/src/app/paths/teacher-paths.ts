import { TEACHER_HOME } from '@pirouette/domain';

/**
 * The addresses of a teacher's pages (issue 36), for any feature to link: today's classes (the teacher's
 * home), their classes and privates with the dancers, and the roll of one meeting.
 */
export const teacherPaths = {
  today: TEACHER_HOME,
  classes: `${TEACHER_HOME}/classes`,
  /** The door and backstage on the recital's day (decision 075). */
  recital: `${TEACHER_HOME}/recital`,
  roll: (classId: string, date: string) => `${TEACHER_HOME}/roll/${classId}/${date}`,
} as const;
