import { staffCalls, teacherClassCalls, teacherInvitationCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { clientOf } from '../../http/client';
import { routes } from '../../http/route';
import { acceptInvitation, readInvitation } from './invitation.service';
import { getStaffRegistration, inviteTeacher, revokeTeacher } from './registration.service';
import { getTeacherClasses } from './teacher-classes.service';

/** Teachers who sign in (issue 36, decision 061): Staff → Registration, the link's page, My classes. */
export function staffRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, appUrl } = deps;
  routes(app, staffCalls, {
    list: ({ request }) => getStaffRegistration({ db, clock, actor: actorOfRequest(request) }),
    invite: ({ request, body }) =>
      inviteTeacher({ db, clock, appUrl, actor: actorOfRequest(request), teacherId: body.teacherID }),
    revoke: ({ request, params }) =>
      revokeTeacher({ db, clock, actor: actorOfRequest(request), teacherId: params.id }),
  });
  routes(app, teacherInvitationCalls, {
    read: ({ request, body }) => readInvitation({ db, clock, client: clientOf(request), token: body.token }),
    accept: ({ request, body }) => acceptInvitation({ db, clock, client: clientOf(request), input: body }),
  });
  routes(app, teacherClassCalls, {
    classes: ({ request }) => getTeacherClasses({ db, clock, actor: actorOfRequest(request) }),
  });
}
