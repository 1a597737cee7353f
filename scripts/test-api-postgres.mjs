// The API suite once more, against the PostgreSQL server of TEST_DATABASE_URL, when one is given.
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: the API suite ran on PGlite only.');
  process.exit(0);
}
console.log(`API suite against PostgreSQL (${new URL(process.env.TEST_DATABASE_URL).host})`);
const run = spawnSync('npx', ['vitest', 'run', '--project', 'api'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
