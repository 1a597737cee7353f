import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson } from './factories';
import { signIn } from './flows';
import {
  type Body,
  badBody,
  badParam,
  badQuery,
  badToken,
  FUZZ_VICTIM,
  HOSTILE_STRINGS,
  type IdOf,
  type JsonSchema,
  placesOf,
  plausible,
  replaceAt,
  segment,
} from './fuzz/arbitraries';
import { processorHeaders } from './fuzz/card-scene';
import { competitionRegistrationKeys } from './fuzz/competition-registration-scene';
import { changedTables, type Snapshot, type Snapshotter, snapshotter } from './fuzz/db-snapshot';
import { type Actor, buildScene, CREDENTIALS, expectRefusal, type Scene } from './fuzz/scene';
import { type RouteInfo, routeKey, routeTable } from './route-table';

/**
 * Every route the server registers gets generated bad input, as an anonymous visitor, a parent of
 * studio X and the owner of studio X: broken and hostile bodies, path parameters and query strings,
 * wrong content types, garbage tokens. Whatever is sent:
 * - no answer is a 5xx;
 * - every answer that is not a 2xx is `[false, message]`, a 4xx, with a message under 300 characters;
 * - a refused request leaves the database as it was (every table's count and checksum; REFUSAL_WRITES
 *   in fuzz/db-snapshot.ts names what a refusal may write, and why);
 * - studio Y, which none of these actors may touch, never changes at all, refused or not.
 *
 * Bounded by default: a fixed corpus of hostile strings, one text of a valid request at a time, then
 * FUZZ_RUNS generated requests per route and actor (default 4). `FUZZ_RUNS=200` for a long run;
 * FUZZ_SEED replays a run that failed (fast-check prints its seed).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 4);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const FUZZED: readonly Actor[] = ['anonymous', 'parentA', 'ownerX'];
/** The strings of the fixed corpus: what most often breaks a database, an encoder or a page. */
const CORPUS = [
  'a\u0000b',
  '\uD800',
  '\u202Eevil\u202C.exe',
  '💃🏽👩‍👩‍👧‍👦🩰',
  HOSTILE_STRINGS.find((h) => h.length >= 100_000)!,
  "x' OR '1'='1' --",
  '<script>alert(1)</script>',
  '',
];

type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** Instead of the actor's token (the anonymous visitor's garbage one). */
  token?: string;
  note: string;
};

/** A request as a failure report shows it, without its 100 kB strings. */
function describeRequest(r: FuzzRequest): string {
  const cut = (text: string) => (text.length > 200 ? `${text.slice(0, 200)}… (${text.length} chars)` : text);
  const body = r.payload === undefined ? '(none)' : JSON.stringify(cut(r.payload));
  return `${r.method} ${cut(r.url)} [${r.note}] headers=${JSON.stringify(r.headers)} body=${body}`;
}
const withDescription = (r: FuzzRequest): FuzzRequest =>
  Object.assign(r, { [fc.toStringMethod]: () => describeRequest(r) });

let s: Scene;
let snap: Snapshotter;
let current: Snapshot;
let studioY: Snapshot;
let sent = 0;
/** How often each status answered, for the summary. */
const statuses = new Map<number, number>();
const serverErrors: string[] = [];

/** The server's error log, so that a 5xx names its cause. */
const logStream = new Writable({
  write(chunk, _encoding, done) {
    serverErrors.push(String(chunk));
    done();
  },
});

/** What the OpenAPI description says of a route: its body schema and its query parameters. */
type Described = { body?: JsonSchema; query: string[] };
type OpenApi = {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        parameters?: { in: string; name: string }[];
      }
    >
  >;
};

