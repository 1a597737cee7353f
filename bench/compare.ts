import { readFileSync } from 'node:fs';

/**
 * Each route's p50 in two bench results side by side, and their ratio (issue 39 point 3: every page at 4 ×
 * the large studio within 1.2 × of 1 ×, with 10,000 small studios within 1.1 × of 200):
 *
 *   npx tsx bench/compare.ts bench/results/postgres-quick.json bench/results/postgres-x4-quick.json 1.2
 *
 * Prints a table (route, p50 of each, the ratio, over the limit or not) and the load averages of both runs.
 */
type Run = {
  meta: {
    scale: number;
    otherStudios: number;
    loadAverageBefore: string;
    loadAverageAfter: string;
    revision: string;
  };
  routes: { name: string; rps: number; p50: number; p99: number }[];
};

const [aFile, bFile, limitText = '1.2'] = process.argv.slice(2);
if (!aFile || !bFile) throw new Error('Usage: bench/compare.ts <first.json> <second.json> [limit]');
const limit = Number(limitText);
const read = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Run;
const a = read(aFile);
const b = read(bFile);
const label = (r: Run) => `${r.meta.scale} ×, ${r.meta.otherStudios} studios`;
const byName = new Map(b.routes.map((r) => [r.name, r]));
const say = (line: string) => process.stdout.write(`${line}\n`);
say(`| route | p50 ms at ${label(a)} | p50 ms at ${label(b)} | ratio | within ${limit} × |`);
say('|---|--:|--:|--:|:-:|');
let over = 0;
for (const r of a.routes) {
  const other = byName.get(r.name);
  if (!other) continue;
  const ratio = other.p50 / r.p50;
  if (ratio > limit) over++;
  say(
    `| ${r.name} | ${r.p50.toFixed(2)} | ${other.p50.toFixed(2)} | ${ratio.toFixed(2)} | ${ratio > limit ? 'no' : 'yes'} |`,
  );
}
say('');
say(`${over} route${over === 1 ? '' : 's'} over ${limit} ×.`);
for (const r of [a, b]) {
  say(
    `${label(r)} (${r.meta.revision}): load average ${r.meta.loadAverageBefore} before, ${r.meta.loadAverageAfter} after`,
  );
}
