import { termsDocumentCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { editDocument, getDocuments, getDocumentVersions } from './terms-documents.service';

/** The studio's terms documents (000 §3): read, edited into new versions, their history. */
export function termsDocumentRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, termsDocumentCalls, {
    list: ({ request }) => getDocuments({ db, actor: actorOfRequest(request) }),
    versions: ({ request, params }) =>
      getDocumentVersions({ db, actor: actorOfRequest(request), id: params.id }),
    edit: ({ request, params, body }) =>
      editDocument({ db, actor: actorOfRequest(request), id: params.id, ...body }),
  });
}
