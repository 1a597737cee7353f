import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type RegistrationResult, todayInZone } from '@pirouette/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openPglite } from '../apps/api/src/db/client';
import { rowsOf } from '../apps/api/src/db/rows';
import { LARGE_PASSWORD, LARGE_SIGN_INS, seedLarge } from '../apps/api/src/db/seed-large';
import { systemClock } from '../apps/api/src/lib/clock';
import { paymentsFor } from '../apps/api/src/modules/payments/providers';
import { classJoins } from './evening/cast';
import { booksForLargeStudio } from './ledger';
import { planForFeaturedFamily } from './registration';

/**
 * `tsx bench/queries.ts [--data-dir DIR] [--runs N] [--explain]`: the round trips behind each benched
 * route on the large studio (PGlite, in this process): how many queries one request makes, the time
 * each takes, and with --explain the plan of each (EXPLAIN ANALYZE). Seeds a temporary PGlite unless
 * --data-dir names one that holds the large studio already.
 */
const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '200' },
    explain: { type: 'boolean', default: false },
  },
});
const runs = Number(values.runs);
const ownDir = values['data-dir'] ? null : mkdtempSync(join(tmpdir(), 'pirouette-queries-'));
const database = await openPglite(join(values['data-dir'] ?? ownDir!, 'pglite'));
await database.migrate();
await seedLarge(database.db);
await planForFeaturedFamily(database.db);
await booksForLargeStudio(database.db);

type Client = { query: (text: string, params?: unknown[], opts?: unknown) => Promise<unknown> };
const client = (database.db as unknown as { session: { client: Client } }).session.client;
const original = client.query.bind(client);
let log: { text: string; params: unknown[]; ms: number }[] | null = null;
client.query = async (text: string, params: unknown[] = [], opts?: unknown) => {
  const start = performance.now();
  try {
    return await original(text, params, opts);
  } finally {
    log?.push({ text, params, ms: performance.now() - start });
  }
};
// A transaction's statements go through its own handle: logged the same way.
type Transactional = { transaction: <T>(fn: (tx: Client) => Promise<T>) => Promise<T> };
const pglite = client as unknown as Transactional;
const transaction = pglite.transaction.bind(pglite);
pglite.transaction = (fn) =>
  transaction((tx) => {
    const own = tx.query.bind(tx);
    tx.query = async (text: string, params: unknown[] = [], opts?: unknown) => {
      const start = performance.now();
      try {
        return await own(text, params, opts);
      } finally {
        log?.push({ text, params, ms: performance.now() - start });
      }
    };
    return fn(tx);
  });

const app = await buildApp({
  ...paymentsFor({ db: database.db, clock: systemClock }),
  db: database.db,
  dbKind: 'pglite',
  changes: database.changes,
  config: { ...loadConfig({ LOG_LEVEL: 'silent' }) },
  clock: systemClock,
  appUrl: 'http://localhost:3000',
  cookieSecret: 'bench-cookie-secret-of-at-least-32-characters',
});
await app.ready();
const signIn = async (email: string) =>
  (
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: LARGE_PASSWORD } })
  ).json()[1];
const owner = await signIn(LARGE_SIGN_INS.owner.email);
const parent = await signIn(LARGE_SIGN_INS.parent.email);
const asOwner = { 'x-access-token': owner.token };
const asParent = { 'x-access-token': parent.token };
const week = (
  await app.inject({ method: 'GET', url: '/api/mystudio/schedule/', headers: asOwner })
).json()[1];
const familyId = (
  await app.inject({ method: 'GET', url: '/api/parents/account/', headers: asParent })
).json()[1].acctInfo.id;

const routes: [string, string, Record<string, string>][] = [
  ['me', '/api/auth/me', asOwner],
  [
    'schedule (a room)',
    `/api/mystudio/schedule/?yrTrmID=${owner.yrTrm.id}&locID=${week.selIDs.locID}&rmID=${week.selIDs.rmID}`,
    asOwner,
  ],
  ['account list', '/api/mystudio/account/list/active', asOwner],
  ['account info', `/api/mystudio/account/${familyId}/info`, asOwner],
  ['account students', `/api/mystudio/account/${familyId}/students`, asOwner],
  ['parent account', '/api/parents/account/', asParent],
  ['schedule builder (parent)', '/api/parents/registration/', asParent],
  ['family tuition (parent)', '/api/parents/tuition/schedule', asParent],
  ['family tuition (owner)', `/api/mystudio/paymentSystem/account/${familyId}`, asOwner],
  ['money panel (owner)', `/api/mystudio/account/${familyId}/money`, asOwner],
  ['plan payments list', '/api/mystudio/account/payments', asOwner],
  ['transactions overview', '/api/transactions/overview', asOwner],
  ['aging by family', '/api/transactions/aging?page=1', asOwner],
  ['card on file (parent)', '/api/finix/customer/paymentInstrument/default', asParent],
  ['auto-pay (parent)', '/api/finix/customer/autopay', asParent],
  ['auto-charge page (owner)', '/api/mystudio/autopay', asOwner],
];

