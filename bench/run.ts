import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LARGE_PASSWORD, LARGE_SIGN_INS } from '../apps/api/src/db/seed-large';
import { serverEntryOf } from '../apps/api/src/http/rendered-pages';
import { attendanceTargets } from './attendance';
import { calendarFeedTarget } from './calendar-feed';
import type { RecordedAnswer } from './ceiling-server';
import { competitionScene } from './competitions';
import { costumeScene } from './costumes';
import { cpuSnapshot } from './cpu';
import { type BenchDatabase, pgliteDatabase, postgresDatabase } from './database';
import { checkSignOutHeardByAll, type EveningRun, evening, printEvening } from './evening/evenings';
import type { Summary } from './evening/loop';
import { EVENING_MIX } from './evening/pages';
import { familyCompetitionScene, familyCompetitionTargets } from './family-competitions';
import { familyCostumeScene } from './family-costumes';
import { type LoadOptions, load, type Measured, type Target } from './load';
import { freePort, ROOT, runTs, type Started, startTs } from './processes';
import { recitalTargets } from './recital';
import { checkIdentical, checkSteps, loadInTurns, REFERENCE_PAGES } from './reference/pages';

/**
 * `npm run bench [-- --quick] [--seconds N] [--evening-seconds N] [--connections N] [--only a,b] [--log-level L]
 *  [--scale N] [--studios N]`
 *
 * Seeds the large studio (apps/api/src/db/seed-large.ts) into a fresh database — PGlite in a temporary
 * DATA_DIR, or, when DATABASE_URL names a PostgreSQL server, a new database on it, dropped at the end —
 * with 30 owners and 200 parents signed in (bench/evening/cast.ts), starts the real server on it in its
 * own process, and measures, from this process:
 *
 * 1. **The reference ratios.** A hand-written bare Fastify + `pg` (or PGlite) server in another process
 *    (bench/reference/server.ts) answers the account list, a room's schedule and the parent's page; its
 *    answers are first checked byte-identical to the server's for a sample of sessions, tabs, filters and
 *    rooms, then each page is loaded on both in turns with the same requests (a session, a tab, a page,
 *    a filter, a room drawn anew each time). The figure is real / reference. On PGlite, the reference
 *    reads a copy of the seeded directory (one process owns a PGlite directory), so these run before
 *    anything writes; and it runs PGlite on its one thread where the server gives PGlite a thread of
 *    its own (decision 119), so on PGlite the ratio compares two threads with one: read PostgreSQL's.
 * 2. **Each route alone** (the per-route table): one session asking one address, with autocannon,
 *    after a warm-up. One line beside it, "the floor of the HTTP stack", is a bare Fastify echoing one
 *    recorded answer from memory (bench/ceiling-server.ts): what no route can pass, not a target.
 * 3. **The evening** (bench/evening/pages.ts): every request a page of a randomly drawn session — owners
 *    (4 in 10) of 30 studios, parents (6 in 10) of their families — one in ten a write through the real
 *    routes (contact edits, activity switches, a charge and its payment, a drop and its restore, a
 *    parent's registration of a dancer for a class and its drop), one in 50 a sign-out and sign-in
 *    again, one in 200 a family registering anew (decision 080), from `--connections` workers for
 *    `--evening-seconds` (the closed loop), then arriving at a fixed rate (the open loop): requests per
 *    second, p50 and p99 per kind and overall, and every answer that was not 2xx.
 *
 * 4. **Moving in** (bench/import.ts, alone: `tsx bench/import.ts`): a fresh studio checks and imports
 *    1,000 families, 1,500 dancers and 3,000 enrolments; the check's and the write's seconds.
 * 5. **A phone** (bench/phone.ts, `--only phone`): the parent portal and the owner's account list
 *    (signed in), the sign-in page and a studio's own (a visitor's) opened by Chromium on a throttled
 *    phone (CPU 4× slower, slow 4G; and Lighthouse's lighter network), an empty cache, no service worker:
 *    first and largest content, interactive, live (hydrated), long tasks, bytes, median of 3
 *    (1 with --quick). Needs the built web app, the browser's and the server's (`npm run build`); skipped
 *    without the server's, whose first screens the goals are measured with.
 *
 * Options:
 * - `--quick`: a smoke check, the whole run in under two minutes (most of the first half is seeding):
 *   each reference page 2 s (1 s on each side), each route 0.8 s, the evening 12 s, and the routes marked
 *   `beyondIssue` left out; without it, 10 s, 5 s and 60 s.
 * - `--seconds N`: each route alone, and twice that for each reference page (half on each side).
 * - `--evening-seconds N`: the evening's measured time (after a warm-up of 5 s, 1 with --quick).
 * - `--connections N` (10): autocannon's connections for each route, the evening's and the reference
 *   pages' workers (one keep-alive connection each).
 * - `--only a,b`: the routes whose names start with one of these; `reference` and `evening` name those
 *   parts (`--only reference,evening` runs both and no route). A partial run leaves latest.json alone.
 * - `--log-level L`: the server's log level (`warn`: no request log).
 * - `--scale N` (1): the large studio at N × (above 0, at most 10; decision 079: more locations, rooms,
 *   classes and families, each room's week and each family as at 1 ×).
 * - `--studios N` (200): the small studios seeded beside it (10,000 seed in minutes on PostgreSQL).
 * - `--processes 1,2`: the evening on one server process, then on two behind one port (bench/cluster.ts;
 *   PostgreSQL only).
 * - `--open-rate N`: the open loop's arrivals per second (by default half the closed loop's req/s);
 *   `--think-ms N` (2000): the pause before the step that follows an answer (bench/evening/loop.ts).
 * - `--without-sign-ins`: the evening without its sign-outs and sign-ins and its new families (their
 *   argon2 is CPU by design), the mix of commits before decision 080, to compare with them.
 *
 * - `BENCH_KEEP_DATABASE=1` (environment): keeps the PostgreSQL database; `BENCH_TARGETS_OUT=file`: writes
 *   every route's name, address and whose session it asks with, to measure them again on the kept database.
 *
 * Writes bench/results/latest.json (a complete run: the evening, the reference ratios, the routes, the
 * floor) and bench/results/<database>[-x<scale>][-s<studios>][-quick][-partial].json with the same and the run's details, the
 * machine's load average before and after among them; the phone's loads go to
 * bench/results/phone[-quick][-partial].json, so that a partial run leaves the complete one's in place too.
 * A --quick run on a shared machine is a smoke check, not a measurement.
 *
 * To add a route to the table: an entry in `targets` below (its name, method, address and session).
 * Every request reads the database: the server keeps sessions only, no answers (decision 024).
 */
