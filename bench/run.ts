import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { computeFamilyTuition } from '@pirouette/domain';
import { LARGE_PASSWORD, LARGE_SIGN_INS } from '../apps/api/src/db/seed-large';
import type { RecordedAnswer } from './ceiling-server';
import { competitionScene } from './competitions';
import { costumeScene } from './costumes';
import { type BenchDatabase, pgliteDatabase, postgresDatabase } from './database';
import { familyCostumeScene } from './family-costumes';
import { type LoadOptions, load, loadAgainstCeiling, type Measured, type Target } from './load';
import { ROOT, runTs, type Started, startTs } from './processes';
import { FAMILY_OF_FOUR } from './tuition';

/**
 * `npm run bench [-- --quick] [--seconds N] [--connections N] [--only a,b] [--log-level L]`
 *
 * Seeds the large studio (apps/api/src/db/seed-large.ts) into a fresh database — PGlite in a temporary
 * DATA_DIR, or, when DATABASE_URL names a PostgreSQL server, a new database on it, dropped at the end —
 * starts the real server on it in its own process, and loads each route from this process with
 * autocannon. The ceiling of each route is a bare Fastify in another process answering the route's real
 * answer from memory, loaded the same way in the same run. Writes bench/results/latest.json.
 *
 * Every request reads the database: the server keeps sessions only, no answers (decision 024).
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    'log-level': { type: 'string', default: 'warn' },
  },
});
const quick = values.quick!;
const loadOpts: LoadOptions & { slices: number } = {
  connections: Number(values.connections),
  seconds: Number(values.seconds ?? (quick ? 1.6 : 10)),
  warmupSeconds: quick ? 0.3 : 2,
  slices: 2,
};
// --only schedule,account list: the routes whose names start with one of these.
const only = values.only ? values.only.split(',').map((s) => s.trim()) : null;
const wanted = (name: string) => !only || only.some((o) => name.startsWith(o));
const serverUrl = process.env.DATABASE_URL || null;

type Row = { name: string; rps: number; p50: number; p99: number; ratio: number; ceiling: Measured };

const say = (line: string) => process.stdout.write(`${line}\n`);
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const job of cleanups.splice(0).reverse()) await job().catch((e) => say(`cleanup: ${e}`));
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function call(base: string, target: Target) {
  const res = await fetch(base + target.url, {
    method: target.method,
    headers: { 'content-type': 'application/json', ...target.headers },
    body: target.body?.(),
  });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`${target.method} ${target.url}: ${res.status} ${text.slice(0, 300)}`);
  return { status: res.status, text, data: JSON.parse(text)[1] };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const started = performance.now();
const loadBefore = loadavg();

say(
  `Seeding the large studio into ${serverUrl ? 'a new PostgreSQL database' : 'PGlite in a temporary DATA_DIR'}…`,
);
let database: BenchDatabase;
try {
  database = serverUrl ? await postgresDatabase(serverUrl) : await pgliteDatabase();
} catch (error) {
  say(String(error));
  process.exit(1);
}
cleanups.push(() => database.drop());
say(`  seeded in ${database.seed.seconds} s (${database.seed.otherStudios} small studios beside it)`);

try {
  const port = await freePort();
  const server: Started = await startTs('apps/api/src/main.ts', [], {
    env: {
      ...database.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: values['log-level']!,
    },
    port: (line) => (line.includes('Pirouette is running at') ? port : null),
  });
  cleanups.push(() => server.stop());
  const base = `http://127.0.0.1:${port}`;
  say(
    `  server on ${base} (${database.kind}), started ${round((performance.now() - started) / 1000, 1)} s in`,
  );

  // Who and what the routes are about: found through the API, as a browser would.
  const signIn = (email: string) =>
    call(base, {
      method: 'POST',
      url: '/api/auth/login',
      body: () => JSON.stringify({ email, password: LARGE_PASSWORD }),
    });
  const owner = (await signIn(LARGE_SIGN_INS.owner.email)).data;
  const parent = (await signIn(LARGE_SIGN_INS.parent.email)).data;
  const asOwner = { 'x-access-token': owner.token as string };
  const asParent = { 'x-access-token': parent.token as string };
  const week = (await call(base, { method: 'GET', url: '/api/mystudio/schedule/', headers: asOwner })).data;
  const family = (await call(base, { method: 'GET', url: '/api/parents/account/', headers: asParent })).data;
  const familyId: string = family.acctInfo.id;
  const costumes = await costumeScene(
    // The bench's Target names the methods it loads; the scene also saves with PUT, which fetch sends alike.
    (target) => call(base, target as Target),
    asOwner,
    (week.cls as { id: string }[]).map((c) => c.id),
  );
  say(
    `  costumes: a style on a dance number of ${costumes.dancers} dancers, all but two assigned, half of those ordered`,
  );
  const familyCostumes = await familyCostumeScene((target) => call(base, target as Target), asOwner, family);
  say(
    `  the parent's family: ${familyCostumes.costumes} costumes, half ordered, ${familyCostumes.received} received`,
  );
  const competitions = await competitionScene((target) => call(base, target as Target), asOwner, {
    danceNumberId: costumes.danceNumberId,
    yearTermId: owner.yrTrm.id,
    locationId: week.selIDs.locID,
  });
  say(`  competitions: an event with its entries, ${competitions.registered} dancers registered on one`);
  let turn = 0;
  const targets: (Target & { name: string })[] = [
    {
      name: 'sign-in',
      method: 'POST',
      url: '/api/auth/login',
      // Parents of the large studio take turns; a right password is never counted by the limits.
      body: () =>
        JSON.stringify({ email: database.emails[turn++ % database.emails.length], password: LARGE_PASSWORD }),
    },
    { name: 'me', method: 'GET', url: '/api/auth/me', headers: asOwner },
    {
      name: 'schedule (a room)',
      method: 'GET',
      url: `/api/mystudio/schedule/?yrTrmID=${owner.yrTrm.id}&locID=${week.selIDs.locID}&rmID=${week.selIDs.rmID}`,
      headers: asOwner,
    },
    { name: 'account list', method: 'GET', url: '/api/mystudio/account/list/active', headers: asOwner },
    { name: 'account info', method: 'GET', url: `/api/mystudio/account/${familyId}/info`, headers: asOwner },
    {
      name: 'account students',
      method: 'GET',
      url: `/api/mystudio/account/${familyId}/students`,
      headers: asOwner,
      beyondIssue: true,
    },
    { name: 'parent account', method: 'GET', url: '/api/parents/account/', headers: asParent },
    // Class registration (issue 15): the Carter family (four dancers, three classes each) in a half-year plan.
    {
      name: 'schedule builder (parent)',
      method: 'GET',
      url: '/api/parents/registration/',
      headers: asParent,
    },
    {
      name: 'family tuition (parent)',
      method: 'GET',
      url: '/api/parents/tuition/schedule',
      headers: asParent,
    },
    {
      name: 'family tuition (owner)',
      method: 'GET',
      url: `/api/mystudio/paymentSystem/account/${familyId}`,
      headers: asOwner,
    },
    // The family ledger (issue 16): the Carters' money panel (billed by their plan since September, a
    // check paid), the term's plan payments list and the studio's overview over 900 families' books.
    {
      name: 'money panel (owner)',
      method: 'GET',
      url: `/api/mystudio/account/${familyId}/money`,
      headers: asOwner,
    },
    { name: 'plan payments list', method: 'GET', url: '/api/mystudio/account/payments', headers: asOwner },
    { name: 'transactions overview', method: 'GET', url: '/api/transactions/overview', headers: asOwner },
    // Card payments (issue 17): the parent's card on file and auto-pay, the owner's auto-charge page.
    {
      name: 'card on file (parent)',
      method: 'GET',
      url: '/api/finix/customer/paymentInstrument/default',
      headers: asParent,
    },
    { name: 'auto-pay (parent)', method: 'GET', url: '/api/finix/customer/autopay', headers: asParent },
    { name: 'auto-charge page (owner)', method: 'GET', url: '/api/mystudio/autopay', headers: asOwner },
    // Costumes (issue 18): the owner's costume companies, and a dance number's styles and its dancers'
    // outfits with their measurements, suggested sizes and deposits.
    { name: 'costume companies', method: 'GET', url: '/api/mystudio/costumes/company', headers: asOwner },
    {
      name: 'costume styles of a number',
      method: 'GET',
      url: `/api/mystudio/costumes/style/${costumes.danceNumberId}`,
      headers: asOwner,
    },
    {
      name: 'costumes assigned in a number',
      method: 'GET',
      url: `/api/mystudio/costumes/v2/assigned/${costumes.danceNumberId}`,
      headers: asOwner,
    },
    // The deposits and balances lists (issue 18 point 3): the studio's first page of each, every balance
    // posted (paid or not), with the totals over all of them and the filters' choices.
    {
      name: 'costume deposits list',
      method: 'GET',
      url: '/api/mystudio/costumes/deposits',
      headers: asOwner,
    },
    {
      name: 'costume balances list',
      method: 'GET',
      url: '/api/mystudio/costumes/balances?open=0',
      headers: asOwner,
    },
    // A family's costumes (issue 18 point 5): the Carters' dancers' costumes from the portal.
    { name: 'family costumes (parent)', method: 'GET', url: '/api/parents/costumes', headers: asParent },
    // Competitions (issue 19): the owner's companies and events, the registration page's working lists
    // and an event's registrations grouped by dancer with their fees.
    {
      name: 'competition companies',
      method: 'GET',
      url: '/api/mystudio/competition/company',
      headers: asOwner,
    },
    { name: 'competition events', method: 'GET', url: '/api/mystudio/competition/event', headers: asOwner },
    {
      name: 'competition working lists',
      method: 'POST',
      url: '/api/mystudio/competition/registration',
      headers: { ...asOwner, 'content-type': 'application/json' },
      body: () => competitions.workingLists,
    },
    {
      name: 'competition registered event',
      method: 'GET',
      url: `/api/mystudio/competition/registered/event/${competitions.eventId}`,
      headers: asOwner,
    },
    // Not a route of the issue: the floor of anything that reads the database (one `select 1`, no session).
    { name: 'health (floor: one trivial query)', method: 'GET', url: '/api/health', beyondIssue: true },
    // --quick measures the issue's routes only (within a minute), unless --only names others.
  ].filter((t) => wanted(t.name) && !(quick && !only && t.beyondIssue)) as (Target & { name: string })[];

  // Each route's real answer, once, for the ceiling to serve.
  const answers: RecordedAnswer[] = [];
  for (const t of targets) {
    const { status, text } = await call(base, t);
    answers.push({ method: t.method, path: t.url.split('?')[0]!, status, body: text });
  }
  const tuitionTarget: Target = { method: 'GET', url: '/bench/tuition' };
  answers.push({
    method: 'GET',
    path: tuitionTarget.url,
    status: 200,
    body: JSON.stringify([true, computeFamilyTuition(FAMILY_OF_FOUR)]),
  });
  const answersDir = mkdtempSync(join(tmpdir(), 'pirouette-ceiling-'));
  cleanups.push(async () => rmSync(answersDir, { recursive: true, force: true }));
  writeFileSync(join(answersDir, 'answers.json'), JSON.stringify(answers));
  const ceiling = await startTs('bench/ceiling-server.ts', [join(answersDir, 'answers.json')], {
    port: (line) => (line.startsWith('listening ') ? Number(line.slice(10)) : null),
  });
  cleanups.push(() => ceiling.stop());
  const ceilingBase = `http://127.0.0.1:${ceiling.port}`;

  say(
    `Loading each route and its ceiling for ${loadOpts.seconds} s each, with ${loadOpts.connections} connections, in ${loadOpts.slices} turns (after ${loadOpts.warmupSeconds} s of warm-up each)…`,
  );
  // The rule in a process of its own, with nothing else to collect.
  const tuition: Measured | null = wanted('tuition')
    ? JSON.parse(await runTs('bench/tuition.ts', [String(loadOpts.seconds), String(loadOpts.warmupSeconds)]))
    : null;
  // The server's common path (routing, hooks, the session cache) compiled before the first route is measured,
  // as it is for every route after it.
  for (const t of targets.filter((x) => x.method === 'GET')) {
    await load(base, t, {
      connections: loadOpts.connections,
      seconds: loadOpts.warmupSeconds,
      warmupSeconds: 0,
    });
  }
  const rows: Row[] = [];
  for (const t of targets) {
    const { real, ceiling: top } = await loadAgainstCeiling(base, ceilingBase, t, loadOpts);
    rows.push({ name: t.name, ...real, ratio: real.rps / top.rps, ceiling: top });
    say(`  ${t.name}: ${Math.round(real.rps)} req/s (ceiling ${Math.round(top.rps)})`);
  }
  if (tuition) {
    const top = await load(ceilingBase, tuitionTarget, loadOpts);
    rows.push({
      name: 'tuition, family of four (in-process)',
      ...tuition,
      ratio: tuition.rps / top.rps,
      ceiling: top,
    });
    say(`  tuition: ${Math.round(tuition.rps)} calls/s`);
  }

  const results = rows.map((r) => ({
    name: r.name,
    rps: Math.round(r.rps),
    p50: round(r.p50, 2),
    p99: round(r.p99, 2),
    ratio: round(r.ratio, 3),
  }));
  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  // A partial run (--only) leaves the last complete one in place.
  const complete = !only;
  if (complete) writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  let revision = '';
  try {
    revision = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    // not a git checkout
  }
  const meta = {
    date: new Date().toISOString(),
    database: database.kind,
    quick,
    ...loadOpts,
    logLevel: values['log-level'],
    revision,
    node: process.version,
    cpus: `${availableParallelism()} × ${cpus()[0]?.model ?? '?'}`,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    // Strings, not arrays: the file stays as Biome formats it.
    loadAverageBefore: loadBefore.map((l) => l.toFixed(2)).join(' '),
    loadAverageAfter: loadavg()
      .map((l) => l.toFixed(2))
      .join(' '),
    seedSeconds: database.seed.seconds,
    totalSeconds: round((performance.now() - started) / 1000, 1),
  };
  writeFileSync(
    join(resultsDir, `${database.kind}${quick ? '-quick' : ''}${only ? '-partial' : ''}.json`),
    `${JSON.stringify({ meta, results: rows.map((r) => ({ ...r, ratio: round(r.ratio, 3) })) }, null, 2)}\n`,
  );

  say('');
  say(`| route | req/s | p50 ms | p99 ms | ceiling req/s | ratio |`);
  say(`|---|--:|--:|--:|--:|--:|`);
  for (const [i, r] of results.entries()) {
    say(
      `| ${r.name} | ${r.rps} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${Math.round(rows[i]!.ceiling.rps)} | ${r.ratio.toFixed(3)} |`,
    );
  }
  say('');
  for (const name of ['schedule (a room)', 'account list']) {
    const r = results.find((x) => x.name === name);
    if (!r) continue;
    const half = r.ratio >= 0.5;
    const fast = r.p99 < 50;
    say(
      `target for ${name}: ≥ 0.5 of the ceiling ${half ? 'yes' : 'no'} (${r.ratio.toFixed(3)}), p99 < 50 ms ${fast ? 'yes' : 'no'} (${r.p99.toFixed(1)} ms): ${half && fast ? 'met' : 'NOT met'}`,
    );
  }
  say(
    `${database.kind}, ${meta.cpus}, load average ${meta.loadAverageBefore} before, ${meta.loadAverageAfter} after; ${meta.totalSeconds} s in all.`,
  );
  say(
    complete
      ? 'Written to bench/results/latest.json.'
      : 'A partial run: bench/results/latest.json is left as it was.',
  );
} catch (error) {
  say(String(error instanceof Error ? (error.stack ?? error.message) : error));
  process.exitCode = 1;
} finally {
  await cleanUp();
}
