import type { Call, ParamsOut, QueryOut } from '@pirouette/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A file a route answers: its name as the browser saves it, and its text. */
export type FileAnswer = { filename: string; text: string };

/** A file name a browser and a spreadsheet accept: letters, digits, dots and dashes; the rest a dash. */
export function safeFilename(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
  return cleaned || 'download';
}

/**
 * Registers a declared call whose answer is a CSV file, not the `[true, data]` JSON `route` writes
 * (decision 052): method, path, query and params validation, access level and OpenAPI all come from the
 * declaration as for any call; a refusal is thrown and answered as JSON like any other. The answer is
 * `text/csv; charset=utf-8`, saved under the handler's name (`Content-Disposition: attachment`).
 */
export function csvRoute<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (input: {
    params: ParamsOut<C>;
    query: QueryOut<C>;
    request: FastifyRequest;
  }) => Promise<FileAnswer>,
): void {
  app.route({
    method: call.method,
    url: call.path,
    config: { access: call.access, writes: call.writes, call },
    schema: {
      tags: [...call.tags],
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const file = await handler({
        params: request.params as ParamsOut<C>,
        query: request.query as QueryOut<C>,
        request,
      });
      const name = safeFilename(file.filename.replace(/\.csv$/i, ''));
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .header('cache-control', 'private, no-store')
        .send(file.text);
    },
  });
}