function describedRoutes(): Map<string, Described> {
  const doc = s.t.app.swagger() as unknown as OpenApi;
  const out = new Map<string, Described>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      out.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, {
        body: op.requestBody?.content?.['application/json']?.schema,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return out;
}

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const fill = (url: string, values: readonly string[]) => {
  let i = 0;
  return url.replace(/:(\w+)/g, () => values[i++] ?? '');
};
const withQuery = (url: string, query: string | null) => (query ? `${url}?${query}` : url);

/** X's record that a field or a path parameter of a route names, by its name and the route's area. */
function idFor(route: RouteInfo, key: string): string {
  const x = s.x;
  const k = key.toLowerCase();
  const byKey: Record<string, string> = {
    yeartermid: x.term,
    yrtrmid: x.term,
    locationid: x.location,
    locid: x.location,
    roomid: x.room,
    teacherid: x.teacher,
    genreid: x.genre,
    clschid: x.class,
    dncnumid: x.danceNumber,
    dncnumactid: x.activity,
    clsgenreid: x.classGenre,
    otherreqid: x.requirement,
    studentid: x.student,
    privid: x.private,
    regid: x.privateRegistration,
    acctid: x.family,
    coacctmemid: x.family,
    accountkey: x.family,
    aid: x.family,
    userid: x.familyUser,
    clsregid: x.pending,
    amemid: x.family,
    stdid: x.student,
    payplan: x.familyPlan,
    transid: x.bill,
    transactionid: x.bill,
    itemid: x.item,
    paymentid: x.payment,
    orderid: x.costumeOrder,
    compcolocid: x.competitionLocation,
    compcoeventid: x.competitionEvent,
    ...competitionRegistrationKeys(x),
  };
  // A class family A's dancer does not take yet, so that a registration gets past its first checks.
  if (k === 'clschid' && /registration/.test(route.url)) return x.freeClass;
  if (k in byKey) return byKey[k]!;
  // The id of a person in a family's user call (PUT …/account/user/ {type, user: {id}}), else the family.
  if (/account\/user/.test(route.url)) return x.familyContact;
  if (k === 'priceid')
    return /privates/.test(route.url)
      ? x.privatePrice
      : /costumes/.test(route.url)
        ? x.costumePrice
        : x.classPrice;
  if (k === 'costumeid') return x.costumeStyle;
  const areas: [RegExp, string][] = [
    [/competition\/(company|location\/:companyId)/, x.competitionCompany],
    [/competition\/registration\/:id\/paid/, x.competitionRegistration],
    [/competition\/registered\/event/, x.competitionEvent],
    [/competition\/overview\/event/, x.competitionEvent],
    [/competition\/location/, x.competitionLocation],
    [/competition\/(event|entries)/, x.competitionEvent],
    [/competition\/entry/, x.competitionEntry],
    [/costumes\/v2\/order\/company/, x.costumeCompany],
    [/costumes\/company/, x.costumeCompany],
    [/costumes\/size-color/, x.costumeStyle],
    [/costumes\/assign\//, x.costumeAssignment],
    [/teachers/, x.teacher],
    [/documents/, x.document],
    [/discounts/, x.discount],
    [/genres/, x.genre],
    [/paymentSystem\/plan/, x.plan],
    [/paymentSystem\/option/, x.option],
    [/yearTerms/, x.term],
    [/tuition\/classes/, x.classPrice],
    [/tuition\/privates/, x.privatePrice],
    [/locations\/room/, x.room],
    [/locations/, x.location],
    [/userAccount/, x.membership],
    [/(parents|class)\/registration/, x.enrolment],
    [/transactions\/current\/:id$|payment\/confirmation/, x.bill],
    [/account\/payments\//, x.planPayment],
    [/transactions\//, x.family],
    [/schedule\/class/, x.class],
    [/privates/, x.private],
    [/mystudio\/account/, x.family],
  ];
  return areas.find(([re]) => re.test(route.url))?.[1] ?? x.company;
}

/**
 * What a route's caller sends beside a session: the card processor's credentials on its webhook, so that
 * the fuzz reaches the event's checks behind them (without them it meets only the 401).
 */
const callerHeaders = (route: RouteInfo): Record<string, string> => processorHeaders(route.url);

/** The generated bad requests of a route, for one actor. */
function requests(
  route: RouteInfo,
  described: Described | undefined,
  actor: Actor,
): fc.Arbitrary<FuzzRequest> {
  const ids = Object.values(s.x);
  const anyId: IdOf = () => fc.oneof(fc.constantFrom(...ids), fc.uuid());
  const params = paramsOf(route.url);
  // A real record in the path only when the body is what is broken, and never for a delete.
  const realInPath = described?.body && route.method !== 'DELETE' ? params.map((p) => idFor(route, p)) : [];
  return fc
    .record({
      params: fc.tuple(...params.map(() => badParam(realInPath))),
      query: fc.option(badQuery(described?.query ?? []), { freq: route.method === 'GET' ? 1 : 4 }),
      body:
        route.method === 'GET'
          ? fc.option(badBody(undefined, anyId))
          : badBody(described?.body, anyId).map((b): Body | null => b),
      token: actor === 'anonymous' ? fc.option(badToken, { freq: 2 }) : fc.constant(null),
      cookie: fc.option(badToken, { freq: 6 }),
    })
    .map(({ params: values, query, body, token, cookie }) =>
      withDescription({
        method: route.method,
        url: withQuery(fill(route.url, values), query),
        headers: {
          ...callerHeaders(route),
          ...(body?.contentType ? { 'content-type': body.contentType } : {}),
          ...(cookie ? { cookie: `x-access-token=${cookie}` } : {}),
        },
        ...(body?.payload === undefined ? {} : { payload: body.payload }),
        ...(token ? { token } : {}),
        note: [
          body?.note ?? 'no body',
          query ? 'query' : '',
          token ? 'bad token' : '',
          cookie ? 'bad cookie' : '',
        ]
          .filter(Boolean)
          .join('; '),
      }),
    );
}

/**
 * The fixed corpus: the request X's owner would send, with one of its texts (a path parameter, a query
 * parameter, a string of the body) replaced by a hostile string and the rest left valid, so that the
 * string reaches the code behind validation.
 */
function corpus(route: RouteInfo, described: Described | undefined): FuzzRequest[] {
  const own: IdOf = (key) => fc.constant(idFor(route, key));
  const example = <T>(arb: fc.Arbitrary<T>) => fc.sample(arb, { numRuns: 1, seed: 1 })[0]!;
  const params = paramsOf(route.url);
  const good = params.map((p) => example(plausible({ type: 'string' }, own, p)) as string);
  const body = described?.body ? example(plausible(described.body, own)) : undefined;
  const make = (values: readonly string[], query: string | null, payload: unknown, note: string) =>
    withDescription({
      method: route.method,
      url: withQuery(fill(route.url, values.map(segment)), query),
      headers: {
        ...callerHeaders(route),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
      note,
    });
  const out: FuzzRequest[] = [];
  for (const h of CORPUS) {
    const tag = `corpus ${JSON.stringify(h.slice(0, 12))}${h.length > 12 ? `… (${h.length})` : ''}`;
    params.forEach((p, i) => {
      out.push(
        make(
          good.map((v, j) => (j === i ? h : v)),
          null,
          body,
          `${tag} in :${p}`,
        ),
      );
    });
    for (const key of described?.query ?? []) {
      out.push(make(good, `${key}=${segment(h)}`, body, `${tag} in ?${key}`));
    }
    if (body === undefined) continue;
    for (const place of placesOf(body)) {
      const leaf = place.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], body);
      if (typeof leaf === 'string')
        out.push(make(good, null, replaceAt(body, place, h), `${tag} in ${place.join('.')}`));
    }
  }
  return out;
}

/** A generated call may end the actor's session (a sign-out): the fuzzer signs them in again. */
async function stillSignedIn(actor: Actor): Promise<void> {
  if (actor === 'anonymous') return;
  const me = await s.send(actor, { method: 'GET', url: '/api/auth/me' });
  if (me.status === 200) return;
  s.tokens[actor] = (await signIn(s.t, CREDENTIALS[actor].email, CREDENTIALS[actor].password)).token;
  current = await snap.whole();
}

/** Sends one request and checks everything that must hold of its answer and of the database after it. */
async function check(actor: Actor, route: RouteInfo, request: FuzzRequest): Promise<void> {
  sent += 1;
  serverErrors.length = 0;
  const res = await s.send(actor, {
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
    ...(request.token === undefined ? {} : { token: request.token }),
  });
  const context = `${routeKey(route)} as ${actor}: ${describeRequest(request)} → ${res.status} ${res.text.slice(0, 300)}`;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  // The baseline moves with every answer, so that one failure does not blame the requests after it.
  const after = await snap.whole();
  const changed = changedTables(current, after);
  current = after;
  expect(res.status, `${context}\nserver log: ${serverErrors.join('').slice(0, 2000)}`).toBeLessThan(500);
  if (res.status >= 200 && res.status < 300) {
    if (request.url.startsWith('/api/')) expect(res.body?.[0], context).toBe(true);
    await stillSignedIn(actor);
  } else {
    expectRefusal(res, context);
    expect(changed, `${context}\nchanged the database`).toEqual([]);
  }
  expect(changedTables(studioY, await snap.studio(s.companyY)), `${context}\nchanged studio Y`).toEqual([]);
}

let described: Map<string, Described>;
const started = Date.now();

beforeAll(async () => {
  s = await buildScene({ logLevel: 'error' }, { logStream });
  await createPerson(s.t.database.db, { email: FUZZ_VICTIM, companyId: s.x.company, role: 'user' });
  snap = await snapshotter(s.t.database.db);
  described = describedRoutes();
  current = await snap.whole();
  studioY = await snap.studio(s.companyY);
});
afterAll(async () => {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.info(
    `route fuzz: ${sent} requests to ${s?.routes.length} routes in ${seconds} s (FUZZ_RUNS=${RUNS})`,
  );
  const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
  console.info(`  answers: ${answers.join(' ')}`);
  await s?.t.close();
});

// The route table is read at collection time as well, so that each route is a test of its own.
const table = await routeTable();

describe('every route, fuzzed with bad input', () => {
  it('walks the whole route table', () => {
    expect(s.routes.map(routeKey)).toEqual(table.map(routeKey));
    expect(snap.tables.length).toBeGreaterThan(10);
  });

  it('sees a write to any table, and sees it undone', async () => {
    const db = s.t.database.db;
    const probe = await db.execute(sql`
      select count(distinct c.relname)::int as n from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname = 'fuzz_probe_touch'`);
    expect((probe as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(snap.tables.length);
    const rename = (suffix: string) =>
      db.execute(
        sql`update companies set name = regexp_replace(name, '~$', '') || ${suffix} where id = ${s.companyY}`,
      );
    await rename('~');
    expect(changedTables(current, await snap.whole())).toEqual(['companies']);
    expect(changedTables(studioY, await snap.studio(s.companyY))).toEqual(['companies']);
    await rename('');
    expect(changedTables(current, await snap.whole())).toEqual([]);
    expect(changedTables(studioY, await snap.studio(s.companyY))).toEqual([]);
  });

  it.each(table.map(routeKey))('%s', async (key) => {
    const route = s.routes.find((r) => routeKey(r) === key)!;
    const d = described.get(key);
    for (const actor of FUZZED) {
      // The corpus goes where input reaches the code behind the access check: X's owner, and the
      // anonymous visitor on a public route. (fast-check's `examples` would count against numRuns.)
      if (actor === 'ownerX' || (actor === 'anonymous' && route.access === 'public')) {
        for (const request of corpus(route, d)) await check(actor, route, request);
      }
      await fc.assert(
        fc.asyncProperty(requests(route, d, actor), (request) => check(actor, route, request)),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    }
  });

  it('compared each request with the same snapshots as one taken afresh from every row', async () => {
    expect(await snap.whole()).toEqual(await snap.fresh.whole());
    expect(await snap.studio(s.companyY)).toEqual(await snap.fresh.studio(s.companyY));
  });
});
