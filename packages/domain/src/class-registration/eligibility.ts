import { LEVELS } from '../constants';
import { compareDates } from '../dates';
import { ageInQuarterYears } from '../families/age';
import { formatDateOnly } from '../format';
import { clampMinGenreRequired } from '../schedule/min-genre';
import { classRegistrationMessages } from './schema';

/**
 * Whether a class is open to a dancer at registration (issue 15 point 7; 002 §3 "Class", "Class genre",
 * "Other requirement"; 002 §5). Pure: the web's schedule builder and the server call the same rule, so
 * one selection gets one answer. A "no" carries sentences a parent reads; the owner may register anyway.
 */

/** A class with age_min at most 0 and age_max at least this is for all ages: no age is checked. */
export const ALL_AGES_MAX = 99;

export type EligibilityRequirement = {
  genreID: string;
  genreName: string;
  /** 1–7, an index into LEVELS (1 is Beginner). */
  levelID: number;
  isRequired: boolean;
};

/** The class asked for; `BuilderClass` fits. */
export type EligibilityClass = {
  id: string;
  name: string;
  age_min: number;
  age_max: number;
  level: number;
  genreIDs: readonly string[];
  requirements: readonly EligibilityRequirement[];
  minGenreRequired: number;
};

/** A class the dancer takes in the same year term: registered and counting, or selected alongside. */
export type TakenClass = { id: string; genreIDs: readonly string[]; level: number };

export type EligibilityInput = {
  student: { firstName: string; dob: string };
  cls: EligibilityClass;
  /** The date the age is taken on: see `eligibilityDate`. */
  onDate: string;
  otherClasses: readonly TakenClass[];
};

export type Eligibility = { ok: boolean; reasons: string[] };

/**
 * The date a dancer's age is taken on: the class's start for her, which is the year term's first day,
 * or the registration date when she joins after the term began.
 */
export function eligibilityDate(termStart: string, registrationDate: string): string {
  return compareDates(registrationDate, termStart) > 0 ? registrationDate : termStart;
}

export function isAllAges(cls: { age_min: number; age_max: number }): boolean {
  return cls.age_min <= 0 && cls.age_max >= ALL_AGES_MAX;
}

/** The class's age range as a sentence ends: "ages 8 to 10", "age 8", "ages up to 10", "ages 8 and up". */
export function agesLabel(cls: { age_min: number; age_max: number }): string {
  if (isAllAges(cls)) return 'all ages';
  if (cls.age_max >= ALL_AGES_MAX) return `ages ${cls.age_min} and up`;
  if (cls.age_min <= 0) return `ages up to ${cls.age_max}`;
  if (cls.age_min === cls.age_max) return `age ${cls.age_min}`;
  return `ages ${cls.age_min} to ${cls.age_max}`;
}

function levelName(levelID: number): string {
  return LEVELS[levelID - 1] ?? `level ${levelID}`;
}

/** A requirement is met by another class whose genres include its genre, at exactly its level. */
function isMet(requirement: EligibilityRequirement, others: readonly TakenClass[]): boolean {
  return others.some((c) => c.level === requirement.levelID && c.genreIDs.includes(requirement.genreID));
}

function ageReason(input: EligibilityInput): string | null {
  const { student, cls, onDate } = input;
  if (isAllAges(cls)) return null;
  const quarters = ageInQuarterYears(student.dob, onDate);
  const on = formatDateOnly(onDate);
  const forAges = `this class is for ${agesLabel(cls)}.`;
  if (quarters === null) {
    return `We can't tell ${student.firstName}'s age on ${on} from the date of birth on file; ${forAges}`;
  }
  // Whole years, as people say an age: 10 years and 11 months is 10, and age_max 10 admits her.
  const age = Math.floor(quarters);
  if (age >= cls.age_min && age <= cls.age_max) return null;
  return `${student.firstName} is ${age} on ${on}; ${forAges}`;
}

/**
 * Whether `cls` is open to the dancer. Her age on `onDate`, in whole years, must be within
 * [age_min, age_max] unless the class is for all ages. Every required requirement must be met, and at
 * least minGenreRequired of all of them (required ones count). minGenreRequired is taken clamped as
 * 002 §5 stores it, so a value left out of range cannot make a class impossible to join. The class
 * itself never meets its own requirements, even when listed in `otherClasses`.
 */
export function classEligibility(input: EligibilityInput): Eligibility {
  const { student, cls } = input;
  const others = input.otherClasses.filter((c) => c.id !== cls.id);
  const reasons: string[] = [];

  const age = ageReason(input);
  if (age) reasons.push(age);

  const met = cls.requirements.filter((r) => isMet(r, others));
  for (const r of cls.requirements) {
    if (r.isRequired && !met.includes(r)) {
      reasons.push(`This class also needs ${r.genreName} at level ${levelName(r.levelID)} (required).`);
    }
  }

  // Once every required one is met, the count is short only when too few optional ones are; a
  // sentence for it beside a missing required one would only repeat it (a lone required requirement
  // makes the minimum 1).
  const min = clampMinGenreRequired(cls.minGenreRequired, cls.requirements);
  const required = cls.requirements.filter((r) => r.isRequired).length;
  const optionalMet = met.filter((r) => !r.isRequired).length;
  if (optionalMet < min - required) {
    const list = cls.requirements.map((r) => `${r.genreName} (${levelName(r.levelID)})`).join(', ');
    const takes = met.length === 0 ? 'none' : String(met.length);
    reasons.push(`This class needs at least ${min} of: ${list}; ${student.firstName} takes ${takes}.`);
  }

  return { ok: reasons.length === 0, reasons };
}

export type StudentClassPair = { studentId: string; classId: string };

export type SelectionInput = {
  /** The family's dancers. */
  students: readonly { id: string; firstName: string; dob: string }[];
  /** The year term's classes, as the builder lists them. */
  classes: readonly EligibilityClass[];
  /** The (dancer, class) pairs chosen in this registration. */
  selection: readonly StudentClassPair[];
  /**
   * The family's registrations of the same term that count (the caller leaves out dropped, removed and
   * rejected ones). A class missing from `classes` cannot meet a requirement.
   */
  registered?: readonly StudentClassPair[];
  /** See `eligibilityDate`. */
  onDate: string;
};

/**
 * Each chosen pair with its eligibility, in the order chosen. A dancer's classes, registered or chosen
 * in the same selection, meet one another's requirements. A pair naming an unknown dancer or class is
 * not ok, with the message that says which.
 */
export function selectionEligibility(input: SelectionInput): (StudentClassPair & Eligibility)[] {
  const classById = new Map(input.classes.map((c) => [c.id, c]));
  const studentById = new Map(input.students.map((s) => [s.id, s]));
  const takenIds = new Map<string, Set<string>>();
  for (const pair of [...(input.registered ?? []), ...input.selection]) {
    const ids = takenIds.get(pair.studentId) ?? new Set<string>();
    ids.add(pair.classId);
    takenIds.set(pair.studentId, ids);
  }

  return input.selection.map((pair) => {
    const student = studentById.get(pair.studentId);
    if (!student) return { ...pair, ok: false, reasons: [classRegistrationMessages.studentNotFound] };
    const cls = classById.get(pair.classId);
    if (!cls) return { ...pair, ok: false, reasons: [classRegistrationMessages.classNotFound] };
    const otherClasses = [...(takenIds.get(pair.studentId) ?? [])]
      .map((id) => classById.get(id))
      .filter((c): c is EligibilityClass => c !== undefined);
    return { ...pair, ...classEligibility({ student, cls, onDate: input.onDate, otherClasses }) };
  });
}
