import { describe, expect, it } from 'vitest';
import { type Action, type Actor, can, homePath } from './policies';

const actor = (role: Actor['role'], extra: Partial<Actor> = {}): Actor => ({
  userId: 'u',
  companyId: 'x',
  membershipId: 'm',
  role,
  ...extra,
});

describe('can (decision 060: a teacher takes the roll and sees no money)', () => {
  const owner = actor('owner');
  const parent = actor('user', { familyAccountId: 'f' });
  const teacher = actor('teacher', { teacherId: 't' });
  const table: [Action, Actor, boolean][] = [
    ['roll:take', owner, true],
    ['roll:take', teacher, true],
    ['roll:take', parent, false],
    ['teacher:portal', teacher, true],
    ['teacher:portal', owner, false],
    ['teacher:portal', parent, false],
    ['studio:manage', teacher, false],
    ['studio:read', teacher, false],
    ['family:manage', teacher, false],
    ['family:read', teacher, false],
    ['parent:portal', teacher, false],
  ];
  it.each(table)('%s as %o → %s', (action, who, expected) => {
    expect(can(who, action)).toBe(expected);
  });
  it('never allows another studio', () => {
    expect(can(teacher, 'roll:take', { companyId: 'y' })).toBe(false);
    expect(can(null, 'roll:take')).toBe(false);
  });
  it('sends each role home', () => {
    expect(homePath('teacher')).toBe('/accounts/teacher');
    expect(homePath('owner')).toBe('/accounts/admin/accounts');
    expect(homePath('user')).toBe('/accounts/parents');
  });
});
