import {
  type AccountInfo,
  ageInQuarterYears,
  type FamilyUser,
  formatAge,
  minutesOfDay,
  type StudentClass,
  type TermsStatus,
} from '@pirouette/domain';
import { studioDateTime } from '../../lib/format';
import { GENDER_OPTIONS } from './person-options';

/** How a family's people and classes read on the account screens (owner's and parent's alike). */

export const genderLabel = (gender: string) =>
  GENDER_OPTIONS.find((g) => g.value === gender)?.label ?? gender;

/** "Maya Patel"; a person may have only one of the two names (001 §5). */
export const personName = (p: { firstName: string; lastName: string }) =>
  `${p.firstName} ${p.lastName}`.trim() || 'No name';

/** "7½ yrs" on `today` (001 §9: quarter-year steps); empty when the date of birth says nothing. */
export function studentAgeText(dob: string, today: string): string {
  const age = ageInQuarterYears(dob, today);
  return age === null ? '' : `${formatAge(age)} yrs`;
}

/**
 * Where a class registration stands for the family: counting (registered, approved or not yet),
 * or not counting (dropped, removed by the studio, refused by the studio). 001 §4.
 */
export type ClassStanding = 'registered' | 'pending' | 'dropped' | 'removed' | 'rejected';

export function classStanding(c: Pick<StudentClass, 'iStatus' | 'status' | 'isDropped'>): ClassStanding {
  if (c.iStatus === -2) return 'removed';
  if (c.isDropped || c.iStatus === -1) return 'dropped';
  if (c.status === -1) return 'rejected';
  if (c.status === 0) return 'pending';
  return 'registered';
}

/** A class the student no longer takes: shown struck through. */
export const isInactiveStanding = (s: ClassStanding) =>
  s === 'dropped' || s === 'removed' || s === 'rejected';

export const STANDING_BADGE: Record<ClassStanding, { label: string; color: string } | null> = {
  registered: null,
  pending: { label: 'Awaiting approval', color: 'yellow' },
  dropped: { label: 'Dropped', color: 'gray' },
  removed: { label: 'Removed', color: 'gray' },
  rejected: { label: 'Not approved', color: 'red' },
};

/**
 * Each student's classes, by student id: the ones taken first, then by weekday (Monday first), start
 * time and name, so a week reads in order and what was dropped sits at the end.
 */
export function classesByStudent(classes: readonly StudentClass[]): Map<string, StudentClass[]> {
  const byStudent = new Map<string, StudentClass[]>();
  for (const c of classes) {
    const list = byStudent.get(c.acctStudentID) ?? [];
    list.push(c);
    byStudent.set(c.acctStudentID, list);
  }
  for (const list of byStudent.values()) list.sort(compareClasses);
  return byStudent;
}

function compareClasses(a: StudentClass, b: StudentClass): number {
  const inactive = (c: StudentClass) => (isInactiveStanding(classStanding(c)) ? 1 : 0);
  return (
    inactive(a) - inactive(b) ||
    a.day - b.day ||
    minutesOfDay(a.timeStart) - minutesOfDay(b.timeStart) ||
    a.name.localeCompare(b.name)
  );
}

export const LOGIN_BADGE: Record<FamilyUser['login'], { label: string; color: string }> = {
  active: { label: 'Can sign in', color: 'teal' },
  invited: { label: 'Invited', color: 'yellow' },
  none: { label: 'No sign-in', color: 'gray' },
};

/** The family's postal address as lines: street, second line, "City, ST 00000"; blank parts left out. */
export function addressLines(info: Pick<AccountInfo, 'address' | 'address2' | 'city' | 'state' | 'zipcode'>) {
  const place = [info.city.trim(), [info.state.trim(), info.zipcode.trim()].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [info.address.trim(), info.address2.trim(), place].filter(Boolean);
}

/** Where the family stands with a terms document: the version in force accepted, an older one, or none. */
export type TermsState = 'accepted' | 'outdated' | 'missing';

export function termsState(term: Pick<TermsStatus, 'accepted' | 'outdated' | 'acceptedVersion'>): TermsState {
  if (term.outdated) return 'outdated';
  if (term.accepted) return 'accepted';
  return 'missing';
}

/** "Version 2 accepted Nov 21, 2026, 9:30 AM by Priya Patel", the moment in the studio's time zone. */
export function termsAcceptanceText(
  term: Pick<TermsStatus, 'acceptedVersion' | 'acceptedAt' | 'acceptedBy'>,
  timeZone: string,
): string {
  const parts = [term.acceptedVersion === null ? 'Accepted' : `Version ${term.acceptedVersion} accepted`];
  if (term.acceptedAt) parts.push(studioDateTime(term.acceptedAt, timeZone));
  if (term.acceptedBy) parts.push(`by ${term.acceptedBy}`);
  return parts.join(' ');
}

/** "studio rules and policies" → "Studio rules and policies": document titles are stored as written. */
export const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
