import {
  addPersonInput,
  editPersonInput,
  messageResult,
  ok,
  okSchema,
  ownerAddPersonInput,
  ownerContactInfoInput,
  ownerDeletePersonParams,
  parentContactInfoInput,
  parentDeletePersonParams,
  personAdded,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import {
  addPerson,
  editPerson,
  ownerFamilyId,
  parentFamilyId,
  removePerson,
  updateContactInfo,
} from './family-people.service';

const tags = ['families'];

/** A family's students, users and contacts, and its contact information, changed by the owner or by the family's parent (001 §5, §7). */
export function familyPeopleRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, clock, appUrl } = deps;
  const owner = { access: 'owner' as const };
  const parent = { access: 'parent' as const };
  const updated = { 200: okSchema(messageResult) };

  // ——— The owner, on any family of the studio (the family named in the request) ———

  r.post(
    '/api/mystudio/account/user',
    {
      config: owner,
      schema: {
        tags,
        summary:
          'Add a student, user or contact to a family (a user with an e-mail address is invited to sign in)',
        body: ownerAddPersonInput,
        response: { 200: okSchema(personAdded) },
      },
    },
    async (request) => {
      const { familyId, coAcctMemID, ...person } = request.body;
      return ok(
        await addPerson({
          db,
          clock,
          appUrl,
          actor: actorOfRequest(request),
          familyId: ownerFamilyId(familyId, coAcctMemID),
          person,
        }),
      );
    },
  );

  r.put(
    '/api/mystudio/account/user/',
    {
      config: owner,
      schema: {
        tags,
        summary: "Edit a family's student, user or contact",
        body: editPersonInput,
        response: updated,
      },
    },
    async (request) => {
      const { id, ...person } = request.body;
      // No family named: the person's own, at the session's studio.
      return ok(await editPerson({ db, clock, appUrl, actor: actorOfRequest(request), person, id }));
    },
  );

  r.delete(
    '/api/mystudio/account/user/:type/:id/:accountKey',
    {
      config: owner,
      schema: {
        tags,
        summary: "Remove a family's student, user or contact",
        params: ownerDeletePersonParams,
        response: updated,
      },
    },
    async (request) => {
      const { type, id, accountKey } = request.params;
      return ok(
        await removePerson({
          db,
          clock,
          appUrl,
          actor: actorOfRequest(request),
          familyId: accountKey,
          type,
          id,
        }),
      );
    },
  );

  r.put(
    '/api/mystudio/account/contactInfo',
    {
      config: owner,
      schema: {
        tags,
        summary: "Change a family's address, phone and e-mail address",
        body: ownerContactInfoInput,
        response: updated,
      },
    },
    async (request) => {
      const { id, ...info } = request.body;
      return ok(
        await updateContactInfo({ db, clock, appUrl, actor: actorOfRequest(request), familyId: id, info }),
      );
    },
  );

  // ——— The parent, on their own family (the session's, never one named in the request) ———

  r.post(
    '/api/parents/account/user',
    {
      config: parent,
      schema: {
        tags,
        summary:
          'Add a student, user or contact to your family (a user without an e-mail address: only the studio invites someone to sign in)',
        body: addPersonInput,
        response: { 200: okSchema(personAdded) },
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      return ok(
        await addPerson({ db, clock, appUrl, actor, familyId: parentFamilyId(actor), person: request.body }),
      );
    },
  );

  r.put(
    '/api/parents/account/user/',
    {
      config: parent,
      schema: {
        tags,
        summary: "Edit your family's student, user or contact",
        body: editPersonInput,
        response: updated,
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      const { id, ...person } = request.body;
      return ok(await editPerson({ db, clock, appUrl, actor, familyId: parentFamilyId(actor), person, id }));
    },
  );

  r.delete(
    '/api/parents/account/user/:type/:id',
    {
      config: parent,
      schema: {
        tags,
        summary: "Remove your family's student, user or contact",
        params: parentDeletePersonParams,
        response: updated,
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      const { type, id } = request.params;
      return ok(await removePerson({ db, clock, appUrl, actor, familyId: parentFamilyId(actor), type, id }));
    },
  );

  r.put(
    '/api/parents/account/contactInfo',
    {
      config: parent,
      schema: {
        tags,
        summary: "Change your family's address, phone and e-mail address",
        body: parentContactInfoInput,
        response: updated,
      },
    },
    async (request) => {
      const actor = actorOfRequest(request);
      return ok(
        await updateContactInfo({
          db,
          clock,
          appUrl,
          actor,
          familyId: parentFamilyId(actor),
          info: request.body,
        }),
      );
    },
  );
}