const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    seconds: { type: 'string' },
    'evening-seconds': { type: 'string' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    'log-level': { type: 'string', default: 'warn' },
    scale: { type: 'string', default: '1' },
    studios: { type: 'string' },
    processes: { type: 'string', default: '1' },
    'open-rate': { type: 'string' },
    'think-ms': { type: 'string', default: '2000' },
    'without-sign-ins': { type: 'boolean', default: false },
  },
});

const eveningMix = values['without-sign-ins']
  ? { ...EVENING_MIX, signOutShare: 0, newcomerShare: 0 }
  : EVENING_MIX;
const size = {
  scale: Number(values.scale),
  studios: values.studios === undefined ? undefined : Number(values.studios),
};
if (!(size.scale > 0 && size.scale <= 10)) throw new Error('--scale is a number above 0, at most 10');
if (size.studios !== undefined && !(Number.isInteger(size.studios) && size.studios >= 1)) {
  throw new Error('--studios is a whole number, at least 1');
}
const quick = values.quick!;
const loadOpts: LoadOptions & { slices: number } = {
  connections: Number(values.connections),
  seconds: Number(values.seconds ?? (quick ? 0.8 : 5)),
  warmupSeconds: quick ? 0.3 : 1,
  slices: 2,
};
const eveningSeconds = Number(values['evening-seconds'] ?? (quick ? 12 : 60));
// --only schedule,account list: the routes whose names start with one of these.
const only = values.only ? values.only.split(',').map((s) => s.trim()) : null;
/** What a results file's name says of the run: quick, partial (--only), or neither. */
const runTag = `${quick ? '-quick' : ''}${only ? '-partial' : ''}`;
const wanted = (name: string) => !only || only.some((o) => name.startsWith(o));
const serverUrl = process.env.DATABASE_URL || null;
// --processes 1,2: the evening on one server process, then on two behind one port (bench/cluster.ts).
// Run fewest first, each count once: the one server process is stopped when a group starts, and the
// first evening's is the one the target line reads.
const processCounts = [...new Set(values.processes!.split(',').map((n) => Number(n.trim())))].sort(
  (a, b) => a - b,
);
if (processCounts.some((n) => !Number.isInteger(n) || n < 1))
  throw new Error(`--processes ${values.processes}`);

