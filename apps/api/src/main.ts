import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, stopWhenDatabaseLost } from './db/client';
import { exitIfDataDirInUse } from './db/data-dir-lock';
import { DEMO_PASSWORD, DEMO_SIGN_INS, isEmpty, seedDemo } from './db/seed-demo';
import { startPurge } from './jobs/purge';
import { jobHandlers } from './jobs/registry';
import { startJobs } from './jobs/runner';
import { ensureCookieSecret } from './lib/app-secret';
import { systemClock } from './lib/clock';
import { hashingThreads } from './lib/secrets';
import { createSmtpTransport } from './mail/transport';
import { ensureMakeupsScheduled } from './modules/attendance';
import { ensureBillingScheduled } from './modules/ledger';
import { paymentsFor, startSandboxWebhooks } from './modules/payments/providers';
import { DRAIN_MS, gracefulShutdown } from './shutdown';

const config = loadConfig();
const database = await openDatabase(config).catch(exitIfDataDirInUse);
stopWhenDatabaseLost(database, (error) =>
  console.error(`The embedded database stopped (${error.message}): Pirouette stops; start it again.`),
);
await database.migrate();

const seeded = config.seedDemo && (await isEmpty(database.db)) && (await seedDemo(database.db));
const cookieSecret = await ensureCookieSecret(database.db, config.cookieSecret);
// Each studio whose families pay by plans has today's billing day queued (the chain of days goes on from it).
await ensureBillingScheduled(database.db, systemClock);
await ensureMakeupsScheduled(database.db, systemClock);
const payments = paymentsFor({ db: database.db, clock: systemClock });
const app = await buildApp({
  provider: payments.provider,
  sandbox: payments.sandbox,
  db: database.db,
  dbKind: database.kind,
  changes: database.changes,
  config,
  clock: systemClock,
  appUrl: config.appUrl,
  cookieSecret,
});

// Without SMTP the runner runs every kind but mail delivery (jobs/registry.ts).
const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl, config.mailFrom) : null;
// RUN_JOBS=0: this process serves requests only, the jobs run in `npm run jobs -- --worker` processes.
const runner = config.runJobs
  ? startJobs({
      db: database.db,
      clock: systemClock,
      handlers: jobHandlers({ transport, appUrl: config.appUrl, provider: payments.provider }),
      logger: app.log,
    })
  : null;
const jobs: { stop(): unknown }[] = [
  startPurge({ db: database.db, clock: systemClock, logger: app.log }),
  // The sandbox processor calls the webhook as Finix would (Finix's own calls arrive over HTTP).
  ...(payments.sandbox ? [startSandboxWebhooks({ app, engine: payments.sandbox, logger: app.log })] : []),
  {
    async stop() {
      await runner?.stop();
      transport?.close?.();
    },
  },
];
const shutdown = gracefulShutdown({ app, jobs, database });
if (payments.warning) app.log.warn(payments.warning);

await app.listen({ port: config.port, host: config.host });

const lines = [
  '',
  `  Pirouette is running at ${config.appUrl}`,
  `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  config.smtpUrl
    ? '  mail: sent through SMTP_URL'
    : `  mail: kept in the outbox, read it at ${config.appUrl}/dev/mail`,
  `  API description: ${config.appUrl}/api/docs`,
  hashingLine(await hashingThreads()),
];
if (seeded || config.seedDemo) {
  lines.push(`  demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
  for (const s of DEMO_SIGN_INS) lines.push(`    ${s.email}  (${s.role})`);
}
console.log(`${lines.join('\n')}\n`);

let signalled = false;
function onSignal(signal: NodeJS.Signals) {
  // A second signal (Ctrl-C again) means now.
  if (signalled) process.exit(1);
  signalled = true;
  app.log.info({ signal }, 'shutting down');
  // Should anything outlast the drain (a database that does not answer), the process ends regardless.
  setTimeout(() => {
    app.log.error('shutdown did not finish in time: exiting');
    process.exit(1);
  }, DRAIN_MS + 5_000).unref();
  shutdown().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    },
  );
}

/** The first lines' word on password hashing (decision 129): its threads, and whether they were raised. */
function hashingLine({ count, priority }: { count: number; priority: string }): string {
  const threads = count === 1 ? '1 thread' : `${count} threads`;
  return priority === 'raised'
    ? `  password hashing: ${threads} at a raised priority`
    : `  password hashing: ${threads} at the server's priority (not raised: ${priority})`;
}

process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
