import { allCalls, okSchema } from '@pirouette/domain';
import fc from 'fast-check';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, fastAnswerWriter } from './answer-serializer';

const writerOf = (schema: z.ZodType, check = false) =>
  answerSerializerCompiler({ check })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

/** What the zod serializer this replaces wrote: the parse, then JSON.stringify. */
const zodJson = (schema: z.ZodType, data: unknown) => JSON.parse(JSON.stringify(schema.parse(data)));

const family = z.object({
  id: z.string(),
  name: z.string(),
  balance: z.number().int(),
  note: z.string().nullable(),
  plan: z.object({ id: z.string(), months: z.number().int() }).nullable(),
  kind: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  status: z.enum(['active', 'inactive']).nullable(),
  tags: z.array(z.string()),
  extra: z.string().optional(),
  byMonth: z.record(z.string(), z.number()),
  pair: z.tuple([z.literal(true), z.string()]),
});

const familyValue = fc.record(
  {
    id: fc.uuid(),
    name: fc.string({ unit: 'grapheme' }),
    balance: fc.integer({ min: -1e9, max: 1e9 }),
    note: fc.option(fc.string({ unit: 'binary' })),
    plan: fc.option(fc.record({ id: fc.string(), months: fc.nat(12), secret: fc.string() })),
    kind: fc.constantFrom(1, 2, 3),
    status: fc.option(fc.constantFrom('active', 'inactive')),
    tags: fc.array(fc.string()),
    extra: fc.string(),
    // Not `__proto__`: zod's record parse assigns each key, which sets the copy's prototype instead (the
    // key is lost), where the writer writes it. No answer has such a key: ours are ids, days and names.
    byMonth: fc.dictionary(
      fc.string().filter((k) => k !== '__proto__'),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
    ),
    pair: fc.tuple(fc.constant(true), fc.string()),
    passwordHash: fc.string(),
  },
  { requiredKeys: ['id', 'name', 'balance', 'note', 'plan', 'kind', 'status', 'tags', 'byMonth', 'pair'] },
);

describe('the answer writer', () => {
  it('writes what zod’s parse and JSON.stringify wrote, for any answer of a schema', () => {
    const write = writerOf(family);
    fc.assert(
      fc.property(familyValue, (value) => {
        expect(JSON.parse(write(value))).toEqual(zodJson(family, value));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves out every key the schema does not declare, at any depth', () => {
    const schema = z.object({
      user: z.object({ email: z.string() }),
      rows: z.array(z.object({ id: z.string() })),
    });
    const text = writerOf(schema)({
      user: { email: 'a@b.c', passwordHash: '$argon2id$…' },
      rows: [{ id: '1', companyId: 'other studio' }],
      token: 'secret',
    });
    expect(JSON.parse(text)).toEqual({ user: { email: 'a@b.c' }, rows: [{ id: '1' }] });
    expect(text).not.toMatch(/argon2|other studio|secret/);
  });

  it('keeps zod for a schema JSON Schema cannot express (a transform)', () => {
    const schema = z.object({ cents: z.number().transform((n) => n / 100) });
    expect(writerOf(schema)({ cents: 1250 })).toBe('{"cents":12.5}');
  });

  it('checked, refuses an answer its schema does not allow, as zod’s serializer did', () => {
    const write = writerOf(z.object({ n: z.number().int() }), true);
    try {
      write({ n: 'seven' });
      expect.unreachable();
    } catch (error) {
      expect(isResponseSerializationError(error as never)).toBe(true);
    }
  });

  it('checked, fails an answer the fast writer would write otherwise than zod', () => {
    // zod rewrites the value in its parse; JSON Schema cannot say so, so the fast writer would not.
    const schema = z.object({ name: z.string().overwrite((s) => s.toUpperCase()) });
    expect(() => writerOf(schema, true)({ name: 'ava' })).toThrow(/differs from zod/);
  });

  it('compiles every declared call’s answer, falling back to zod only for those with transforms', () => {
    const zodOnly = allCalls.filter((call) => fastAnswerWriter(okSchema(call.answer)) === null);
    for (const call of zodOnly) {
      expect(() => z.toJSONSchema(call.answer, { io: 'output', unrepresentable: 'throw' })).toThrow(
        /Transforms/,
      );
    }
    expect(zodOnly.length).toBeLessThan(allCalls.length / 20);
  });
});
