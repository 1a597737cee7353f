import { formInputCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  getClassFormInputs,
  getCompetitionEntryOptions,
  getDanceNumberFormInputs,
  getPrivateFormInputs,
  getStudentOptions,
  getYearTermOptions,
} from './form-inputs.service';

/** The option lists the schedule's and the private lessons' dialogs need: owner only. */
export function formInputRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, formInputCalls, {
    classForm: ({ request, query }) =>
      getClassFormInputs({ db, actor: actorOfRequest(request), yearTermId: query.yearTermID }),
    danceNumberForm: ({ request }) => getDanceNumberFormInputs({ db, actor: actorOfRequest(request) }),
    privateForm: ({ request, query }) =>
      getPrivateFormInputs({ db, actor: actorOfRequest(request), yearTermId: query.yearTermID }),
    students: ({ request, query }) => getStudentOptions({ db, actor: actorOfRequest(request), q: query.q }),
    yearTerms: ({ request }) => getYearTermOptions({ db, actor: actorOfRequest(request) }),
    competitionEntries: ({ request }) => getCompetitionEntryOptions({ db, actor: actorOfRequest(request) }),
  });
}
