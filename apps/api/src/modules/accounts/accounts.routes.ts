import { accountCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { createFrontDeskFamily, deleteAccount, inviteFamilyUser } from './account-lifecycle.service';
import {
  filterAccounts,
  getAboutStudio,
  getAccountInfo,
  getAccountList,
  getAccountLog,
  getAccountStudents,
  getAccountTerms,
} from './accounts.service';

/** The owner's family accounts (001 §7): lists, one account's overview, the front desk, deletion. */
export function accountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, appUrl } = deps;
  routes(app, accountCalls, {
    list: ({ request, params, query }) =>
      getAccountList({ db, actor: actorOfRequest(request), status: params.status, query }),
    emails: ({ request, body: { status, q, filter } }) =>
      filterAccounts({ db, actor: actorOfRequest(request), criteria: { status, q, filter } }),
    create: ({ request, body }) =>
      createFrontDeskFamily({ db, clock, appUrl, actor: actorOfRequest(request), input: body }),
    info: ({ request, params }) =>
      getAccountInfo({ db, actor: actorOfRequest(request), familyId: params.id }),
    students: ({ request, params }) =>
      getAccountStudents({ db, actor: actorOfRequest(request), familyId: params.id }),
    terms: ({ request, params }) =>
      getAccountTerms({ db, actor: actorOfRequest(request), familyId: params.id }),
    about: ({ request, params }) =>
      getAboutStudio({ db, actor: actorOfRequest(request), familyId: params.id }),
    log: ({ request, params, query }) =>
      getAccountLog({ db, actor: actorOfRequest(request), familyId: params.id, page: query }),
    invite: ({ request, params }) =>
      inviteFamilyUser({
        db,
        clock,
        appUrl,
        actor: actorOfRequest(request),
        familyId: params.id,
        personId: params.userId,
      }),
    remove: ({ request, params }) =>
      deleteAccount({
        db,
        actor: actorOfRequest(request),
        acctId: params.acctId,
        coAcctMemID: params.coAcctMemID,
      }),
  });
}
