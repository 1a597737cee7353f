import { genreCalls, LEVEL_OPTIONS } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { addGenre, changeGenreName, getGenres, setGenreStatus } from './genres.service';

export function genreRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  routes(app, genreCalls, {
    list: ({ request, query }) =>
      getGenres({ db, actor: actorOfRequest(request), withRetired: query.all === '1' }),
    add: ({ request, body }) => addGenre({ db, actor: actorOfRequest(request), name: body.name }),
    rename: ({ request, params, body }) =>
      changeGenreName({ db, actor: actorOfRequest(request), id: params.id, name: body.name }),
    retire: ({ request, params }) =>
      setGenreStatus({ db, actor: actorOfRequest(request), clock, id: params.id, retired: true }),
    restore: ({ request, params }) =>
      setGenreStatus({ db, actor: actorOfRequest(request), clock, id: params.id, retired: false }),
    levels: () => [...LEVEL_OPTIONS],
  });
}