type Row = { name: string; rps: number; p50: number; p99: number };

const say = (line: string) => process.stdout.write(`${line}\n`);
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp() {
  for (const job of cleanups.splice(0).reverse()) await job().catch((e) => say(`cleanup: ${e}`));
}
process.once('SIGINT', () => void cleanUp().then(() => process.exit(130)));

async function call(base: string, target: Target) {
  const res = await fetch(base + target.url, {
    method: target.method,
    headers: { 'content-type': 'application/json', ...target.headers },
    body: target.body?.(),
  });
  const text = await res.text();
  if (res.status !== 200)
    throw new Error(`${target.method} ${target.url}: ${res.status} ${text.slice(0, 300)}`);
  // A calendar feed answers text/calendar (the floor may echo it): only JSON is read.
  const json = res.headers.get('content-type')?.includes('json') ?? false;
  return { status: res.status, text, data: json ? JSON.parse(text)[1] : undefined };
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
const ms = (n: number) => (Number.isNaN(n) ? '–' : n.toFixed(2));
const started = performance.now();
const loadBefore = loadavg();
const elapsed = () => `${round((performance.now() - started) / 1000, 1)} s`;

say(
  `Seeding the large studio at ${size.scale} × into ${serverUrl ? 'a new PostgreSQL database' : 'PGlite in a temporary DATA_DIR'}…`,
);
let database: BenchDatabase;
try {
  database = serverUrl ? await postgresDatabase(serverUrl, size) : await pgliteDatabase(size);
} catch (error) {
  say(String(error));
  process.exit(1);
}
cleanups.push(() => database.drop());
say(
  `  seeded in ${database.seed.seconds} s (${database.seed.otherStudios} small studios beside it); signed in: ${database.cast.owners.length} owners, ${database.cast.parents.length} parents; ready ${elapsed()} in`,
);

try {
  const port = await freePort();
  const serverEnv = {
    ...database.env,
    HOST: '127.0.0.1',
    SEED_DEMO: '0',
    LOG_LEVEL: values['log-level']!,
    // Behind a load balancer, as a studio's server is: the evening's new families come from addresses of
    // their own (X-Forwarded-For), the cast's requests from 127.0.0.1.
    TRUST_PROXY: 'true',
  };
  const server: Started = await startTs('apps/api/src/main.ts', [], {
    env: { ...serverEnv, PORT: String(port) },
    port: (line) => (line.includes('Pirouette is running at') ? port : null),
  });
  cleanups.push(() => server.stop());
  const base = `http://127.0.0.1:${port}`;
  say(`  server on ${base} (${database.kind}), started ${elapsed()} in`);

  // 1. The reference ratios, first, before anything writes (the scenes below post costume and competition
  // fees): on PGlite the reference reads a copy of the database taken before the server started.
  type ReferenceRow = { name: string; real: Row; reference: Row; ratio: number };
  const referenceRows: ReferenceRow[] = [];
  const row = (name: string, s: Summary | Measured): Row => ({
    name,
    rps: Math.round(s.rps),
    p50: round(s.p50, 2),
    p99: round(s.p99, 2),
  });
  if (wanted('reference')) {
    const reference = await startTs('bench/reference/server.ts', [], {
      env: database.referenceEnv,
      port: (line) => (line.startsWith('listening ') ? Number(line.slice(10)) : null),
    });
    cleanups.push(() => reference.stop());
    const referenceBase = `http://127.0.0.1:${reference.port}`;
    const compared = await checkIdentical(
      base,
      referenceBase,
      checkSteps(database.cast, quick ? 20 : 60, quick ? 10 : 40),
    );
    say(`  the reference on ${referenceBase}: ${compared} answers byte-identical to the server's`);
    const seconds = quick ? 2 : 2 * loadOpts.seconds;
    say(
      `Loading each reference page on the server and on the reference, ${seconds} s each in ${loadOpts.slices} turns, ${loadOpts.connections} connections…`,
    );
    for (const [i, page] of REFERENCE_PAGES.entries()) {
      const { real, reference: top } = await loadInTurns(base, referenceBase, page.picker(database.cast), {
        connections: loadOpts.connections,
        seconds,
        seed: 100 + i,
        slices: loadOpts.slices,
        warmupSeconds: loadOpts.warmupSeconds,
      });
      for (const [who, s] of [
        ['server', real],
        ['reference', top],
      ] as const) {
        if (s.non2xx > 0 || s.errors.length > 0)
          throw new Error(`${page.name} on the ${who}: ${JSON.stringify(s.kinds)} ${s.errors.join('; ')}`);
      }
      referenceRows.push({
        name: page.name,
        real: row(page.name, real),
        reference: row(page.name, top),
        ratio: round(real.rps / top.rps, 3),
      });
      say(`  ${page.name}: ${Math.round(real.rps)} req/s, reference ${Math.round(top.rps)}`);
    }
    await reference.stop();
  }

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
  // The owner's week at Main Street Studio, the first location seeded: three rooms at every scale (decision
  // 079). The first by name is another location at 4 × (Downtown Studio, three rooms) than at 1 × (Hilltop
  // Studio, two): the location-wide reads below (a number's costumes, the competition working lists) read
  // the same location's classes at every scale (decision 088).
  const opened = (await call(base, { method: 'GET', url: '/api/mystudio/schedule/', headers: asOwner })).data;
  const mainStreet = (opened.loc as { id: string; name: string }[]).find(
    (l) => l.name === 'Main Street Studio',
  );
  const week = mainStreet
    ? (
        await call(base, {
          method: 'GET',
          url: `/api/mystudio/schedule/?locID=${mainStreet.id}`,
          headers: asOwner,
        })
      ).data
    : opened;
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
  const familyCompetitions = await familyCompetitionScene(
    (target) => call(base, target as Target),
    asOwner,
    family,
  );
  say(
    `  the parent's family: ${familyCompetitions.entries} competition entries in ${familyCompetitions.events} events, the running order set`,
  );
  // After the competitions: the feed holds the family's class meetings and its competition events.
  const calendarFeed = await calendarFeedTarget((target) => call(base, target as Target), asParent);
  say(`  the parent's calendar feed: turned on, fetched by its address as a calendar app does`);
  // Attendance (issue 36): a teacher's day and roll, the parent's make-ups and attendance, the owner's reports.
  const attendance = await attendanceTargets((target) => call(base, target as Target), asOwner, asParent, {
    termStart: owner.yrTrm.dateStart,
    familyId,
  });
  // The recital (issue 38): its reports and fee page, when the studio has a recital.
  const recital = await recitalTargets((target) => call(base, target as Target), asOwner, asParent);
  say(`  the recital: the parent took ${recital.comps} comp${recital.comps === 1 ? '' : 's'} in a show`);
  let turn = 0;
  const everyTarget: (Target & { name: string; beyondIssue?: boolean })[] = [
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
    // Every owner's page asks it for the sidebar's count, and again every three minutes (decision 097).
    {
      name: 'approvals count',
      method: 'GET',
      url: '/api/mystudio/schedule/class/registration/pending/count',
      headers: asOwner,
    },
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
    // Its aging by family, first page (decision 103: the owing index walked, the page's families' open charges).
    { name: 'aging by family', method: 'GET', url: '/api/transactions/aging?page=1', headers: asOwner },
    // The accountant's reports (issue 34 item 4): read at month's end, not on every page, so out of
    // --quick; the trial balance sums every entry of the studio's books through the day.
    {
      name: 'trial balance',
      method: 'GET',
      url: '/api/mystudio/reports/trial-balance?date=2099-12-31',
      headers: asOwner,
      beyondIssue: true,
    },
    {
      name: 'general ledger (receivable, a year, first page)',
      method: 'GET',
      url: '/api/mystudio/reports/general-ledger?account=receivable&from=2026-01-01&to=2026-12-31&pageSize=100',
      headers: asOwner,
      beyondIssue: true,
    },
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
    // The overview (issue 19 point 4): the upcoming events with their money, and one event's running
    // order with each dancer's places and the quick-change clashes.
    {
      name: 'competition overview',
      method: 'GET',
      url: '/api/mystudio/competition/overview',
      headers: asOwner,
    },
    {
      name: 'competition overview of an event',
      method: 'GET',
      url: `/api/mystudio/competition/overview/event/${competitions.eventId}`,
      headers: asOwner,
    },
    // A family's competition entries (issue 19 point 5): the Carters' from the portal and on their account.
    ...familyCompetitionTargets(asParent, asOwner, familyId),
    // The family's calendar feed (issue 19 point 5): its iCalendar text, by its secret address, no session.
    calendarFeed,
    ...attendance,
    ...recital.targets,
    // Not a route of the issue: the floor of anything that reads the database (one `select 1`, no session).
    { name: 'health (floor: one trivial query)', method: 'GET', url: '/api/health', beyondIssue: true },
    // --quick measures the issue's routes only (within a minute), unless --only names others.
  ];
  const targets = everyTarget.filter((t) => wanted(t.name) && !(quick && !only && t.beyondIssue));

  // For measuring a route again on a kept database (BENCH_KEEP_DATABASE): each target's address and
  // whose session it asks with (bench/scale-turns.ts signs in afresh, the tokens of this run being its own).
  if (process.env.BENCH_TARGETS_OUT) {
    const whose = (h: Target['headers']) =>
      h === asOwner ? 'owner' : h === asParent ? 'parent' : h ? 'other' : null;
    const listed = everyTarget.map((t) => ({
      name: t.name,
      method: t.method,
      url: t.url,
      as: whose(t.headers),
    }));
    writeFileSync(process.env.BENCH_TARGETS_OUT, JSON.stringify(listed, null, 2));
  }

  // 2. Each route alone.
  const rows: Row[] = [];
  let floor: Row | null = null;
  if (targets.length > 0) {
    say(
      `Loading each route alone for ${loadOpts.seconds} s, with ${loadOpts.connections} connections (after ${loadOpts.warmupSeconds} s of warm-up each)…`,
    );
    // The rule in a process of its own, with nothing else to collect.
    const tuition: Measured | null = wanted('tuition')
      ? JSON.parse(
          await runTs('bench/tuition.ts', [String(loadOpts.seconds), String(loadOpts.warmupSeconds)]),
        )
      : null;
    // The server's common path (routing, hooks, the session cache) compiled before the first route is
    // measured, as it is for every route after it (the reference and the evening ran before, --quick
    // counts on them).
    for (const t of quick ? [] : targets.filter((x) => x.method === 'GET')) {
      await load(base, t, {
        connections: loadOpts.connections,
        seconds: loadOpts.warmupSeconds,
        warmupSeconds: 0,
      });
    }
    for (const t of targets) {
      rows.push(row(t.name, await load(base, t, loadOpts)));
      say(`  ${t.name}: ${rows.at(-1)!.rps} req/s`);
    }
    if (tuition) rows.push(row('tuition, family of four (in-process)', tuition));

    // The floor of the HTTP stack: a bare Fastify echoing one recorded answer (the first GET's) from memory.
    const echoed = targets.find((t) => t.method === 'GET');
    if (echoed) {
      const { status, text } = await call(base, echoed);
      const answers: RecordedAnswer[] = [
        { method: 'GET', path: echoed.url.split('?')[0]!, status, body: text },
      ];
      const answersDir = mkdtempSync(join(tmpdir(), 'pirouette-ceiling-'));
      cleanups.push(async () => rmSync(answersDir, { recursive: true, force: true }));
      writeFileSync(join(answersDir, 'answers.json'), JSON.stringify(answers));
      const echo = await startTs('bench/ceiling-server.ts', [join(answersDir, 'answers.json')], {
        port: (line) => (line.startsWith('listening ') ? Number(line.slice(10)) : null),
      });
      cleanups.push(() => echo.stop());
      floor = row(
        `floor of the HTTP stack: ${echoed.name}'s answer echoed from memory`,
        await load(`http://127.0.0.1:${echo.port}`, echoed, loadOpts),
      );
      await echo.stop();
    }
  }

  // Moving in (issue 35 item 7): a fresh studio of its own imports 1,000 families, 1,500 dancers and
  // 3,000 enrolments, in its own process and database (bench/import.ts, bench/results/import.json).
  if (wanted('import')) say(await runTs('bench/import.ts', quick ? ['--families', '200'] : []));

  // A phone opens the portal, the owner's account list, the sign-in pages and a studio's registration
  // (issue 39 point 5): Chromium throttled, an empty cache, against this server when it serves the built
  // web app.
  if (wanted('phone') && !existsSync(serverEntryOf(join(ROOT, 'apps', 'web', 'dist')))) {
    say(
      "A phone: skipped, the web app's server build is missing (npm run build makes it and the browser's).",
    );
  } else if (wanted('phone')) {
    say(
      "A phone opens the parent portal, the account list and the sign-in pages, the studio's own too, and its registration (CPU 4× slower, slow 4G and Lighthouse mobile)…",
    );
    say(
      await runTs('bench/phone.ts', [
        base,
        ...['--runs', quick ? '1' : '3'],
        ...['--json', join(ROOT, 'bench', 'results', `phone${runTag}.json`)],
      ]),
    );
  }

  // 3. The evening, last: it writes. On each number of server processes asked (--processes): the closed
  // loop, then the open loop at a fixed arrival rate (--open-rate, else half the closed loop's req/s).
  const evenings: EveningRun[] = [];
  let serverPid = server.child.pid ?? 0;
  if (wanted('evening')) {
    for (const processes of processCounts) {
      let at = base;
      if (processes > 1) {
        if (database.kind === 'pglite') {
          say(`  ${processes} processes: not on PGlite (one process owns its directory); PostgreSQL only.`);
          continue;
        }
        await server.stop();
        const groupPort = await freePort();
        const group = await startTs('bench/cluster.ts', [String(processes)], {
          env: { ...serverEnv, PORT: String(groupPort) },
          port: (line) => (line.startsWith('cluster listening ') ? Number(line.slice(18)) : null),
        });
        cleanups.push(() => group.stop());
        at = `http://127.0.0.1:${group.port}`;
        serverPid = group.child.pid ?? 0;
        say(`  ${processes} server processes behind one port (bench/cluster.ts) on ${at}`);
        await checkSignOutHeardByAll(at, processes);
      }
      say(
        `The evening on ${processes} server process${processes > 1 ? 'es' : ''}: ${database.cast.owners.length} owners and ${database.cast.parents.length} parents, ${eveningMix.ownerShare * 10} requests in 10 an owner's, ${eveningMix.writeShare * 100} % writes, ${eveningMix.signOutShare * 100} % a sign-out and sign-in again, ${eveningMix.newcomerShare * 100} % a new family, ${loadOpts.connections} connections, ${eveningSeconds} s (after ${quick ? 1 : 5} s of warm-up)…`,
      );
      evenings.push(
        await evening(
          at,
          database.cast,
          processes,
          {
            connections: loadOpts.connections,
            seconds: eveningSeconds,
            warmupSeconds: quick ? 1 : 5,
            openRate: values['open-rate'] ? Number(values['open-rate']) : null,
            thinkMs: Number(values['think-ms']),
            mix: eveningMix,
            cpuOf: () => cpuSnapshot(serverPid),
          },
          say,
        ),
      );
    }
  }

  const resultsDir = join(ROOT, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const eveningResult = evenings[0]?.closed ?? null;
  const results = {
    evening: eveningResult,
    evenings,
    reference: referenceRows,
    routes: rows,
    floor,
  };
  // A partial run (--only) leaves the last complete one in place.
  const complete = !only;
  if (complete) writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  let revision = '';
  try {
    revision = execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    // not a git checkout
  }
  // A run at another size keeps its own file (postgres-x4, postgres-s10000), to compare with 1 × (bench/compare.ts).
  const sizeTag = `${size.scale !== 1 ? `-x${size.scale}` : ''}${size.studios !== undefined ? `-s${size.studios}` : ''}`;
  const meta = {
    date: new Date().toISOString(),
    database: database.kind,
    quick,
    ...loadOpts,
    eveningSeconds,
    eveningMix,
    processes: processCounts,
    thinkMs: Number(values['think-ms']),
    owners: database.cast.owners.length,
    parents: database.cast.parents.length,
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
    scale: size.scale,
    otherStudios: database.seed.otherStudios,
    totalSeconds: round((performance.now() - started) / 1000, 1),
  };
  writeFileSync(
    join(resultsDir, `${database.kind}${sizeTag}${runTag}.json`),
    `${JSON.stringify({ meta, ...results }, null, 2)}\n`,
  );

  for (const run of evenings) {
    printEvening(
      say,
      `${database.kind}, ${run.processes} process${run.processes > 1 ? 'es' : ''}, closed loop`,
      run.closed,
    );
    printEvening(
      say,
      `${database.kind}, ${run.processes} process${run.processes > 1 ? 'es' : ''}, open loop at ${run.openRate} arrivals/s`,
      run.open,
    );
  }
  if (referenceRows.length > 0) {
    say('');
    say(
      `| page, ${database.kind} | server req/s | p50 ms | p99 ms | reference req/s | p50 ms | p99 ms | real / reference |`,
    );
    say(`|---|--:|--:|--:|--:|--:|--:|--:|`);
    for (const r of referenceRows) {
      say(
        `| ${r.name} | ${r.real.rps} | ${ms(r.real.p50)} | ${ms(r.real.p99)} | ${r.reference.rps} | ${ms(r.reference.p50)} | ${ms(r.reference.p99)} | ${r.ratio.toFixed(3)} |`,
      );
    }
  }
  if (rows.length > 0) {
    say('');
    say(`| route, alone | req/s | p50 ms | p99 ms |`);
    say(`|---|--:|--:|--:|`);
    for (const r of [...rows, ...(floor ? [floor] : [])])
      say(`| ${r.name} | ${r.rps} | ${ms(r.p50)} | ${ms(r.p99)} |`);
  }
  say('');
  for (const r of referenceRows) {
    const met = r.ratio >= 0.8;
    say(`target for ${r.name}: real / reference ≥ 0.8 ${met ? 'met' : 'NOT met'} (${r.ratio.toFixed(3)})`);
  }
  if (eveningResult) {
    // Issue 39 point 1: under 50 ms on PostgreSQL, under 100 ms on the embedded database.
    const limit = database.kind === 'pglite' ? 100 : 50;
    const fast = eveningResult.p99 < limit;
    say(
      `target for the evening on ${database.kind}: p99 < ${limit} ms ${fast ? 'met' : 'NOT met'} (${eveningResult.p99.toFixed(1)} ms, ${evenings[0]!.processes === 1 ? 'one process' : `${evenings[0]!.processes} processes`}, closed loop; ${eveningResult.p99WithoutHashing.toFixed(1)} ms without the sign-ins' and sign-ups' argon2)`,
    );
  }
  const refused = evenings.reduce((a, e) => a + e.closed.non2xx + e.open.non2xx, 0);
  if (evenings.length > 0) say(`answers not 2xx in the evenings: ${refused}`);
  // No write of the evening is one the server may refuse on purpose: every answer not 2xx is a fault.
  if (refused > 0) {
    say(`The evenings had ${refused} answers that were not 2xx (listed above): they must be 0.`);
    process.exitCode = 1;
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
