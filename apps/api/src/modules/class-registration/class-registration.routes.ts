import {
  can,
  ownerRegistrationCalls,
  parentRegistrationCalls,
  type RegistrationBuilderQuery,
  type RegListItem,
  classRegistrationMessages as text,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { AppError, forbidden } from '../../http/errors';
import { routes } from '../../http/route';
import { ownFamily } from '../../kernel/family-scope';
import { previewApproval, setRegistrationStatus } from './approvals.service';
import { applyChanges, type Changes, type ClientFigures } from './changes.service';
import {
  getBuilder,
  getDiscountPlans,
  getFamilyTuition,
  getPendingCount,
  getPendingRegistrations,
  getRegistrationActivity,
  studioFamily,
  type WeekAsked,
} from './reads.service';

/** regList (001 §7) as changes: new classes, and the family's registrations kept or dropped. */
function changesOf(regList: RegListItem[]): { changes: Changes; prices: Map<string, number> } {
  // 001 §5: an empty list is "no selected classes", as a missing one is; not "no changes".
  if (regList.length === 0) throw new AppError('bad_request', text.noClasses);
  const changes: Changes = { add: [], drop: [], restore: [] };
  const prices = new Map<string, number>();
  for (const item of regList) {
    const dropping = item.iStatus === -1;
    if (!dropping) prices.set(`${item.stdID}:${item.clSchID}`, item.price);
    if (item.isNew || !item.clRegID) {
      if (!dropping) changes.add.push({ studentId: item.stdID, classId: item.clSchID });
    } else if (dropping) changes.drop.push(item.clRegID);
  }
  return { changes, prices };
}

/** The builder's week asked for (decision 082): '' where nothing is asked. */
const weekAsked = (query: RegistrationBuilderQuery): WeekAsked => ({
  locationId: query.locID ?? '',
  classId: query.clSchID ?? '',
});

/** Class registration: the parent's calls (their own family) and the owner's (any family of the studio). */
export function classRegistrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  parentRoutes(app, deps);
  ownerRoutes(app, deps);
}

/** The parent's calls: their own family. */
function parentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  routes(app, parentRegistrationCalls, {
    builder: ({ request, query }) => {
      const actor = actorOfRequest(request);
      return getBuilder({ db, actor, clock }, ownFamily(actor), weekAsked(query));
    },
    activity: ({ request }) => {
      const actor = actorOfRequest(request);
      return getRegistrationActivity({ db, actor }, ownFamily(actor));
    },
    submit: ({ request, body }) => {
      const actor = actorOfRequest(request);
      const { changes, prices } = changesOf(body.regList);
      const client: ClientFigures = {
        prices,
        planTotal: body.tuitList?.total,
        regDate: body.regDate,
      };
      return applyChanges({
        db,
        clock,
        actor,
        familyId: ownFamily(actor),
        side: 'parent',
        changes,
        client,
        planId: body.tuitList?.id ?? null,
        terms: body.terms,
        appUrl: deps.appUrl,
      });
    },
    restore: ({ request, params, body }) => {
      const actor = actorOfRequest(request);
      return applyChanges({
        db,
        clock,
        actor,
        familyId: ownFamily(actor),
        side: 'parent',
        changes: { add: [], drop: [], restore: [params.id] },
        client: null,
        planId: body.payPlan ?? null,
        terms: body.terms,
      });
    },
    drop: ({ request, params, body }) => {
      const actor = actorOfRequest(request);
      return applyChanges({
        db,
        clock,
        actor,
        familyId: ownFamily(actor),
        side: 'parent',
        changes: { add: [], drop: [params.id], restore: [] },
        client: null,
        planId: body.payPlan ?? null,
      });
    },
    tuition: ({ request }) => {
      const actor = actorOfRequest(request);
      return getFamilyTuition({ db, actor }, ownFamily(actor));
    },
    discountPlans: ({ request }) => {
      const actor = actorOfRequest(request);
      return getDiscountPlans({ db, actor, clock }, ownFamily(actor));
    },
  });
}

/** The owner's calls: any family of the studio. */
function ownerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  routes(app, ownerRegistrationCalls, {
    builder: async ({ request, params, query }) => {
      const actor = actorOfRequest(request);
      const familyId = await studioFamily(db, actor, params.coAcctMemID);
      return getBuilder({ db, actor, clock }, familyId, weekAsked(query));
    },
    submit: async ({ request, body }) => {
      const actor = actorOfRequest(request);
      const { changes, prices } = changesOf(body.regList);
      return applyChanges({
        db,
        clock,
        actor,
        familyId: await studioFamily(db, actor, body.aMemID),
        side: 'owner',
        changes,
        client: { prices, planTotal: body.tuitList?.total },
        planId: body.tuitList?.id ?? null,
        effectiveDate: body.dateStart,
        override: body.override,
        appUrl: deps.appUrl,
      });
    },
    restore: async ({ request, params, body }) => {
      const actor = actorOfRequest(request);
      return applyOwnerOne(deps, actor, params.id, body, 'restore');
    },
    drop: async ({ request, params, body }) => {
      const actor = actorOfRequest(request);
      return applyOwnerOne(deps, actor, params.id, body, 'drop');
    },
    status: ({ request, params, body }) =>
      setRegistrationStatus({
        db,
        clock,
        actor: actorOfRequest(request),
        ids: [params.clsRegID],
        status: body.status,
        billFrom: body.billFrom,
        appUrl: deps.appUrl,
      }),
    statusBulk: ({ request, body }) =>
      setRegistrationStatus({
        db,
        clock,
        actor: actorOfRequest(request),
        ids: body.ids,
        status: body.status,
        billFrom: body.billFrom,
        appUrl: deps.appUrl,
      }),
    statusPreview: ({ request, body }) =>
      previewApproval({ db, clock, actor: actorOfRequest(request), ids: body.ids, billFrom: body.billFrom }),
    pending: ({ request }) => getPendingRegistrations({ db, actor: actorOfRequest(request) }),
    pendingCount: ({ request }) => getPendingCount({ db, actor: actorOfRequest(request) }),
    tuition: async ({ request, params }) => {
      const actor = actorOfRequest(request);
      return getFamilyTuition({ db, actor }, await studioFamily(db, actor, params.coAcctMemID));
    },
    paymentSchedule: async ({ request, params }) => {
      const actor = actorOfRequest(request);
      return getFamilyTuition({ db, actor }, await studioFamily(db, actor, params.id));
    },
    studentRegistration: async ({ request, params }) => {
      const actor = actorOfRequest(request);
      return getRegistrationActivity({ db, actor }, await studioFamily(db, actor, params.id));
    },
  });
}

/** The owner drops or takes back one registration, from its own date. */
async function applyOwnerOne(
  { db, clock }: AppDeps,
  actor: ReturnType<typeof actorOfRequest>,
  registrationId: string,
  body: { regDate?: string; payPlan?: string },
  what: 'drop' | 'restore',
) {
  if (!can(actor, 'studio:manage')) throw forbidden();
  // The registration's family is found and locked in the change's transaction, by one statement.
  return applyChanges({
    db,
    clock,
    actor,
    registrationId,
    side: 'owner',
    changes: {
      add: [],
      drop: what === 'drop' ? [registrationId] : [],
      restore: what === 'restore' ? [registrationId] : [],
    },
    client: null,
    planId: body.payPlan ?? null,
    effectiveDate: body.regDate,
  });
}
