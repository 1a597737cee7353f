import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { exitIfDataDirInUse } from '../db/data-dir-lock';
import { systemClock } from '../lib/clock';
import { createSmtpTransport } from '../mail/transport';
import { ensureMakeupsScheduled } from '../modules/attendance';
import { ensureBillingScheduled } from '../modules/ledger';
import { paymentsFor } from '../modules/payments/providers';
import { jobHandlers } from './registry';
import { jobTimeClock, parseJobsArgs, runJobsUntil } from './run-until';

// `npm run jobs -- --until YYYY-MM-DD`: runs, on the configured database (DATABASE_URL, or the embedded
// one in DATA_DIR, which the server must not hold meanwhile), every job due by the end of that day in
// its studio's time zone, and prints what ran. The operators' and the tests' way to run a billing day.
const args = parseJobsArgs(process.argv.slice(2));
if ('error' in args) {
  console.error(args.error);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config).catch(exitIfDataDirInUse);
const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
try {
  await database.migrate();
  // The studios' billing days start from today (the real one): `--until` then runs them day by day.
  await ensureBillingScheduled(database.db, systemClock);
  await ensureMakeupsScheduled(database.db, systemClock);
  console.log(
    `Jobs due by the end of ${args.until}, each in its studio's time zone, on ${
      database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'
    }:`,
  );
  // The sandbox processor lives each job's day with it (run-until.ts, decision 051); Finix its own.
  const processorClock = jobTimeClock(systemClock);
  await runJobsUntil({
    db: database.db,
    until: args.until,
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
} finally {
  transport?.close?.();
  await database.close();
}
