import {
  type AnswerIn,
  type BodyOut,
  type Call,
  ok,
  okSchema,
  type ParamsOut,
  type QueryOut,
} from '@pirouette/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The declaration the route was registered from (every /api route has one: decision 022). */
    call?: Call;
  }
}

/** What a route's handler receives: its validated input, and the request and reply for what else it needs. */
export type RouteInput<C extends Call> = {
  params: ParamsOut<C>;
  query: QueryOut<C>;
  body: BodyOut<C>;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RouteHandler<C extends Call> = (input: RouteInput<C>) => Promise<AnswerIn<C>> | AnswerIn<C>;

/**
 * Registers the route of a declared call: its method and path, its schemas (validation, the answer's
 * check on the way out, OpenAPI) and its access level all come from the declaration. The handler returns
 * the answer's data; the route sends it as `[true, data]`. A refusal is thrown (AppError).
 */
export function route<C extends Call>(app: FastifyInstance, call: C, handler: RouteHandler<C>): void {
  app.route({
    method: call.method,
    url: call.path,
    config: { access: call.access, writes: call.writes, call },
    ...(call.bodyLimit ? { bodyLimit: call.bodyLimit } : {}),
    schema: {
      tags: [...call.tags],
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      ...(call.hidden ? { hide: true } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      response: { 200: okSchema(call.answer) },
    },
    handler: async (request, reply) =>
      ok(
        await handler({
          params: request.params as ParamsOut<C>,
          query: request.query as QueryOut<C>,
          body: request.body as BodyOut<C>,
          request,
          reply,
        }),
      ),
  });
}

/** Registers each declared call of an area with its handler: `routes(app, genreCalls, { list: … })`. */
export function routes<Calls extends Record<string, Call>>(
  app: FastifyInstance,
  calls: Calls,
  handlers: { [K in keyof Calls]: RouteHandler<Calls[K]> },
): void {
  for (const name of Object.keys(calls) as (keyof Calls & string)[]) {
    route(app, calls[name]!, handlers[name]);
  }
}
