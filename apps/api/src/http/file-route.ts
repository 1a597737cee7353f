import type { Call, ParamsOut, QueryOut } from '@pirouette/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** A file a route answers: its name as the browser saves it, and its text. */
export type FileAnswer = { filename: string; text: string };

/** An archive a route answers: its name as the browser saves it, and its bytes. */
export type ZipAnswer = { filename: string; bytes: Uint8Array };

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

type FileHandler<C extends Call, A> = (input: {
  params: ParamsOut<C>;
  query: QueryOut<C>;
  request: FastifyRequest;
}) => Promise<A>;

/** What kind of file a route answers: its type, its name's ending, and how its body is sent. */
type FileKind<A> = {
  contentType: string;
  produces: string;
  extension: string;
  nameOf: (answer: A) => string;
  bodyOf: (answer: A) => string | Buffer;
};

/**
 * Registers a declared call whose answer is a file, not the `[true, data]` JSON `route` writes
 * (decisions 052, 057): method, path, query and params validation, access level and OpenAPI all come
 * from the declaration as for any call; a refusal is thrown and answered as JSON like any other. The
 * answer is saved under the handler's name (`Content-Disposition: attachment`), never cached.
 */
function fileRoute<C extends Call, A>(
  app: FastifyInstance,
  call: C,
  kind: FileKind<A>,
  handler: FileHandler<C, A>,
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
      produces: [kind.produces],
    },
    handler: async (request, reply) => {
      const file = await handler({
        params: request.params as ParamsOut<C>,
        query: request.query as QueryOut<C>,
        request,
      });
      const ending = new RegExp(`\\.${kind.extension}$`, 'i');
      const name = safeFilename(kind.nameOf(file).replace(ending, ''));
      return reply
        .header('content-type', kind.contentType)
        .header('content-disposition', `attachment; filename="${name}.${kind.extension}"`)
        .header('cache-control', 'private, no-store')
        .send(kind.bodyOf(file));
    },
  });
}

/** A declared call whose answer is a CSV file: `text/csv; charset=utf-8` (decision 052). */
export function csvRoute<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: FileHandler<C, FileAnswer>,
): void {
  fileRoute(
    app,
    call,
    {
      contentType: 'text/csv; charset=utf-8',
      produces: 'text/csv',
      extension: 'csv',
      nameOf: (f) => f.filename,
      bodyOf: (f) => f.text,
    },
    handler,
  );
}

/** A declared call whose answer is a ZIP archive: `application/zip` (decision 057). */
export function zipRoute<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: FileHandler<C, ZipAnswer>,
): void {
  fileRoute(
    app,
    call,
    {
      contentType: 'application/zip',
      produces: 'application/zip',
      extension: 'zip',
      nameOf: (f) => f.filename,
      bodyOf: (f) => Buffer.from(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength),
    },
    handler,
  );
}
