import fc from 'fast-check';

/**
 * Generated bad input for any route: values, bodies and whole requests built from the route's pattern
 * and the JSON schemas of its OpenAPI description, so a route added later is fuzzed without a change here.
 */

/** The part of JSON Schema the OpenAPI description of the routes uses. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
};

const HUGE = 100_000;

/** A parent of studio X whom the fuzzer names in bodies and paths (route-fuzz.test.ts creates them). */
export const FUZZ_VICTIM = 'victim@studio-a.example';

/** Strings that have broken web applications: markup, SQL, control and bidi characters, odd unicode. */
export const HOSTILE_STRINGS: readonly string[] = [
  '<script>alert(1)</script>',
  "x' OR '1'='1' --",
  'Robert"); DROP TABLE users;--',
  'a\u0000b',
  '\u0000',
  '\u202Eevil\u202C.exe',
  'a\u200Bb\uFEFF',
  '💃🏽👩‍👩‍👧‍👦🩰',
  '\uD800',
  'e\u0301\u0301\u0301',
  'x'.repeat(HUGE),
  '💃'.repeat(HUGE / 4),
  '',
  ' ',
  '\t\r\n',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, meant literally
  '${7*7}{{7*7}}<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%0d%0a',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e309',
];

/** Numbers at and past every edge: negative, zero, fractions, beyond the safe integers, the largest. */
export const BAD_NUMBERS: readonly number[] = [
  -1,
  -0,
  0,
  0.1 + 0.2,
  1e-9,
  123.456789,
  -2147483649,
  2 ** 31,
  2 ** 53 + 2,
  1e21,
  1e308,
  -1e308,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

/** Path parameters that are not ids, and ids of nothing. */
const MALFORMED_IDS: readonly string[] = [
  'not-an-id',
  '1',
  '0',
  '-1',
  'undefined',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '00000000000000000000000000000000',
  '{00000000-0000-0000-0000-000000000000}',
  '00000000-0000-0000-0000-000000000000;select 1',
  'x'.repeat(5000),
];

/** Raw path text that is not what a browser sends: broken escapes, encoded separators. */
const RAW_SEGMENTS: readonly string[] = [
  '%',
  '%ZZ',
  '%E0%A4%A',
  '%ED%A0%80',
  '%C0%AF',
  '..%2F..%2F',
  '%2e%2e',
  '%00',
];

/** Bodies that are not JSON, or not what JSON parsers like, sent as application/json. */
const MALFORMED_JSON: readonly string[] = [
  '{',
  '{"a":}',
  "{'a':1}",
  '[1,]',
  'NaN',
  'undefined',
  '{"a":1}garbage',
  '\u0000',
  '\uFEFF{}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  `${'['.repeat(4000)}${']'.repeat(4000)}`,
  `{"a":"${'\\u0000'.repeat(10)}"}`,
  '{"a":1,"a":2}',
];

/** Content types the API does not take, or takes with a twist. */
const OTHER_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=bogus',
  'application/vnd.api+json',
  'APPLICATION/JSON',
  'application/json, text/plain',
];

/** Keys a request should never be able to set: prototype pollution and mass assignment. */
const EXTRA_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'companyId',
  'company_id',
  'cID',
  'id',
  'role',
  'nPriv',
  'isAdmin',
  'userId',
];

export const hostileString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
);

export const badNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...BAD_NUMBERS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** Any JSON value, the wrong type for whatever was expected. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -1, '', [], {}, [1, 2], { a: 1 }, [[[[[]]]]], { '': '' }),
  hostileString,
  badNumber,
  fc.jsonValue({ maxDepth: 3 }),
);

const UUID = /^\^\[0-9a-f\]\{8\}-/;

/** Which id a field of that name gets: one of X's records, or a well-formed id of nothing. */
export type IdOf = (key: string) => fc.Arbitrary<string>;

/** A plausible value for a field, by its name and schema: what a form would send. */
function plausibleString(key: string, schema: JsonSchema, idOf: IdOf): fc.Arbitrary<string> {
  const k = key.toLowerCase();
  if ((schema.pattern && UUID.test(schema.pattern)) || k === 'id' || k === 'ids' || k.endsWith('id')) {
    return idOf(key);
  }
  // An address of no one, and one of a real parent: not an actor's, whose sign-in the guesses would lock.
  if (k.includes('email')) return fc.constantFrom('fuzz@example.com', FUZZ_VICTIM);
  if (k.includes('password')) return fc.constant('Fuzz1234');
  if (k === 'phone') return fc.constant('9735550100');
  if (k === 'state') return fc.constant('NJ');
  if (k === 'zipcode') return fc.constant('07102');
  if (k === 'datestart') return fc.constant('2027-01-04');
  if (k === 'dateend') return fc.constant('2027-06-25');
  // The test clock's day: a registration's date must be the studio's today.
  if (k === 'regdate') return fc.constant('2026-11-21');
  if (k === 'timezone') return fc.constant('America/New_York');
  if (k === 'token' || k === 'hash') {
    return fc.base64String({ minLength: 44, maxLength: 44 }).map((s) => s.replace(/[+/=]/g, '_'));
  }
  if (k === 'code') return fc.constant('123456');
  if (schema.pattern === '^[A-Z]{2}$') return fc.constant('NJ');
  return fc.constantFrom('Fuzz', 'Fuzz Dance', 'Main Hall');
}

