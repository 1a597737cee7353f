import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { exitIfDataDirInUse } from '../db/data-dir-lock';
import { systemClock } from '../lib/clock';
import { createSmtpTransport } from '../mail/transport';
import { ensureMakeupsScheduled } from '../modules/attendance';
import { ensureBillingScheduled } from '../modules/ledger';
import { paymentsFor } from '../modules/payments/providers';
import { jobHandlers } from './registry';
import { jobTimeClock, parseJobsArgs, runJobsUntil } from './run-until';
import { startJobs } from './runner';

// `npm run jobs -- --until YYYY-MM-DD`: runs, on the configured database (DATABASE_URL, or the embedded
// one in DATA_DIR, which the server must not hold meanwhile), every job due by the end of that day in
// its studio's time zone, and prints what ran. The operators' and the tests' way to run a billing day.
// `npm run jobs -- --worker`: runs jobs as they fall due, as a server does, until stopped (SIGINT or
// SIGTERM): a job runner of its own, one of as many as the studios' billing days need (docs/scaling.md).
const args = parseJobsArgs(process.argv.slice(2));
if ('error' in args) {
  console.error(args.error);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config).catch(exitIfDataDirInUse);
const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
const where = (db: Database) =>
  db.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
try {
  await database.migrate();
  // The studios' billing days start from today (the real one): `--until` then runs them day by day.
  await ensureBillingScheduled(database.db, systemClock);
  await ensureMakeupsScheduled(database.db, systemClock);
  if ('worker' in args) await work();
  else await runUntil(args.until);
} finally {
  transport?.close?.();
  await database.close();
}

async function runUntil(until: string) {
  console.log(`Jobs due by the end of ${until}, each in its studio's time zone, on ${where(database)}:`);
  // The sandbox processor lives each job's day with it (run-until.ts, decision 051); Finix its own.
  const processorClock = jobTimeClock(systemClock);
  await runJobsUntil({
    db: database.db,
    until,
    handlers: processorClock.follow(
      jobHandlers({
        transport,
        appUrl: config.appUrl,
        provider: paymentsFor({ db: database.db, clock: processorClock.clock }).provider,
      }),
    ),
    leaseClock: systemClock,
    print: (line) => console.log(line),
  });
}

/** Runs jobs as they fall due, a line per batch, until a signal: then hands back the job under way. */
async function work() {
  const log = (level: string) => (fields: object, message: string) =>
    console.log(`${new Date().toISOString()} ${level} ${message} ${JSON.stringify(fields)}`);
  const runner = startJobs({
    db: database.db,
    clock: systemClock,
    handlers: jobHandlers({
      transport,
      appUrl: config.appUrl,
      provider: paymentsFor({ db: database.db, clock: systemClock }).provider,
    }),
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
  });
  console.log(
    `Running jobs as they fall due on ${where(database)}${transport ? '' : ' (mail stays in the outbox: no SMTP_URL)'}. Stop with Ctrl-C.`,
  );
  // The runner's timer does not hold the process: this promise does, until a signal.
  const keepAlive = setInterval(() => {}, 1 << 30);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  clearInterval(keepAlive);
  await runner.stop();
  console.log('Stopped: the job under way was finished or handed back.');
}
