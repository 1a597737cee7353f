import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How an answer becomes JSON (decision 086). Every /api answer is `[true, data]` under its call's zod
 * schema, and only what the schema declares may leave the server: an object's other keys (a password
 * hash read with a row, a field of another studio's) are dropped.
 *
 * `fastify-type-provider-zod`'s serializer did that by parsing each answer with zod and then
 * `JSON.stringify` — two walks over every answer, the first allocating a copy, about a tenth of the
 * server's CPU under the evening. Here each answer's schema is compiled once, on its first answer, to
 * JSON Schema (zod's own `toJSONSchema`, as the API's OpenAPI description is made) and from it to a
 * `fast-json-stringify` function, which writes only the declared keys in one walk. An answer whose
 * schema JSON Schema cannot express (a transform) keeps zod's parse.
 *
 * With `check` (the API tests), every answer is also parsed by zod as before: a
 * mismatch is the same 500, and the fast writer's JSON must read back equal to zod's, or the request fails
 * loudly — so the whole suite holds the two to the same output.
 */
export function answerSerializerCompiler({
  check,
}: {
  check: boolean;
}): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    let write: ((data: unknown) => string) | null = null;
    const zodWrite = (data: unknown) => JSON.stringify(parseOrThrow(schema, data, method, url));
    return (data: unknown) => {
      write ??= fastAnswerWriter(schema) ?? zodWrite;
      if (!check || write === zodWrite) return write(data);
      const parsed = parseOrThrow(schema, data, method, url);
      const fast = write(data);
      if (!isDeepStrictEqual(JSON.parse(fast), JSON.parse(JSON.stringify(parsed)))) {
        throw new Error(`The fast answer of ${method} ${url} differs from zod's: ${fast.slice(0, 300)}`);
      }
      return fast;
    };
  };
}

function parseOrThrow(schema: z.ZodType, data: unknown, method: string, url: string): unknown {
  const result = z.safeParse(schema, data);
  if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
  return result.data;
}

/** The schema's fast writer, or null when JSON Schema cannot say what zod's parse does. */
export function fastAnswerWriter(schema: z.ZodType): ((data: unknown) => string) | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' });
    return fastJson(simplify(json) as Parameters<typeof fastJson>[0]);
  } catch {
    // Not expressible in JSON Schema (a transform), or not by fast-json-stringify: zod writes it.
    return null;
  }
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Rewrites the two unions zod emits into what `fast-json-stringify` writes without running a validator
 * per value (it picks an `anyOf` branch with Ajv): "X or null" becomes X marked `nullable`, and a union of
 * constants of one type becomes that type (the values are zod's to check, and are in the tests).
 */
function simplify(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(simplify);
  if (!isNode(value)) return value;
  const node: Node = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, simplify(v)]));
  const branches = node.anyOf;
  if (!Array.isArray(branches) || !branches.every(isNode)) return node;
  const { anyOf: _anyOf, ...rest } = node;
  const nonNull = branches.filter((b) => b.type !== 'null');
  if (nonNull.length === 1 && branches.length === 2 && !('anyOf' in nonNull[0]!)) {
    return { ...rest, ...nonNull[0], nullable: true };
  }
  const types = new Set(branches.map((b) => b.type));
  if (types.size === 1 && branches.every((b) => 'const' in b) && typeof branches[0]!.type === 'string') {
    return { ...rest, type: branches[0]!.type };
  }
  return node;
}