/** A value a route would likely take: the starting point that the mutations below break. */
export function plausible(schema: JsonSchema | undefined, idOf: IdOf, key = ''): fc.Arbitrary<unknown> {
  if (!schema) return fc.constant({});
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = schema.oneOf ?? schema.anyOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((c) => plausible(c, idOf, key)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, child] of Object.entries(schema.properties ?? {})) {
        shape[name] = plausible(child, idOf, name);
      }
      return fc.record(shape);
    }
    case 'array': {
      const n = Math.max(1, schema.minItems ?? 1);
      return fc.array(plausible(schema.items, idOf, key), { minLength: n, maxLength: n });
    }
    case 'integer':
      return fc.constant(Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1)));
    case 'number':
      return fc.constant(schema.minimum ?? 0.1);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return plausibleString(key, schema, idOf);
    default:
      return fc.constant('Fuzz');
  }
}

export type Path = (string | number)[];

/** Every place in a JSON value: the value itself, and each property and element, all the way down. */
export function placesOf(value: unknown, at: Path = []): Path[] {
  const here = [at];
  if (Array.isArray(value)) return here.concat(...value.map((v, i) => placesOf(v, [...at, i])));
  if (value && typeof value === 'object') {
    return here.concat(...Object.entries(value).map(([k, v]) => placesOf(v, [...at, k])));
  }
  return here;
}

function setAt(root: unknown, path: Path, make: (old: unknown) => unknown | typeof REMOVE): unknown {
  if (path.length === 0) {
    const made = make(root);
    return made === REMOVE ? undefined : made;
  }
  const [head, ...rest] = path as [string | number, ...Path];
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(root)
    ? [...root]
    : { ...(root as Record<string, unknown>) };
  const child = (copy as Record<string | number, unknown>)[head];
  if (rest.length === 0) {
    const made = make(child);
    if (made === REMOVE) {
      if (Array.isArray(copy)) copy.splice(head as number, 1);
      else delete (copy as Record<string | number, unknown>)[head];
    } else {
      // defineProperty, so that a key named __proto__ is an own property like JSON.parse would make it.
      Object.defineProperty(copy, head, {
        value: made,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return copy;
  }
  Object.defineProperty(copy, head, {
    value: setAt(child, rest, make),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}
const REMOVE = Symbol('remove');

/** The value with one place replaced. */
export const replaceAt = (root: unknown, path: Path, value: unknown) => setAt(root, path, () => value);

/** Replaces every leaf of one type. */
function mapLeaves(value: unknown, f: (leaf: unknown) => unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => mapLeaves(v, f));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapLeaves(v, f)]));
  }
  return f(value);
}

/** One way to break a body. */
type Mutation =
  | { kind: 'remove'; pick: number }
  | { kind: 'wrong type'; pick: number; value: unknown }
  | { kind: 'extra field'; pick: number; key: string; value: unknown }
  | { kind: 'hostile strings'; value: string }
  | { kind: 'bad numbers'; value: number }
  | { kind: 'swapped types' };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('wrong type' as const), pick: fc.nat(), value: wrongValue }),
  fc.record({
    kind: fc.constant('extra field' as const),
    pick: fc.nat(),
    key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })),
    value: wrongValue,
  }),
  fc.record({ kind: fc.constant('hostile strings' as const), value: hostileString }),
  fc.record({ kind: fc.constant('bad numbers' as const), value: badNumber }),
  fc.record({ kind: fc.constant('swapped types' as const) }),
);

function mutate(value: unknown, m: Mutation): unknown {
  const places = placesOf(value);
  const place = 'pick' in m ? places[m.pick % places.length]! : [];
  switch (m.kind) {
    case 'remove':
      return place.length === 0 ? undefined : setAt(value, place, () => REMOVE);
    case 'wrong type':
      return setAt(value, place, () => m.value);
    case 'extra field':
      return setAt(value, place, (old) =>
        old && typeof old === 'object' && !Array.isArray(old)
          ? Object.defineProperty({ ...old }, m.key, { value: m.value, enumerable: true })
          : { [m.key]: m.value },
      );
    case 'hostile strings':
      return mapLeaves(value, (leaf) => (typeof leaf === 'string' ? m.value : leaf));
    case 'bad numbers':
      return mapLeaves(value, (leaf) => (typeof leaf === 'number' ? m.value : leaf));
    case 'swapped types':
      return mapLeaves(value, (leaf) =>
        typeof leaf === 'string' ? Number(leaf) || 1 : typeof leaf === 'number' ? String(leaf) : leaf,
      );
  }
}

