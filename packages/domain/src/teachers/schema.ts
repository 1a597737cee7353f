import { z } from 'zod';
import { limits } from '../constants';
import { email, insufficientIfEmpty, phone, requiredObject, state, text, zipcode } from '../fields';
import { holders } from '../format';

export const teacherMessages = {
  notFound: 'This teacher could not be found.',
  /** A teacher the schedule names: of a class, or of a private lesson. */
  inUse: (teacher: string, classes: number, privates: number) => {
    const h = holders([
      [classes, 'class', 'classes'],
      [privates, 'private lesson', 'private lessons'],
    ]);
    return `${teacher} teaches ${h.text}. Give ${h.pronoun} another teacher or delete ${h.pronoun} before deleting the teacher.`;
  },
} as const;

/** A teacher as the API shows it (002 §3); the phone is 10 digits. */
export const teacher = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type Teacher = z.infer<typeof teacher>;
export const teacherList = z.array(teacher);

/** POST mystudio/teachers and PUT mystudio/teachers/{id}: every field required (002 §5). */
export const teacherInput = requiredObject({
  firstName: insufficientIfEmpty(text(limits.name, 'First name')),
  lastName: insufficientIfEmpty(text(limits.name, 'Last name')),
  address: insufficientIfEmpty(text(limits.address, 'Address')),
  city: insufficientIfEmpty(text(limits.city, 'City')),
  state: insufficientIfEmpty(state),
  zipcode: insufficientIfEmpty(zipcode),
  phone: insufficientIfEmpty(phone),
  email: insufficientIfEmpty(email),
});
export type TeacherInput = z.input<typeof teacherInput>;
/** The fields after validation: trimmed, the phone as 10 digits, the e-mail lower-cased. */
export type TeacherData = z.infer<typeof teacherInput>;
