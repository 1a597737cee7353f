import {
  type Actor,
  ageInQuarterYears,
  can,
  type DateOnly,
  lastInitial,
  type TeacherClasses,
  type TeacherDancer,
  todayInZone,
} from '@pirouette/domain';
import type { Db } from '../../db/client';
import { forbidden } from '../../http/errors';
import { classRosters, expectedOn } from '../../kernel/class-rosters';
import { findCurrentYearTerm } from '../../kernel/current-term';
import type { Clock } from '../../lib/clock';
import {
  familyPhones,
  privateDancers,
  studentsForTeacher,
  studioTimeZone,
  teacherClassesOfTerm,
  teacherPrivatesOfTerm,
} from './teacher-classes.queries';

type Student = Awaited<ReturnType<typeof studentsForTeacher>>[number];
type Phones = Awaited<ReturnType<typeof familyPhones>>;

/** Each family's phones, the family's own first, without repeats or blanks. */
function phonesByFamily({ families, people }: Phones) {
  const byFamily = new Map<string, { name: string; phone: string }[]>();
  const add = (familyId: string, name: string, phone: string) => {
    if (!phone) return;
    const list = byFamily.get(familyId) ?? [];
    if (!list.some((p) => p.phone === phone)) list.push({ name, phone });
    byFamily.set(familyId, list);
  };
  for (const f of families) add(f.id, f.lastName ? `${f.lastName} family` : 'Family', f.phone);
  for (const p of people)
    add(p.familyId, [p.firstName, p.role ? `(${p.role})` : ''].join(' ').trim(), p.phone);
  return byFamily;
}

/** A dancer as their teacher sees them (no money, no e-mail, the last name's initial only). */
function dancerOf(
  s: Student,
  today: DateOnly,
  phones: Map<string, { name: string; phone: string }[]>,
): TeacherDancer {
  const age = ageInQuarterYears(s.dob, today);
  return {
    id: s.id,
    firstName: s.firstName,
    lastInitial: lastInitial(s.lastName),
    age: age === null ? null : Math.floor(age),
    allergies: s.allergies,
    note: s.teacherNote,
    phones: phones.get(s.familyId) ?? [],
  };
}

const EMPTY = (today: DateOnly): TeacherClasses => ({ today, term: null, classes: [], privates: [] });

/**
 * GET api/teacher/classes: the teacher's classes and privates of the studio's current term, each with
 * the dancers expected today (the kernel's roster rule) and their families' phones. A constant number
 * of statements whatever the number of classes and dancers; never an amount, a price or an e-mail.
 */
export async function getTeacherClasses({
  db,
  actor,
  clock,
}: {
  db: Db;
  actor: Actor;
  clock: Clock;
}): Promise<TeacherClasses> {
  if (!can(actor, 'teacher:portal') || !actor.teacherId) throw forbidden();
  const companyId = actor.companyId;
  const [term, timeZone] = await Promise.all([
    findCurrentYearTerm(db, companyId),
    studioTimeZone(db, companyId),
  ]);
  const today = todayInZone(timeZone, clock.now());
  if (!term) return EMPTY(today);
  const [classRows, privateRows] = await Promise.all([
    teacherClassesOfTerm(db, companyId, actor.teacherId, term.id),
    teacherPrivatesOfTerm(db, companyId, actor.teacherId, term.id),
  ]);
  const [rosters, privateRegs] = await Promise.all([
    classRosters(
      db,
      companyId,
      classRows.map((c) => c.id),
      today,
      today,
    ),
    privateDancers(
      db,
      companyId,
      privateRows.map((p) => p.id),
      today,
    ),
  ]);
  const expected = rosters.filter((r) => expectedOn(r, today));
  const studentIds = [
    ...new Set([...expected.map((r) => r.studentId), ...privateRegs.map((r) => r.studentId)]),
  ];
  const studentRows = await studentsForTeacher(db, companyId, studentIds);
  const phones = phonesByFamily(
    await familyPhones(db, companyId, [...new Set(studentRows.map((s) => s.familyId))]),
  );
  const dancers = new Map(studentRows.map((s) => [s.id, dancerOf(s, today, phones)]));
  const dancersOf = (ids: string[]) =>
    studentRows.filter((s) => ids.includes(s.id)).map((s) => dancers.get(s.id)!);
  return {
    today,
    term: term.name,
    classes: classRows.map((c) => ({
      id: c.id,
      name: c.name,
      day: c.day,
      timeStart: c.timeStart.slice(0, 5),
      timeEnd: c.timeEnd.slice(0, 5),
      room: c.room ?? '',
      location: c.location ?? '',
      dancers: dancersOf(expected.filter((r) => r.classId === c.id).map((r) => r.studentId)),
    })),
    privates: privateRows.map((p) => ({
      id: p.id,
      name: p.name,
      location: p.location ?? '',
      dancers: dancersOf(privateRegs.filter((r) => r.privateId === p.id).map((r) => r.studentId)),
    })),
  };
}
