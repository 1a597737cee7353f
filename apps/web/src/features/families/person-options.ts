import { CONTACT_ROLE_OPTIONS } from '@pirouette/domain';

/** The choices of a person's fields, the same on every family form (registration, front desk, dialogs). */

export type Gender = 'F' | 'M' | 'X';
export const GENDER_OPTIONS: { value: Gender; label: string }[] = [
  { value: 'F', label: 'Female' },
  { value: 'M', label: 'Male' },
  { value: 'X', label: 'Other' },
];

/** The contact roles by name (000 §3), Mother by default. */
export const ROLE_NAMES: string[] = CONTACT_ROLE_OPTIONS.map((r) => r.name);
export const DEFAULT_ROLE = 'Mother';

/** Rows of a form's lists; `key` only identifies a row on screen and is not sent. */
export type AdultRow = { key: string; firstName: string; lastName: string; phone: string; role: string };
export type StudentRow = { key: string; firstName: string; lastName: string; gender: Gender; dob: string };
