import {
  createdResult,
  genreList,
  genreListQuery,
  genreNameInput,
  idParams,
  LEVEL_OPTIONS,
  levelList,
  messageResult,
  ok,
  okSchema,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app';
import { actorOfRequest } from '../../http/access';
import { addGenre, changeGenreName, getGenres, setGenreStatus } from './genres.service';

const tags = ['genres and levels'];

export function genreRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mystudio/genres',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The studio's genres in order; ?all=1 includes retired ones",
        querystring: genreListQuery,
        response: { 200: okSchema(genreList) },
      },
    },
    async (request) =>
      ok(
        await getGenres({
          db: deps.db,
          actor: actorOfRequest(request),
          withRetired: request.query.all === '1',
        }),
      ),
  );

  r.post(
    '/api/mystudio/genres',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Add a genre (names are unique per studio, ignoring case)',
        body: genreNameInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) =>
      ok(await addGenre({ db: deps.db, actor: actorOfRequest(request), name: request.body.name })),
  );

  r.put(
    '/api/mystudio/genres/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Rename a genre',
        params: idParams,
        body: genreNameInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await changeGenreName({
          db: deps.db,
          actor: actorOfRequest(request),
          id: request.params.id,
          name: request.body.name,
        }),
      ),
  );

  for (const [action, retired] of [
    ['retire', true],
    ['restore', false],
  ] as const) {
    r.put(
      `/api/mystudio/genres/:id/${action}`,
      {
        config: { access: 'owner' },
        schema: {
          tags,
          summary: retired
            ? 'Retire a genre: no longer offered, still named by the classes that have it'
            : 'Bring a retired genre back',
          params: idParams,
          response: { 200: okSchema(messageResult) },
        },
      },
      async (request) =>
        ok(
          await setGenreStatus({
            db: deps.db,
            actor: actorOfRequest(request),
            clock: deps.clock,
            id: request.params.id,
            retired,
          }),
        ),
    );
  }

  r.get(
    '/api/mystudio/levels',
    {
      config: { access: 'owner', cache: true },
      schema: { tags, summary: 'The seven fixed levels, ids 1–7', response: { 200: okSchema(levelList) } },
    },
    async () => ok([...LEVEL_OPTIONS]),
  );
}
