import { can, homePath, type MeResult, safeReturnPath } from '@pirouette/domain';
import { actorOf } from '../../lib/session';

/**
 * Who may open a page (000 §6):
 * - public: anyone, signed in or not (landing, privacy, terms, verification links);
 * - guest: login-type pages, a signed-in person is sent home;
 * - signed-in: any signed-in person (the account picker);
 * - owner: the admin area; parent: the parents area; teacher: a teacher's pages (issue 36).
 */
export type Access = 'public' | 'guest' | 'signed-in' | 'owner' | 'parent' | 'teacher';

export const LOGIN_PATH = '/login';
export const PICKER_PATH = '/accounts';

export function loginRedirect(pathname: string, search = ''): string {
  const back = safeReturnPath(`${pathname}${search}`);
  return back && back !== '/' ? `${LOGIN_PATH}?redirect=${encodeURIComponent(back)}` : LOGIN_PATH;
}

/** The `redirect` a login page was opened with, only when it is a safe relative path. */
export function requestedReturn(search: string): string | null {
  const value = new URLSearchParams(search).get('redirect');
  const path = safeReturnPath(value);
  // A return to a login-type page would loop.
  if (!path || path === '/' || path.startsWith(LOGIN_PATH)) return null;
  return path;
}

/** Where a person goes right after signing in, or when opening a login-type page while signed in. */
export function afterSignIn(session: MeResult, search: string): string {
  const requested = requestedReturn(search);
  if (requested) return requested;
  if (session.nAccts > 1) return PICKER_PATH;
  return homePath(session.user.nPriv);
}

/** The redirect a guard makes, or null to show the page. */
export function guardRedirect(
  access: Access,
  session: MeResult | null,
  location: { pathname: string; search: string },
): string | null {
  switch (access) {
    case 'public':
      return null;
    case 'guest':
      return session ? afterSignIn(session, location.search) : null;
    case 'signed-in':
      return session ? null : loginRedirect(location.pathname, location.search);
    case 'owner': {
      if (!session) return loginRedirect(location.pathname, location.search);
      return can(actorOf(session), 'studio:manage') ? null : homePath(session.user.nPriv);
    }
    case 'parent': {
      if (!session) return loginRedirect(location.pathname, location.search);
      return can(actorOf(session), 'parent:portal') ? null : homePath(session.user.nPriv);
    }
    case 'teacher': {
      if (!session) return loginRedirect(location.pathname, location.search);
      return can(actorOf(session), 'teacher:portal') ? null : homePath(session.user.nPriv);
    }
  }
}
