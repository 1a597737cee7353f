import type { Role } from './constants';

/** Who is acting: taken from the session, never from the request. */
export type Actor = {
  userId: string;
  companyId: string;
  membershipId: string;
  role: Role;
  /** The family account a parent belongs to; absent for owners. */
  familyAccountId?: string | null;
  /** The teacher record a teacher signs in as (issue 36); absent for owners and parents. */
  teacherId?: string | null;
};

export type Action =
  | 'studio:manage'
  | 'studio:read'
  | 'yearTerm:set'
  | 'family:read'
  | 'family:manage'
  | 'parent:portal'
  | 'teacher:portal'
  | 'roll:take';

export type Resource = { companyId: string; familyAccountId?: string | null } | null;

/**
 * The one place that says who may do what. The server enforces it on every route; the web app asks it
 * to hide what a person may not do. A resource of another studio is never allowed, whatever the role.
 */
export function can(actor: Actor | null, action: Action, resource: Resource = null): boolean {
  if (!actor) return false;
  if (resource && resource.companyId !== actor.companyId) return false;
  switch (action) {
    case 'studio:manage':
    case 'yearTerm:set':
    case 'studio:read':
      return actor.role === 'owner';
    case 'family:manage':
      return actor.role === 'owner';
    case 'family:read':
      if (actor.role === 'owner') return true;
      return !!resource?.familyAccountId && resource.familyAccountId === actor.familyAccountId;
    case 'parent:portal':
      return actor.role === 'user';
    case 'teacher:portal':
      return actor.role === 'teacher';
    case 'roll:take':
      // A teacher only of their own classes: the roll's service checks the class's teacher.
      return actor.role === 'owner' || actor.role === 'teacher';
  }
}

/** Where a signed-in person belongs (000 §6). */
export function homePath(role: Role): string {
  if (role === 'owner') return '/accounts/admin/accounts';
  return role === 'teacher' ? TEACHER_HOME : '/accounts/parents';
}

/** A teacher's home: today's classes (issue 36). */
export const TEACHER_HOME = '/accounts/teacher';

/**
 * A return path after sign-in is honoured only when it is a relative path on this site:
 * one leading slash, no scheme, no second slash or backslash that a browser reads as another host.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || typeof value !== 'string' || value.length > 2048) return null;
  if (!value.startsWith('/')) return null;
  if (value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u001F\u007F\\]/.test(value)) return null;
  try {
    const url = new URL(value, 'http://pirouette.invalid');
    if (url.origin !== 'http://pirouette.invalid') return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
