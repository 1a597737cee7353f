import { authCalls, type LoginInput, messages } from '@pirouette/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { SESSION_COOKIE, sessionOf } from '../../http/access';
import { clientOf } from '../../http/client';
import { routes } from '../../http/route';
import {
  describeCompany,
  describeSession,
  describeUserAndCompany,
  login,
  logout,
  switchAccount,
} from './auth.service';

const REMEMBER_COOKIE = 'auth.remember';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const cookieBase = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.secureCookies,
  } as const;

  const setSessionCookie = (reply: FastifyReply, token: string, expT: string) =>
    reply.setCookie(SESSION_COOKIE, token, { ...cookieBase, expires: new Date(expT) });

  // Both sign-out paths of the spec (000 §7) end the session the same way.
  const signOut = async ({ request, reply }: { request: FastifyRequest; reply: FastifyReply }) => {
    if (request.auth) await logout({ ...deps, session: request.auth });
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { msg: messages.loggedOut };
  };

  // Both sign-in paths of the spec (000 §7) sign in the same way, under the same rate limits.
  const signIn = async ({
    request,
    reply,
    body,
  }: {
    request: FastifyRequest;
    reply: FastifyReply;
    body: LoginInput;
  }) => {
    const result = await login({ ...deps, input: body, client: clientOf(request) });
    setSessionCookie(reply, result.token, result.user.expT);
    if (body.remember) {
      reply.setCookie(REMEMBER_COOKIE, result.user.email, {
        ...cookieBase,
        signed: true,
        maxAge: 365 * 86400,
      });
    } else {
      reply.clearCookie(REMEMBER_COOKIE, { path: '/' });
    }
    return result;
  };

  routes(app, authCalls, {
    login: signIn,
    authLogin: signIn,
    me: ({ request, reply }) => {
      if (request.auth) return describeSession({ db: deps.db, session: request.auth });
      // A cookie whose session has ended is dropped, as a signed-in call's 401 drops it (http/access.ts).
      if (request.cookies[SESSION_COOKIE]) reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return null;
    },
    authUser: async ({ request }) =>
      (await describeSession({ db: deps.db, session: sessionOf(request) })).user,
    logout: signOut,
    authLogout: signOut,
    switchAccount: ({ request, params }) =>
      switchAccount({ ...deps, session: sessionOf(request), membershipId: params.id }),
    userAndCompany: ({ request }) => describeUserAndCompany({ db: deps.db, session: sessionOf(request) }),
    company: ({ request }) => describeCompany({ db: deps.db, companyId: sessionOf(request).companyId }),
    remembered: ({ request }) => {
      const raw = request.cookies[REMEMBER_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      return { email: unsigned?.valid ? unsigned.value : null };
    },
  });
}
