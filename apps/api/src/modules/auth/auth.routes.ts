import {
  accountIdParams,
  loginInput,
  loginResult,
  meResult,
  messageResult,
  messages,
  ok,
  okSchema,
  rememberedResult,
  sessionUser,
  switchAccountResult,
} from '@pirouette/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { SESSION_COOKIE, sessionOf } from '../../http/access';
import { clientOf } from '../../http/client';
import { describeSession, login, logout, switchAccount } from './auth.service';

const REMEMBER_COOKIE = 'auth.remember';
const tags = ['auth'];

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieBase = {
    path: '/',
    httpOnly: true,
    sameSite: 'strict',
    secure: deps.config.secureCookies,
  } as const;

  const setSessionCookie = (reply: FastifyReply, token: string, expT: string) =>
    reply.setCookie(SESSION_COOKIE, token, { ...cookieBase, expires: new Date(expT) });

  r.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'Sign in', body: loginInput, response: { 200: okSchema(loginResult) } },
    },
    async (request, reply) => {
      const result = await login({ ...deps, input: request.body, client: clientOf(request) });
      setSessionCookie(reply, result.token, result.user.expT);
      if (request.body.remember) {
        reply.setCookie(REMEMBER_COOKIE, result.user.email, {
          ...cookieBase,
          signed: true,
          maxAge: 365 * 86400,
        });
      } else {
        reply.clearCookie(REMEMBER_COOKIE, { path: '/' });
      }
      return ok(result);
    },
  );

  r.get(
    '/api/auth/me',
    {
      config: { access: 'signed-in', cache: true },
      schema: { tags, summary: 'The session', response: { 200: okSchema(meResult) } },
    },
    async (request) => ok(await describeSession({ db: deps.db, session: sessionOf(request) })),
  );

  r.get(
    '/api/auth/authuser',
    {
      config: { access: 'signed-in', cache: true },
      schema: { tags, summary: 'The signed-in person', response: { 200: okSchema(sessionUser) } },
    },
    async (request) => ok((await describeSession({ db: deps.db, session: sessionOf(request) })).user),
  );

  // The spec’s two sign-out paths (000 §7). GETs that write: a page of another site that points an
  // image at one gets 403, not a signed-out visitor (same-origin.ts).
  for (const path of ['/api/auth/logout', '/api/auth/authlogout']) {
    r.get(
      path,
      {
        config: { access: 'optional', writes: true },
        schema: {
          tags,
          summary: 'Sign out: the session ends on the server',
          response: { 200: okSchema(messageResult) },
        },
      },
      async (request, reply) => {
        if (request.auth) await logout({ ...deps, session: request.auth });
        reply.clearCookie(SESSION_COOKIE, { path: '/' });
        return ok({ msg: messages.loggedOut });
      },
    );
  }

  r.get(
    '/api/auth/userAccount/:id',
    {
      config: { access: 'signed-in', writes: true },
      schema: {
        tags,
        summary: "Switch the session to another of the person's studio memberships",
        params: accountIdParams,
        response: { 200: okSchema(switchAccountResult) },
      },
    },
    async (request) =>
      ok(await switchAccount({ ...deps, session: sessionOf(request), membershipId: request.params.id })),
  );

  r.get(
    '/api/auth/remember',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The remembered sign-in e-mail',
        response: { 200: okSchema(rememberedResult) },
      },
    },
    async (request) => {
      const raw = request.cookies[REMEMBER_COOKIE];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      return ok({ email: unsigned?.valid ? unsigned.value : null });
    },
  );
}
