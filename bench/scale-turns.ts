import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { LARGE_PASSWORD, LARGE_SIGN_INS } from '../apps/api/src/db/seed-large';
import { load, type Target } from './load';
import { freePort, type Started, startTs } from './processes';

/**
 * Each route of two kept bench databases in turns (issue 39 point 3: every page at 4 × the large studio
 * within 1.2 × of 1 ×). Two whole runs one after the other compare the machine as much as the studio:
 * this machine's floor (`health`, one `select 1`) moved 0.92 → 1.38 ms between two such runs. Here both
 * servers run at once and each route is loaded on one, then the other, then back (the order turned
 * each time), so a slower stretch falls on both; the ratio is of the medians of each side's p50s.
 *
 *   BENCH_KEEP_DATABASE=1 BENCH_TARGETS_OUT=/tmp/a.json DATABASE_URL=… npm run bench -- --only health
 *   BENCH_KEEP_DATABASE=1 BENCH_TARGETS_OUT=/tmp/b.json DATABASE_URL=… npm run bench -- --only health --scale 4
 *   npx tsx bench/scale-turns.ts /tmp/a.json postgres://…/pirouette_bench_… /tmp/b.json postgres://…/pirouette_bench_…
 *
 * (Each bench run prints the database it kept; the scenes that give the routes their rows ran in it.)
 * Options: `--turns N` (3), `--seconds N` (each load, 2), `--connections N` (10), `--only a,b` (the
 * routes whose names start with one of these), `--limit X` (1.2). Reads only: the routes that write or
 * that ask with another's session than the owner's or the parent's are left out. Drop the databases after.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    turns: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '2' },
    connections: { type: 'string', default: '10' },
    only: { type: 'string' },
    limit: { type: 'string', default: '1.2' },
  },
});
const [aTargets, aUrl, bTargets, bUrl] = positionals;
if (!aTargets || !aUrl || !bTargets || !bUrl) {
  throw new Error(
    'Usage: bench/scale-turns.ts <targets-a.json> <database-url-a> <targets-b.json> <database-url-b>',
  );
}
const turns = Number(values.turns);
const opts = { connections: Number(values.connections), seconds: Number(values.seconds), warmupSeconds: 0.5 };
const limit = Number(values.limit);
const only = values.only?.split(',').map((s) => s.trim()) ?? null;

type Listed = { name: string; method: string; url: string; as: 'owner' | 'parent' | 'other' | null };
const say = (line: string) => process.stdout.write(`${line}\n`);
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;

/** A server on `url`'s database, with the owner's and the parent's sessions, and its routes by name. */
type Side = { server: Started; base: string; routes: Map<string, Target> };

async function startSide(targetsFile: string, url: string): Promise<Side> {
  const port = await freePort();
  const server = await startTs('apps/api/src/main.ts', [], {
    env: {
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    port: (line) => (line.includes('Pirouette is running at') ? port : null),
  });
  const base = `http://127.0.0.1:${port}`;
  const token = async (email: string) => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: LARGE_PASSWORD }),
    });
    if (res.status !== 200) throw new Error(`signing in ${email} on ${base}: ${res.status}`);
    return ((await res.json()) as [true, { token: string }])[1].token;
  };
  const sessions = {
    owner: { 'x-access-token': await token(LARGE_SIGN_INS.owner.email) },
    parent: { 'x-access-token': await token(LARGE_SIGN_INS.parent.email) },
  };
  const listed = JSON.parse(readFileSync(targetsFile, 'utf8')) as Listed[];
  const routes = new Map<string, Target>();
  for (const t of listed) {
    if (t.method !== 'GET' || t.as === 'other') continue;
    if (only && !only.some((o) => t.name.startsWith(o))) continue;
    routes.set(t.name, { method: 'GET', url: t.url, ...(t.as ? { headers: sessions[t.as] } : {}) });
  }
  return { server, base, routes };
}

const loadBefore = loadavg();
const a = await startSide(aTargets, aUrl);
const b = await startSide(bTargets, bUrl);
try {
  const names = [...a.routes.keys()].filter((name) => b.routes.has(name));
  say(
    `${names.length} routes, ${turns} turns of ${opts.seconds} s on each side, ${opts.connections} connections`,
  );
  say('');
  say('| route | p50 ms, a (each turn) | p50 ms, b (each turn) | ratio of the medians | within |');
  say('|---|--:|--:|--:|:-:|');
  let over = 0;
  for (const name of names) {
    const p50s: { a: number[]; b: number[] } = { a: [], b: [] };
    for (let turn = 0; turn < turns; turn++) {
      const order = turn % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const);
      for (const side of order) {
        const s = side === 'a' ? a : b;
        p50s[side].push((await load(s.base, s.routes.get(name)!, opts)).p50);
      }
    }
    // A turn that had no answer within its load (its p50 NaN) fails the route: it is no faster than any.
    const answered = (xs: number[]) => xs.every(Number.isFinite);
    const ratio = answered(p50s.a) && answered(p50s.b) ? median(p50s.b) / median(p50s.a) : Number.NaN;
    const within = ratio <= limit;
    if (!within) over++;
    const list = (xs: number[]) => xs.map((x) => x.toFixed(2)).join(', ');
    const shown = Number.isNaN(ratio) ? 'a turn without an answer' : ratio.toFixed(2);
    say(`| ${name} | ${list(p50s.a)} | ${list(p50s.b)} | ${shown} | ${within ? 'yes' : 'no'} |`);
  }
  say('');
  say(`${over} route${over === 1 ? '' : 's'} over ${limit} ×.`);
  const avg = (l: number[]) => l.map((x) => x.toFixed(2)).join(' ');
  say(`load average ${avg(loadBefore)} before, ${avg(loadavg())} after`);
} finally {
  await a.server.stop();
  await b.server.stop();
}
