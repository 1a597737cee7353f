import { messages, registrationCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { clientOf } from '../../http/client';
import { AppError } from '../../http/errors';
import { routes } from '../../http/route';
import { sendRegistrationCode, validateRegistrationCode } from './code.service';
import { changePassword, requestPasswordReset, verifyEmail } from './links.service';
import { getParentCompany } from './parent-company.service';
import { checkParentEmail, registerParent } from './parent-registration.service';
import { registerStudio } from './studio.service';

export function registrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  routes(app, registrationCalls, {
    sendCode: ({ request, params }) =>
      sendRegistrationCode({ ...deps, email: params.email, client: clientOf(request) }),
    checkCode: ({ request, params }) =>
      validateRegistrationCode({ ...deps, ...params, client: clientOf(request) }),
    // The same call without its code: the spec's own message rather than a bare 404.
    checkCodeMissing: () => {
      throw new AppError('bad_request', messages.codeRequired);
    },
    registerStudio: ({ request, body }) =>
      registerStudio({ ...deps, input: body, client: clientOf(request) }),
    verifyEmail: ({ request, params }) =>
      verifyEmail({ ...deps, hash: params.hash, client: clientOf(request) }),
    requestPasswordReset: ({ request, params }) =>
      requestPasswordReset({ ...deps, email: params.email, client: clientOf(request) }),
    changePassword: ({ request, body }) =>
      changePassword({ ...deps, input: body, client: clientOf(request) }),
    parentCompany: ({ params }) => getParentCompany({ db: deps.db, companyId: params.id }),
    checkParentEmail: ({ request, params }) =>
      checkParentEmail({ ...deps, companyId: params.id, email: params.email, client: clientOf(request) }),
    registerParent: ({ request, params, body }) =>
      registerParent({ ...deps, companyId: params.id, input: body, client: clientOf(request) }),
  });
}
