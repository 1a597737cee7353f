import {
  aboutStudioAnswer,
  accountDeleteParams,
  accountFilterInput,
  accountFilterResult,
  accountInfoAnswer,
  accountList,
  accountListParams,
  accountListQuery,
  accountLog,
  accountLogQuery,
  accountParams,
  accountStudentsAnswer,
  frontDeskFamilyInput,
  frontDeskFamilyResult,
  inviteParams,
  messageResult,
  ok,
  okSchema,
  termsStatus,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
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

const tags = ['accounts'];
const owner = { access: 'owner' } as const;
const ownerRead = { access: 'owner', cache: true } as const;
const ACCOUNT = '/api/mystudio/account';

/** The owner's family accounts (001 §7): lists, one account's overview, the front desk, deletion. */
export function accountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, appUrl } = deps;

  r.get(
    `${ACCOUNT}/list/:status`,
    {
      config: ownerRead,
      schema: {
        tags,
        summary: 'A page of the active, inactive or incomplete accounts, by family name',
        params: accountListParams,
        querystring: accountListQuery,
        response: { 200: okSchema(accountList) },
      },
    },
    async (request) =>
      ok(
        await getAccountList({
          db,
          actor: actorOfRequest(request),
          status: request.params.status,
          query: request.query,
        }),
      ),
  );

  r.post(
    `${ACCOUNT}/filter/accounts`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Every account of a list (all pages) and its e-mail list',
        body: accountFilterInput,
        response: { 200: okSchema(accountFilterResult) },
      },
    },
    async (request) => {
      const { status, q, filter } = request.body;
      return ok(
        await filterAccounts({ db, actor: actorOfRequest(request), criteria: { status, q, filter } }),
      );
    },
  );

  r.post(
    ACCOUNT,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Create a family at the front desk',
        body: frontDeskFamilyInput,
        response: { 200: okSchema(frontDeskFamilyResult) },
      },
    },
    async (request) =>
      ok(
        await createFrontDeskFamily({
          db,
          clock,
          appUrl,
          actor: actorOfRequest(request),
          input: request.body,
        }),
      ),
  );

  const accountRead = <T extends z.ZodType>(summary: string, response: T) => ({
    config: ownerRead,
    schema: { tags, summary, params: accountParams, response: { 200: okSchema(response) } },
  });

  r.get(
    `${ACCOUNT}/:id/info`,
    accountRead('An account: its information, users and contacts', accountInfoAnswer),
    async (request) =>
      ok(await getAccountInfo({ db, actor: actorOfRequest(request), familyId: request.params.id })),
  );

  r.get(
    `${ACCOUNT}/:id/students`,
    accountRead("An account's students and their classes in the current term", accountStudentsAnswer),
    async (request) =>
      ok(await getAccountStudents({ db, actor: actorOfRequest(request), familyId: request.params.id })),
  );

  r.get(
    `${ACCOUNT}/:id/toc`,
    accountRead("The studio's terms and the account's acceptance of each", z.array(termsStatus)),
    async (request) =>
      ok(await getAccountTerms({ db, actor: actorOfRequest(request), familyId: request.params.id })),
  );

  r.get(
    `${ACCOUNT}/:id/aboutStudio`,
    accountRead('How the family heard of the studio', aboutStudioAnswer),
    async (request) =>
      ok(await getAboutStudio({ db, actor: actorOfRequest(request), familyId: request.params.id })),
  );

  r.get(
    `${ACCOUNT}/:id/logs`,
    {
      config: ownerRead,
      schema: {
        tags,
        summary: "An account's log, newest first",
        params: accountParams,
        querystring: accountLogQuery,
        response: { 200: okSchema(accountLog) },
      },
    },
    async (request) =>
      ok(
        await getAccountLog({
          db,
          actor: actorOfRequest(request),
          familyId: request.params.id,
          page: request.query,
        }),
      ),
  );

  r.post(
    `${ACCOUNT}/:id/invite/:userId`,
    {
      config: owner,
      schema: {
        tags,
        summary: "Mail a family's user a new invitation to set a password",
        params: inviteParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await inviteFamilyUser({
          db,
          clock,
          appUrl,
          actor: actorOfRequest(request),
          familyId: request.params.id,
          personId: request.params.userId,
        }),
      ),
  );

  r.delete(
    `${ACCOUNT}/:acctId/:coAcctMemID`,
    {
      config: owner,
      schema: {
        tags,
        summary: 'Delete an account and all it holds',
        params: accountDeleteParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await deleteAccount({
          db,
          actor: actorOfRequest(request),
          acctId: request.params.acctId,
          coAcctMemID: request.params.coAcctMemID,
        }),
      ),
  );
}
