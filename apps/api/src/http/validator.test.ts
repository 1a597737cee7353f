import { idSchema, scheduleCalls } from '@pirouette/domain';
import fc from 'fast-check';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idsOnly, validatorCompiler } from './validator';

type Validate = (data: unknown) => { value?: unknown; error?: Error };
const compile = (schema: z.ZodType, of = validatorCompiler) =>
  of({ schema, method: 'GET', url: '/x', httpPart: 'querystring' }) as Validate;

/** What a validation answers, comparable: the value, or the error's message and its zod issues. */
const outcome = (result: { value?: unknown; error?: Error }) =>
  result.error
    ? {
        error: result.error.message,
        issues: JSON.stringify((result.error as { validation?: unknown }).validation),
      }
    : { value: result.value };

const ID = 'c00d2427-329e-46de-9406-7f6ca2e6e262';
const schedule = scheduleCalls.week.query!;
const oneId = z.object({ id: idSchema });

describe('the ids-only shortcut', () => {
  it('is taken for objects of ids only, required or optional, and for nothing else', () => {
    const zod = compile(oneId, zodValidatorCompiler);
    expect(idsOnly(oneId, zod)).not.toBeNull();
    expect(idsOnly(schedule, zod)).not.toBeNull();
    expect(idsOnly(z.object({ id: idSchema, name: z.string() }), zod)).toBeNull();
    expect(idsOnly(z.strictObject({ id: idSchema }), zod)).toBeNull();
    expect(idsOnly(z.object({ id: z.uuid() }), zod)).toBeNull();
    expect(idsOnly(z.string(), zod)).toBeNull();
  });

  it.each([
    ['three ids', schedule, { yrTrmID: ID, locID: ID, rmID: ID }],
    ['none of the optional ids', schedule, {}],
    ['upper case, lowered', schedule, { rmID: ID.toUpperCase() }],
    ['another key, dropped', schedule, { locID: ID, page: '2' }],
    ['a malformed id', schedule, { locID: 'abc' }],
    ['a repeated id', schedule, { locID: [ID, ID] }],
    ['an id of the wrong length', schedule, { locID: `${ID}0` }],
    ['a missing required id', oneId, {}],
    ['an empty required id', oneId, { id: '' }],
    ['no object at all', oneId, null],
  ])('%s: answers as zod answers', (_case, schema, data) => {
    expect(outcome(compile(schema)(data))).toEqual(outcome(compile(schema, zodValidatorCompiler)(data)));
  });

  it('answers as zod answers, whatever the part holds', () => {
    const id = fc.oneof(
      fc.uuid().map((u) => u.toUpperCase()),
      fc.uuid(),
      fc.string(),
      fc.constant(undefined),
      fc.array(fc.uuid(), { maxLength: 2 }),
      fc.integer(),
    );
    const part = fc.record(
      { yrTrmID: id, locID: id, rmID: id, id, other: fc.string() },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(part, (data) => {
        for (const schema of [schedule, oneId]) {
          expect(outcome(compile(schema)(data))).toEqual(
            outcome(compile(schema, zodValidatorCompiler)(data)),
          );
        }
      }),
    );
  });
});
