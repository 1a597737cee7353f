// Runs the package scripts named on the command line side by side, two at a time (this machine has two
// cores), and fails when any fails, after all have run, naming which (decision 059). Each one's output
// is held and printed whole when it ends; with `--live`, the first one named prints as it goes instead.
//
//   node scripts/side-by-side.mjs typecheck:api typecheck:web typecheck:bench typecheck:domain lint
//   node scripts/side-by-side.mjs --live test:vitest test:e2e
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const live = process.argv[2] === '--live';
const names = process.argv.slice(live ? 3 : 2);
const slots = Math.max(2, availableParallelism());

/** One package script: resolves to its exit code, its output printed live or held then printed whole. */
function run(name, printLive) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], {
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
