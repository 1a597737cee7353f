import { competitionRegistrationCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  registerClass,
  registerPrivate,
  registerStudents,
  removeRegistration,
  setPaid,
} from './registration.service';
import { registeredOfEvent, workingLists } from './registration-lists.service';

/** Competition registration's calls (issue 19 points 2–3, decision 032; 002 §7 "Competitions"): the owner's only. */
export function competitionRegistrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    actor: actorOfRequest(request),
  });
  const student = (id: string) => (id === 'null' ? null : id);
  routes(app, competitionRegistrationCalls, {
    registered: ({ request, params }) => registeredOfEvent(ctx(request), params.eventId),
    workingLists: ({ request, body }) => workingLists(ctx(request), body),
    registerClass: ({ request, body }) => registerClass(ctx(request), body),
    registerPrivate: ({ request, body }) => registerPrivate(ctx(request), body),
    registerStudents: ({ request, body }) => registerStudents(ctx(request), body),
    removeClass: ({ request, params }) =>
      removeRegistration(ctx(request), {
        entry: params.entry,
        kind: 'dnc',
        id: params.id,
        studentId: student(params.acctStdID),
      }),
    removePrivate: ({ request, params }) =>
      removeRegistration(ctx(request), {
        entry: params.entry,
        kind: 'prv',
        id: params.id,
        studentId: student(params.acctStdID),
      }),
    paid: ({ request, params, body }) => setPaid(ctx(request), params.id, Boolean(body.isPayed)),
  });
}
