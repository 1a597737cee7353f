import { idSchema, isId } from '@pirouette/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Validate = (data: unknown) => { value?: unknown; error?: Error };

/**
 * How a request's parts are validated: by their zod schemas (`fastify-type-provider-zod`), with one
 * shortcut. Most paths and many queries are ids only (`/:id`, `?yrTrmID=…&locID=…&rmID=…`), and zod's
 * parse of an id (a pipe of a length, a pattern and a lower-casing) cost about 5 µs a request under load
 * for three of them: a room's schedule against its reference (issue 39). A part whose schema is an
 * object of `idSchema`s, required or optional, is checked here with `isId`, the same rule; whatever does
 * not pass goes to zod, so that a refusal is zod's own, word for word (`validator.test.ts` holds the two
 * to the same answers).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const zod = zodValidatorCompiler(route) as Validate;
  return idsOnly(route.schema, zod) ?? zod;
};

/** The shortcut for an object of ids (each one's key, and whether it may be missing), or null. */
export function idsOnly(schema: z.ZodType, zod: Validate): Validate | null {
  if (!(schema instanceof z.ZodObject) || schema._zod.def.catchall !== undefined) return null;
  const keys: { key: string; optional: boolean }[] = [];
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (field === idSchema) keys.push({ key, optional: false });
    else if (field instanceof z.ZodOptional && field.unwrap() === idSchema)
      keys.push({ key, optional: true });
    else return null;
  }
  return (data) => {
    if (typeof data !== 'object' || data === null) return zod(data);
    const part = data as Record<string, unknown>;
    const value: Record<string, string> = {};
    for (const { key, optional } of keys) {
      const id = part[key];
      if (id === undefined && optional) continue;
      // A missing, malformed or repeated id: zod says what is wrong.
      if (!isId(id)) return zod(data);
      value[key] = id.toLowerCase();
    }
    return { value };
  };
}
