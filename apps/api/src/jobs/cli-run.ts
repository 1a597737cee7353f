import { loadConfig } from '../config';
import { type Database, openDatabase, stopWhenDatabaseLost } from '../db/client';
import { exitIfDataDirInUse } from '../db/data-dir-lock';
import { systemClock } from '../lib/clock';
import { createSmtpTransport } from '../mail/transport';
import { ensureMakeupsScheduled } from '../modules/attendance';
import { ensureBillingScheduled } from '../modules/ledger';
import { paymentsFor } from '../modules/payments/providers';
import type { JobsArgs } from './args';
import { jobHandlers } from './registry';
import { jobTimeClock, runJobsUntil } from './run-until';
import { startJobs } from './runner';

// What `npm run jobs` does once its arguments are read (cli.ts): opens the configured database, migrates
// it, keeps the studios' billing days scheduled, then runs the jobs up to a day or as they fall due.

export async function runJobsCommand(args: JobsArgs): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config).catch(exitIfDataDirInUse);
  stopWhenDatabaseLost(database, (error) =>
    console.error(`The embedded database stopped (${error.message}): the jobs stop; run them again.`),
  );
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
  const where =
    database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const run: Run = { database, transport, appUrl: config.appUrl, where };
  try {
    await database.migrate();
    // The studios' billing days start from today (the real one): `--until` then runs them day by day.
    await ensureBillingScheduled(database.db, systemClock);
    await ensureMakeupsScheduled(database.db, systemClock);
    if ('worker' in args) await work(run);
    else await runUntil(run, args.until);
  } finally {
    transport?.close?.();
    await database.close();
  }
}

/** The open database and mail transport a run uses, and the words that say where it runs. */
type Run = {
  database: Database;
  transport: ReturnType<typeof createSmtpTransport> | null;
  appUrl: string;
  where: string;
};

async function runUntil({ database, transport, appUrl, where }: Run, until: string) {
  console.log(`Jobs due by the end of ${until}, each in its studio's time zone, on ${where}:`);
  // The sandbox processor lives each job's day with it (run-until.ts, decision 051); Finix its own.
  const processorClock = jobTimeClock(systemClock);
  await runJobsUntil({
    db: database.db,
    until,
    handlers: processorClock.follow(
      jobHandlers({
        transport,
        appUrl,
        provider: paymentsFor({ db: database.db, clock: processorClock.clock }).provider,
      }),
    ),
    leaseClock: systemClock,
    print: (line) => console.log(line),
  });
}

/** Runs jobs as they fall due, a line per batch, until a signal: then hands back the job under way. */
async function work({ database, transport, appUrl, where }: Run) {
  const log = (level: string) => (fields: object, message: string) =>
    console.log(`${new Date().toISOString()} ${level} ${message} ${JSON.stringify(fields)}`);
  const runner = startJobs({
    db: database.db,
    clock: systemClock,
    handlers: jobHandlers({
      transport,
      appUrl,
      provider: paymentsFor({ db: database.db, clock: systemClock }).provider,
    }),
    logger: { info: log('info'), warn: log('warn'), error: log('error') },
  });
  console.log(
    `Running jobs as they fall due on ${where}${transport ? '' : ' (mail stays in the outbox: no SMTP_URL)'}. Stop with Ctrl-C.`,
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
