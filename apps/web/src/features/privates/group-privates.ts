import { PRIVATE_TYPES, type PrivateLesson } from '@pirouette/domain';

export type TeacherGroup = { teacherID: string; teacher: string; lessons: PrivateLesson[] };
export type TypeGroup = {
  type: number;
  /** "Solos", "Duets"… as the list is headed (002 §3). */
  label: string;
  count: number;
  teachers: TeacherGroup[];
};

const byText = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });

/** The heading of a type: its plural name (1 → Solos); a type the contract does not know reads as itself. */
export function typeLabel(type: number): string {
  return PRIVATE_TYPES.find((t) => t.id === type)?.plural ?? `Type ${type}`;
}

/** A type's singular name (1 → Solo). */
export function typeName(type: number): string {
  return PRIVATE_TYPES.find((t) => t.id === type)?.name ?? `Type ${type}`;
}

/**
 * The private-lessons screen's list (002 §2): by type in the order 1 to 4 (types without lessons are left
 * out), then by teacher name, then by lesson name.
 */
export function groupPrivates(lessons: readonly PrivateLesson[]): TypeGroup[] {
  const types = new Map<number, Map<string, TeacherGroup>>();
  for (const lesson of lessons) {
    let teachers = types.get(lesson.type);
    if (!teachers) {
      teachers = new Map();
      types.set(lesson.type, teachers);
    }
    let group = teachers.get(lesson.teacherID);
    if (!group) {
      group = { teacherID: lesson.teacherID, teacher: lesson.teacher || 'No teacher', lessons: [] };
      teachers.set(lesson.teacherID, group);
    }
    group.lessons.push(lesson);
  }
  return [...types.entries()]
    .sort(([a], [b]) => a - b)
    .map(([type, teachers]) => {
      const groups = [...teachers.values()].sort((a, b) => byText(a.teacher, b.teacher));
      for (const g of groups) g.lessons.sort((a, b) => byText(a.name, b.name));
      return {
        type,
        label: typeLabel(type),
        count: groups.reduce((n, g) => n + g.lessons.length, 0),
        teachers: groups,
      };
    });
}

/** "2 solos · 1 duet": how many lessons of each type a location has. */
export function typeSummary(groups: readonly TypeGroup[]): string {
  return groups
    .map((g) => `${g.count} ${(g.count === 1 ? typeName(g.type) : g.label).toLowerCase()}`)
    .join(' · ');
}
