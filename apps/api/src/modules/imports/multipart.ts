import fastifyMultipart from '@fastify/multipart';
import { IMPORT_BODY_LIMIT, IMPORT_TEXT } from '@pirouette/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors';
import { holdsUnstorableText } from '../../http/input-guard';

/**
 * The check's upload as a form (`curl -F source=jackrabbit -F file=@families.csv`), for this route
 * only (decision 054): the parts are turned into the declared JSON body before validation, so both
 * ways in go through the same code. A file part becomes `{ name, content, encoding }` (text when it is
 * UTF-8, base64 otherwise, XLSX and ZIP always); fields `kind:<file name>` and `mapping:<file name>`
 * (JSON) give a file its kind and mapping.
 */

const BINARY = /\.(xlsx|xls|zip)$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

function asText(bytes: Buffer): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

const unreadable = () => new AppError('bad_request', IMPORT_TEXT.unreadable);

async function formBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const files: { name: string; content: string; encoding: 'text' | 'base64' }[] = [];
  const fields = new Map<string, string>();
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      const text = BINARY.test(part.filename) ? null : asText(bytes);
      files.push(
        text === null
          ? { name: part.filename, content: bytes.toString('base64'), encoding: 'base64' }
          : { name: part.filename, content: text, encoding: 'text' },
      );
    } else fields.set(part.fieldname, String(part.value));
  }
  const json = (value: string | undefined) => {
    if (value === undefined) return undefined;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  };
  return {
    source: fields.get('source'),
    files: files.map((f) => {
      const kind = fields.get(`kind:${f.name}`);
      const mapping = json(fields.get(`mapping:${f.name}`));
      return { ...f, ...(kind ? { kind } : {}), ...(mapping !== undefined ? { mapping } : {}) };
    }),
  };
}

/** Registers the form reader on `scope`, the encapsulated instance of the check's route alone. */
export async function acceptForms(scope: FastifyInstance): Promise<void> {
  await scope.register(fastifyMultipart, {
    limits: { fileSize: IMPORT_BODY_LIMIT, files: 12, fields: 40, fieldSize: 1024 * 1024, parts: 60 },
  });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    let body: Record<string, unknown>;
    try {
      body = await formBody(request);
    } catch {
      throw unreadable();
    }
    if (holdsUnstorableText(body)) throw unreadable();
    request.body = body;
  });
}