/** How a body travels. */
export type Body = { payload?: string; contentType?: string; note: string };

const json = (value: unknown): Body => ({
  payload: value === undefined ? undefined : JSON.stringify(value),
  contentType: 'application/json',
  note: 'json',
});

/** The body of a route, broken in one of many ways. */
export function badBody(schema: JsonSchema | undefined, idOf: IdOf): fc.Arbitrary<Body> {
  const start = plausible(schema, idOf);
  const mutated = fc.tuple(start, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, ms]) => ({
    ...json(ms.reduce(mutate, value)),
    note: `json: ${ms.map((m) => m.kind).join(', ')}`,
  }));
  // Numbers written as JSON does not allow, or as it allows but no schema expects (1e999 is Infinity).
  const nanish = fc
    .tuple(
      start,
      fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '0x10', '01', '+1', '.5', '1_000'),
    )
    .map(([value, n]) => ({
      payload: JSON.stringify(
        mapLeaves(value, (leaf) => (typeof leaf === 'number' ? '§N§' : leaf)),
      ).replaceAll('"§N§"', n),
      contentType: 'application/json',
      note: `numbers as ${n}`,
    }));
  const notAnObject = wrongValue.map((v) => ({ ...json(v), note: 'json: not an object' }));
  const malformed = fc
    .constantFrom(...MALFORMED_JSON)
    .map((payload) => ({ payload, contentType: 'application/json', note: 'malformed json' }));
  const otherType = fc.tuple(start, fc.constantFrom(...OTHER_CONTENT_TYPES)).map(([value, contentType]) => ({
    payload: JSON.stringify(value),
    contentType,
    note: `as ${contentType}`,
  }));
  const formLike = fc.constant({
    payload: 'name=Fuzz&id=1&__proto__[x]=1',
    contentType: 'application/x-www-form-urlencoded',
    note: 'form',
  });
  const empty = fc.constantFrom<Body>(
    { payload: '', contentType: 'application/json', note: 'empty json' },
    { note: 'no body' },
  );
  const tooLarge = fc.constant<Body>({
    payload: JSON.stringify({ name: 'x'.repeat(300 * 1024) }),
    contentType: 'application/json',
    note: 'over the body limit',
  });
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 2, arbitrary: nanish },
    { weight: 2, arbitrary: notAnObject },
    { weight: 2, arbitrary: malformed },
    { weight: 2, arbitrary: otherType },
    { weight: 1, arbitrary: formLike },
    { weight: 1, arbitrary: empty },
    { weight: 1, arbitrary: tooLarge },
  );
}

/** Encodes a path segment as a client would; a lone surrogate cannot be, so it travels as raw bytes. */
export function segment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path parameter that names nothing: malformed, hostile, raw, or a well-formed id of no record. */
export function badParam(realIds: readonly string[]): fc.Arbitrary<string> {
  const choices: fc.Arbitrary<string>[] = [
    fc.constantFrom(...MALFORMED_IDS).map(segment),
    fc.uuid().map(segment),
    fc.uuid().map((id) => segment(id.toUpperCase())),
    hostileString.map(segment),
    fc.constantFrom(...RAW_SEGMENTS),
  ];
  // A real record's id, with the rest of the request broken.
  if (realIds.length > 0) choices.push(fc.constantFrom(...realIds));
  return fc.oneof(...choices);
}

/** A query string of odd keys and hostile values, repeated keys included. */
export function badQuery(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.constantFrom(
    ...keys,
    'yearTermID',
    'all',
    '__proto__',
    'constructor[prototype][x]',
    'a[b][c]',
  );
  const value = fc.oneof(hostileString, fc.uuid(), fc.constantFrom('0', '1', '2', 'true', ''));
  return fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${segment(k)}=${segment(v)}`).join('&'));
}

/** Session tokens of no session: garbage, too long, injected, and well-formed but unknown. */
export const badToken = fc.oneof(
  fc.base64String({ minLength: 44, maxLength: 44 }).map((s) => s.replace(/[+/=]/g, '-')),
  fc.constantFrom('x'.repeat(300), "' OR '1'='1", 'null', 'Bearer abc', 'a', '../../etc/passwd'),
);
