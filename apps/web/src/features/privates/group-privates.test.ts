import { describe, expect, it } from 'vitest';
import { groupPrivates, typeLabel, typeSummary } from './group-privates';
import { AIKO, CAMILLE, lesson } from './test/privates-fixtures';

describe('groupPrivates', () => {
  it('groups by type in the order Solos, Duets, Trios, Groups, then by teacher, then by name', () => {
    const lessons = [
      lesson({ name: 'Shallow', type: 2, teacherID: AIKO, teacher: 'Aiko Tanaka' }),
      lesson({ name: 'Reflection', type: 1, teacherID: CAMILLE, teacher: 'Camille Durand' }),
      lesson({ name: 'Team', type: 4, teacherID: CAMILLE, teacher: 'Camille Durand' }),
      lesson({ name: 'Clair de Lune', type: 1, teacherID: CAMILLE, teacher: 'Camille Durand' }),
      lesson({ name: 'Firework', type: 1, teacherID: AIKO, teacher: 'Aiko Tanaka' }),
    ];
    const groups = groupPrivates(lessons);
    expect(groups.map((g) => [g.label, g.count])).toEqual([
      ['Solos', 3],
      ['Duets', 1],
      ['Groups', 1],
    ]);
    expect(groups[0]!.teachers.map((t) => [t.teacher, t.lessons.map((l) => l.name)])).toEqual([
      ['Aiko Tanaka', ['Firework']],
      ['Camille Durand', ['Clair de Lune', 'Reflection']],
    ]);
  });

  it('keeps two teachers of the same name apart, and leaves the input alone', () => {
    const lessons = [
      lesson({ name: 'B', teacherID: CAMILLE, teacher: 'Sam Lee' }),
      lesson({ name: 'A', teacherID: AIKO, teacher: 'Sam Lee' }),
    ];
    const [solos] = groupPrivates(lessons);
    expect(solos!.teachers).toHaveLength(2);
    expect(lessons.map((l) => l.name)).toEqual(['B', 'A']);
  });

  it('gives nothing for no lessons', () => {
    expect(groupPrivates([])).toEqual([]);
  });

  it('names types and counts them in a summary', () => {
    expect([1, 2, 3, 4].map(typeLabel)).toEqual(['Solos', 'Duets', 'Trios', 'Groups']);
    const groups = groupPrivates([lesson({ type: 1 }), lesson({ type: 1 }), lesson({ type: 3 })]);
    expect(typeSummary(groups)).toBe('2 solos · 1 trio');
  });
});
