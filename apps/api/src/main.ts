import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { exitIfDataDirInUse } from './db/data-dir-lock';
import { DEMO_PASSWORD, DEMO_SIGN_INS, isEmpty, seedDemo } from './db/seed-demo';
import { startMailDelivery } from './jobs/mail-delivery';
import { startPurge } from './jobs/purge';
import { ensureCookieSecret } from './lib/app-secret';
import { systemClock } from './lib/clock';
import { createSmtpTransport } from './mail/transport';

const config = loadConfig();
const database = await openDatabase(config).catch(exitIfDataDirInUse);
await database.migrate();

const seeded = config.seedDemo && (await isEmpty(database.db)) && (await seedDemo(database.db));
const cookieSecret = await ensureCookieSecret(database.db, config.cookieSecret);
const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  changes: database.changes,
  config,
  clock: systemClock,
  appUrl: config.appUrl,
  cookieSecret,
});

const jobs = [startPurge({ db: database.db, clock: systemClock, logger: app.log })];
if (config.smtpUrl) {
  const transport = createSmtpTransport(config.smtpUrl, config.mailFrom);
  jobs.push(startMailDelivery({ db: database.db, transport, clock: systemClock, logger: app.log }));
}

await app.listen({ port: config.port, host: config.host });

const lines = [
  '',
  `  Pirouette is running at ${config.appUrl}`,
  `  database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
  config.smtpUrl
    ? '  mail: sent through SMTP_URL'
    : `  mail: kept in the outbox, read it at ${config.appUrl}/dev/mail`,
  `  API description: ${config.appUrl}/api/docs`,
];
if (seeded || config.seedDemo) {
  lines.push(`  demo sign-ins (password for all: ${DEMO_PASSWORD}):`);
  for (const s of DEMO_SIGN_INS) lines.push(`    ${s.email}  (${s.role})`);
}
console.log(`${lines.join('\n')}\n`);

async function shutdown(signal: string) {
  app.log.info({ signal }, 'shutting down');
  for (const job of jobs) await job.stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));
