import { familyPeopleCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import {
  addPerson,
  editPerson,
  ownerFamilyId,
  parentFamilyId,
  removePerson,
  updateContactInfo,
} from './family-people.service';

/** A family's students, users and contacts, and its contact information, changed by the owner or by the family's parent (001 §5, §7). */
export function familyPeopleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock, appUrl } = deps;
  routes(app, familyPeopleCalls, {
    // ——— The owner, on any family of the studio (the family named in the request) ———
    ownerAdd: ({ request, body: { familyId, coAcctMemID, ...person } }) =>
      addPerson({
        db,
        clock,
        appUrl,
        actor: actorOfRequest(request),
        familyId: ownerFamilyId(familyId, coAcctMemID),
        person,
      }),
    // No family named: the person's own, at the session's studio.
    ownerEdit: ({ request, body: { id, ...person } }) =>
      editPerson({ db, clock, appUrl, actor: actorOfRequest(request), person, id }),
    ownerRemove: ({ request, params: { type, id, accountKey } }) =>
      removePerson({ db, clock, appUrl, actor: actorOfRequest(request), familyId: accountKey, type, id }),
    ownerContactInfo: ({ request, body: { id, ...info } }) =>
      updateContactInfo({ db, clock, appUrl, actor: actorOfRequest(request), familyId: id, info }),

    // ——— The parent, on their own family (the session's, never one named in the request) ———
    parentAdd: ({ request, body }) => {
      const actor = actorOfRequest(request);
      return addPerson({ db, clock, appUrl, actor, familyId: parentFamilyId(actor), person: body });
    },
    parentEdit: ({ request, body: { id, ...person } }) => {
      const actor = actorOfRequest(request);
      return editPerson({ db, clock, appUrl, actor, familyId: parentFamilyId(actor), person, id });
    },
    parentRemove: ({ request, params: { type, id } }) => {
      const actor = actorOfRequest(request);
      return removePerson({ db, clock, appUrl, actor, familyId: parentFamilyId(actor), type, id });
    },
    parentContactInfo: ({ request, body }) => {
      const actor = actorOfRequest(request);
      return updateContactInfo({ db, clock, appUrl, actor, familyId: parentFamilyId(actor), info: body });
    },
  });
}
