import { waitlistCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  acceptOffer,
  declineOffer,
  joinWaitlist,
  listClassWaitlist,
  listFamilyWaitlist,
  offerByHand,
  removeEntry,
  reorderWaitlist,
} from './waitlist.service';

/** The waitlist (issue 15 point 5): the parent's entries and offers, the owner's list per class. */
export function waitlistRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, appUrl } = deps;
  routes(app, waitlistCalls, {
    parentList: ({ request }) => listFamilyWaitlist({ db, actor: actorOfRequest(request) }),
    join: ({ request, body }) => joinWaitlist({ db, actor: actorOfRequest(request), clock }, body),
    accept: ({ request, params, body }) =>
      acceptOffer({ db, actor: actorOfRequest(request), clock, appUrl }, params.id, body),
    decline: ({ request, params }) => declineOffer({ db, actor: actorOfRequest(request), clock }, params.id),
    classList: ({ request, params }) => listClassWaitlist({ db, actor: actorOfRequest(request) }, params.id),
    reorder: ({ request, params, body }) =>
      reorderWaitlist({ db, actor: actorOfRequest(request) }, params.id, body.ids),
    offer: ({ request, params }) =>
      offerByHand({ db, actor: actorOfRequest(request), clock, appUrl }, params.id, params.entryId),
    remove: ({ request, params }) =>
      removeEntry({ db, actor: actorOfRequest(request), clock }, params.id, params.entryId),
  });
}