/** What one kind of request costs, over `times` of it (`runs`): round trips, their texts and times. */
async function report(name: string, request: () => Promise<void>, times = runs) {
  if (times === 0) {
    console.log(`\n${name}: none to run`);
    return;
  }
  log = [];
  const start = performance.now();
  for (let i = 0; i < times; i++) {
    // The session cache (decision 024) emptied before each request, so that its look-up shows too:
    // every request but the first after a write to sessions, memberships, users or studios saves it.
    database.changes.bump();
    await request();
  }
  const total = (performance.now() - start) / times;
  const calls = log;
  log = null;
  const perQuery = new Map<string, { n: number; ms: number; params: unknown[] }>();
  for (const c of calls) {
    const q = perQuery.get(c.text) ?? { n: 0, ms: 0, params: c.params };
    q.n++;
    q.ms += c.ms;
    perQuery.set(c.text, q);
  }
  const db = calls.reduce((a, c) => a + c.ms, 0) / times;
  console.log(
    `\n${name}: ${(calls.length / times).toFixed(1)} queries a request, ${total.toFixed(2)} ms a request, ${db.toFixed(2)} ms of it waiting on queries${times === runs ? '' : ` (over ${times} runs)`}`,
  );
  for (const [text, q] of perQuery) {
    console.log(
      `  ${(q.ms / q.n).toFixed(3)} ms × ${(q.n / times).toFixed(1)}  ${text.replace(/\s+/g, ' ').slice(0, 150)}`,
    );
    // A write is not explained: EXPLAIN ANALYZE would run it a second time (its keys are taken).
    const control = /^\s*(begin|commit|rollback|savepoint|release)/i.test(text);
    const writes = /\b(insert\s+into|delete\s+from)\b|\bupdate\s+"/i.test(text);
    if (values.explain && !control && !writes) {
      const plan = (await original(`explain (analyze, buffers off) ${text}`, q.params)) as {
        rows: Record<string, string>[];
      };
      for (const row of plan.rows) console.log(`      ${Object.values(row)[0]}`);
    }
  }
}

const inject = async (
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => {
  const res = await app.inject({ method, url, headers, payload: payload as object | undefined });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json()[1] as unknown;
};

for (const [name, url, headers] of routes) {
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url, headers });
  await report(name, async () => {
    await inject('GET', url, headers);
  });
}

// The evening's writes (bench/evening/pages.ts), each through its route as there: a pair (a drop and
// its restore, a charge and its payment) counts as one request of the pair.
const contact = (
  (await inject('GET', '/api/parents/account/', asParent)) as {
    acctInfo: Record<string, string>;
  }
).acctInfo;
const edits = {
  address: contact.address,
  city: contact.city,
  state: contact.state,
  zipcode: contact.zipcode,
};
const [registration] = await rowsOf<{ id: string }>(
  database.db,
  sql`select r.id from class_registrations r join students s on s.id = r.student_id
    where s.family_id = ${familyId} and not r.is_dropped and r.i_status > 0 order by r.id limit 1`,
);
if (!registration) throw new Error('The featured family has no registration to drop.');
let turn = 0;
const writes: [string, () => Promise<void>][] = [
  [
    'contact edit (parent)',
    async () => {
      await inject('PUT', '/api/parents/account/contactInfo', asParent, {
        ...edits,
        phone: contact.phone,
        email: contact.email,
        address2: `Unit ${++turn}`,
      });
    },
  ],
  [
    'charge and desk payment (owner)',
    async () => {
      const charge = (await inject('POST', `/api/transactions/item/${familyId}`, asOwner, {
        item: { typeID: 'other', item: 'Recital flowers', amount: 12, quantity: 1, total: 12 },
        requestId: randomUUID(),
      })) as { id: string };
      await inject('POST', `/api/transactions/payments/${familyId}/${charge.id}`, asOwner, {
        payments: [{ type: 'check', total: 12, reference: 'bench' }],
        requestId: randomUUID(),
      });
    },
  ],
  [
    'drop and restore (owner)',
    async () => {
      await inject('PUT', `/api/mystudio/schedule/class/registration/drop/${registration.id}`, asOwner, {});
      await inject('POST', `/api/mystudio/schedule/class/registration/${registration.id}`, asOwner, {});
    },
  ],
];
for (const [name, write] of writes) await report(name, write);

// The parent's registration and its drop (bench/evening/pages.ts), a pair as above, after the writes
// above (which leave the family's classes as they found them): each class once, as the evening hands
// them out (the same class again would be a restore of the row dropped), so over as many runs as the
// family has classes to join; each dropped before the next, whose prices were worked out without it.
const joinable = (await classJoins(database.db, [familyId])).get(familyId);
const joins = joinable?.joins ?? [];
await report(
  'registration and drop (parent)',
  async () => {
    const join = joins.shift()!;
    const made = (await inject('POST', '/api/parents/registration/', asParent, {
      regList: join.regList,
      tuitList: { id: joinable!.planId },
      regDate: todayInZone(joinable!.timeZone, new Date()),
      registration: 0,
      terms: [],
    })) as RegistrationResult;
    const row = made.regList.find((r) => r.isNew)!;
    await inject('PUT', `/api/parents/registration/drop/${row.clRegID}`, asParent, {});
  },
  Math.min(runs, joins.length),
);
await app.close();
await database.close();
if (ownDir) rmSync(ownDir, { recursive: true, force: true });
