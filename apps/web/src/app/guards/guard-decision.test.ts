import { describe, expect, it } from 'vitest';
import { multiSession, session } from '../../test/fixtures';
import { type Access, afterSignIn, guardRedirect, loginRedirect, requestedReturn } from './guard-decision';

const at = (path: string) => {
  const [pathname = '', search = ''] = path.split(/(?=\?)/);
  return { pathname, search };
};

describe('guardRedirect (000 §6)', () => {
  const owner = session('owner');
  const parent = session('user');
  const teacher = session('teacher');
  const cases: [Access, ReturnType<typeof session> | null, string, string | null][] = [
    // Public pages are open to everybody.
    ['public', null, '/terms', null],
    ['public', parent, '/privacy', null],
    ['public', owner, '/', null],
    // Login-type pages send a signed-in person home.
    ['guest', null, '/login', null],
    ['guest', owner, '/login', '/accounts/admin/accounts'],
    ['guest', parent, '/login', '/accounts/parents'],
    ['guest', parent, '/parent/11111111-1111-4111-8111-111111111111', '/accounts/parents'],
    // Not signed in on a guarded page: to sign-in, remembering where they were going.
    [
      'owner',
      null,
      '/accounts/admin/myStudio/locations',
      '/login?redirect=%2Faccounts%2Fadmin%2FmyStudio%2Flocations',
    ],
    ['parent', null, '/accounts/parents', '/login?redirect=%2Faccounts%2Fparents'],
    ['signed-in', null, '/accounts', '/login?redirect=%2Faccounts'],
    // A parent outside the parents area goes to it; an owner outside the admin area goes to its home.
    ['owner', parent, '/accounts/admin/staff', '/accounts/parents'],
    ['parent', owner, '/accounts/parents', '/accounts/admin/accounts'],
    // The right person in the right area stays.
    ['owner', owner, '/accounts/admin/staff', null],
    ['parent', parent, '/accounts/parents', null],
    ['signed-in', parent, '/accounts', null],
    ['signed-in', owner, '/acounts', null],
    // A studio's teacher (issue 36): their own pages, and home from anyone else's.
    ['guest', teacher, '/login', '/accounts/teacher'],
    ['teacher', null, '/accounts/teacher', '/login?redirect=%2Faccounts%2Fteacher'],
    ['teacher', teacher, '/accounts/teacher/classes', null],
    ['teacher', owner, '/accounts/teacher', '/accounts/admin/accounts'],
    ['teacher', parent, '/accounts/teacher', '/accounts/parents'],
    ['owner', teacher, '/accounts/admin/accounts', '/accounts/teacher'],
    ['parent', teacher, '/accounts/parents', '/accounts/teacher'],
  ];
  it.each(cases)('%s page, %s, at %s → %s', (access, who, path, expected) => {
    expect(guardRedirect(access, who, at(path))).toBe(expected);
  });

  it('keeps the query string of the page asked for', () => {
    expect(guardRedirect('owner', null, at('/accounts/admin/staff?tab=2'))).toBe(
      `/login?redirect=${encodeURIComponent('/accounts/admin/staff?tab=2')}`,
    );
  });
});

describe('return after sign-in', () => {
  it.each([
    ['?redirect=%2Faccounts%2Fadmin%2FmyStudio%2Flocations', '/accounts/admin/myStudio/locations'],
    ['?redirect=/accounts/admin/staff?x=1', '/accounts/admin/staff?x=1'],
    ['?redirect=//evil.example', null],
    ['?redirect=https://evil.example', null],
    ['?redirect=%2F%2Fevil.example%2Fpath', null],
    ['?redirect=/\\evil.example', null],
    ['?redirect=javascript:alert(1)', null],
    ['?redirect=/login', null],
    ['?redirect=/', null],
    ['', null],
  ])('redirect %s → %s', (search, expected) => {
    expect(requestedReturn(search)).toBe(expected);
  });

  it('goes to the page first asked for, else the picker for several accounts, else home by role', () => {
    expect(afterSignIn(session('owner'), '?redirect=%2Faccounts%2Fadmin%2Fstaff')).toBe(
      '/accounts/admin/staff',
    );
    expect(afterSignIn(session('owner'), '?redirect=//evil.example')).toBe('/accounts/admin/accounts');
    expect(afterSignIn(session('user'), '?redirect=https://evil.example')).toBe('/accounts/parents');
    expect(afterSignIn(multiSession(), '')).toBe('/accounts');
  });

  it('builds the sign-in address only from safe paths', () => {
    expect(loginRedirect('/accounts/parents')).toBe('/login?redirect=%2Faccounts%2Fparents');
    expect(loginRedirect('//evil.example')).toBe('/login');
    expect(loginRedirect('/')).toBe('/login');
  });
});
