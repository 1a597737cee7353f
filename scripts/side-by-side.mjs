// Runs the package scripts named on the command line side by side, two at a time (this machine has two
// cores), and fails when any fails, after all have run, naming which (decision 059). Each one's output
// is held and printed whole when it ends; with `--live`, the first one named prints as it goes instead.
// With `--yielding NAME`, that script runs at a lower CPU priority (nice 10, where `nice` exists): it
// takes what the others leave idle and never holds up their waits (decision 096).
//
//   node scripts/side-by-side.mjs typecheck:server typecheck:web lint
//   node scripts/side-by-side.mjs --live --yielding test:vitest test:vitest test:e2e
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

const args = process.argv.slice(2);
const live = args[0] === '--live';
if (live) args.shift();
const yielding = new Set();
while (args[0] === '--yielding') yielding.add(args.splice(0, 2)[1]);
const names = args;
const slots = Math.max(2, availableParallelism());
const canNice = process.platform !== 'win32' && spawnSync('nice', ['true']).status === 0;

/** One package script: resolves to its exit code, its output printed live or held then printed whole. */
function run(name, printLive) {
  const started = Date.now();
  return new Promise((resolve) => {
    const command = ['npm', 'run', '--silent', name];
    if (yielding.has(name) && canNice) command.unshift('nice', '-n', '10');
    const child = spawn(command[0], command.slice(1), {
      stdio: printLive ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${name}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s\n`);
      if (!printLive) process.stdout.write(`${Buffer.concat(chunks).toString()}\n`);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

const codes = new Array(names.length);
let next = 0;
async function slot() {
  while (next < names.length) {
    const index = next++;
    codes[index] = await run(names[index], live && index === 0);
  }
}
await Promise.all(Array.from({ length: Math.min(slots, names.length) }, slot));

const failed = names.filter((_, index) => codes[index] !== 0);
if (failed.length > 0) {
  console.error(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
