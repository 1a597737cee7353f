// Runs the package scripts named on the command line two at a time (this machine has two cores; each
// of biome, knip and tsc is one thread), each one's output held and printed whole when it ends, in the
// order named. Fails when any fails, after all have run, naming which (decision 059).
//
//   node scripts/side-by-side.mjs lint typecheck:domain typecheck:api typecheck:web typecheck:bench
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const names = process.argv.slice(2);
const slots = Math.max(2, availableParallelism());

/** One package script, its output held: { name, code, output, seconds }. */
function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks = [];
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) =>
      resolve({
        name,
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(chunks).toString(),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

const results = new Array(names.length);
let next = 0;
async function worker() {
  while (next < names.length) {
    const index = next++;
    results[index] = run(names[index]);
    await results[index];
  }
}
await Promise.all(Array.from({ length: Math.min(slots, names.length) }, worker));

const failed = [];
for (const result of await Promise.all(results)) {
  process.stdout.write(`\n> ${result.name} (${result.seconds.toFixed(1)} s)\n${result.output}`);
  if (result.code !== 0) failed.push(result.name);
}
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
