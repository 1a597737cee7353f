import { parseJobsArgs } from './args';

// `npm run jobs -- --until YYYY-MM-DD`: runs, on the configured database (DATABASE_URL, or the embedded
// one in DATA_DIR, which the server must not hold meanwhile), every job due by the end of that day in
// its studio's time zone, and prints what ran. The operators' and the tests' way to run a billing day.
// `npm run jobs -- --worker`: runs jobs as they fall due, as a server does, until stopped (SIGINT or
// SIGTERM): a job runner of its own, one of as many as the studios' billing days need (docs/scaling.md).
// The arguments are read before the server's modules load (cli-run.ts), so a wrong one is refused at once.
const args = parseJobsArgs(process.argv.slice(2));
if ('error' in args) {
  console.error(args.error);
  process.exit(2);
}
const { runJobsCommand } = await import('./cli-run');
await runJobsCommand(args);
