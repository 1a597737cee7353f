import {
  idParams,
  ok,
  okSchema,
  termsDocumentList,
  termsDocumentVersionList,
  updateTermsDocumentInput,
  updateTermsDocumentResult,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { editDocument, getDocuments, getDocumentVersions } from './terms-documents.service';

const tags = ['terms documents'];

/** The studio's terms documents (000 §3): read, edited into new versions, their history. */
export function termsDocumentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/documents',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The studio's terms documents at their current version",
        response: { 200: okSchema(termsDocumentList) },
      },
    },
    async (request) => ok(await getDocuments({ db, actor: actorOfRequest(request) })),
  );

  r.get(
    '/api/mystudio/documents/:id/versions',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "A document's versions, newest first",
        params: idParams,
        response: { 200: okSchema(termsDocumentVersionList) },
      },
    },
    async (request) =>
      ok(await getDocumentVersions({ db, actor: actorOfRequest(request), id: request.params.id })),
  );

  r.put(
    '/api/mystudio/documents/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Save an edit of a document as its next version',
        params: idParams,
        body: updateTermsDocumentInput,
        response: { 200: okSchema(updateTermsDocumentResult) },
      },
    },
    async (request) =>
      ok(
        await editDocument({
          db,
          actor: actorOfRequest(request),
          id: request.params.id,
          ...request.body,
        }),
      ),
  );
}
