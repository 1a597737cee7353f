import {
  codeCheckResult,
  companyParams,
  emailParams,
  hashParams,
  messageResult,
  messages,
  ok,
  okSchema,
  parentCompanyResult,
  parentEmailParams,
  parentRegistrationInput,
  parentRegistrationResult,
  parentStudioParams,
  passwordChangeInput,
  studioRegistrationInput,
  studioRegistrationResult,
  validateCodeParams,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { clientOf } from '../../http/client';
import { AppError } from '../../http/errors';
import { sendRegistrationCode, validateRegistrationCode } from './code.service';
import { changePassword, requestPasswordReset, verifyEmail } from './links.service';
import { getParentCompany } from './parent-company.service';
import { checkParentEmail, registerParent } from './parent-registration.service';
import { registerStudio } from './studio.service';

const tags = ['registration'];
const message = { 200: okSchema(messageResult) };

export function registrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const pub = { access: 'public' } as const;

  r.get(
    '/api/registration/confirm/email/:email',
    { config: pub, schema: { tags, summary: 'Mail a 6-digit code', params: emailParams, response: message } },
    async (request) =>
      ok(await sendRegistrationCode({ ...deps, email: request.params.email, client: clientOf(request) })),
  );

  r.get(
    '/api/registration/email/validate/:email/:code',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Check the code',
        params: validateCodeParams,
        response: { 200: okSchema(codeCheckResult) },
      },
    },
    async (request) =>
      ok(await validateRegistrationCode({ ...deps, ...request.params, client: clientOf(request) })),
  );

  // The same call without its code: the spec's own message rather than a bare 404.
  r.get('/api/registration/email/validate/:email', { config: pub, schema: { hide: true } }, async () => {
    throw new AppError('bad_request', messages.codeRequired);
  });

  r.post(
    '/api/registration/account',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Register a studio and its owner',
        body: studioRegistrationInput,
        response: { 200: okSchema(studioRegistrationResult) },
      },
    },
    async (request) => ok(await registerStudio({ ...deps, input: request.body, client: clientOf(request) })),
  );

  r.put(
    '/api/registration/verify/email/:hash',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Confirm an e-mail address from its link',
        params: hashParams,
        response: message,
      },
    },
    async (request) =>
      ok(await verifyEmail({ ...deps, hash: request.params.hash, client: clientOf(request) })),
  );

  r.get(
    '/api/registration/change/pass/:email',
    {
      config: pub,
      schema: { tags, summary: 'Mail a password reset link', params: emailParams, response: message },
    },
    async (request) =>
      ok(await requestPasswordReset({ ...deps, email: request.params.email, client: clientOf(request) })),
  );

  r.put(
    '/api/registration/change/pass',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Set a new password from a reset link',
        body: passwordChangeInput,
        response: message,
      },
    },
    async (request) => ok(await changePassword({ ...deps, input: request.body, client: clientOf(request) })),
  );

  r.get(
    '/api/registration/parent/company/:id',
    {
      config: pub,
      schema: {
        tags,
        summary: 'A studio, for its parent sign-up page',
        params: companyParams,
        response: { 200: okSchema(parentCompanyResult) },
      },
    },
    async (request) => ok(await getParentCompany({ db: deps.db, companyId: request.params.id })),
  );

  r.get(
    '/api/registration/parent/:id/email/:email',
    {
      config: pub,
      schema: {
        tags,
        summary: 'Whether an address can register a family at the studio (its first step)',
        params: parentEmailParams,
        response: message,
      },
    },
    async (request) =>
      ok(
        await checkParentEmail({
          ...deps,
          companyId: request.params.id,
          email: request.params.email,
          client: clientOf(request),
        }),
      ),
  );

  r.post(
    '/api/registration/parent/:id',
    {
      config: pub,
      schema: {
        tags,
        summary: 'A parent registers their family at a studio (its sign-up link)',
        params: parentStudioParams,
        body: parentRegistrationInput,
        response: { 200: okSchema(parentRegistrationResult) },
      },
    },
    async (request) =>
      ok(
        await registerParent({
          ...deps,
          companyId: request.params.id,
          input: request.body,
          client: clientOf(request),
        }),
      ),
  );
}
