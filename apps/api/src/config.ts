import { resolve } from 'node:path';
import { CARD_LIMITS, type CardLimits } from '@pirouette/domain';
import { z } from 'zod';

const bool = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

/** Every environment variable the server reads, parsed once, with its default. README lists the same. */
const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(3),
  APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Pirouette <no-reply@pirouette.local>'),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  COOKIE_SECRET: z.string().min(32).optional(),
  WEB_DIST: z.string().optional(),
  RUN_JOBS: bool.default(true),
  CHECK_ANSWERS: bool.default(false),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  /**
   * Connections a process keeps to PostgreSQL (decision 122). Three by default: one process's Node
   * thread keeps about one backend busy (its CPU a request about the database's), a second and third
   * cover a slow statement and a transaction's wait on a row; more only have the database's backends share
   * its cores, every statement slower. Several processes add theirs up (docs/scaling.md).
   */
  databasePoolSize: number;
  appUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  /** Seed the demo studio into an empty database; on by default for the embedded database only. */
  seedDemo: boolean;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  trustProxy: boolean;
  /** Secret for signed cookies; when unset, one is generated once and kept in the database. */
  cookieSecret: string | null;
  webDist: string;
  /** Run the job runner in this server process (off for a server beside `npm run jobs -- --worker`). */
  runJobs: boolean;
  /**
   * Parse every answer with its zod schema too, and hold the fast writer's JSON to zod's (decision 086):
   * on in the API tests, off in production, where it would double the work.
   */
  checkAnswers: boolean;
  secureCookies: boolean;
  /** The card limits (issue 31 item 3): the product's own, never from the environment; tests widen them. */
  cardLimits: CardLimits;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${issues}`);
  }
  const e = parsed.data;
  // No other process can open the embedded database while the server holds it: no job would ever run.
  if (!e.RUN_JOBS && !e.DATABASE_URL)
    throw new Error(
      'Invalid configuration: RUN_JOBS=0 needs DATABASE_URL: with the embedded database no other process can run the jobs (billing days, mail, auto-pay).',
    );
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    appUrl,
    smtpUrl: e.SMTP_URL || null,
    mailFrom: e.MAIL_FROM,
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    cookieSecret: e.COOKIE_SECRET ?? null,
    webDist: resolve(e.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    runJobs: e.RUN_JOBS,
    checkAnswers: e.CHECK_ANSWERS,
    secureCookies: appUrl.startsWith('https://'),
    cardLimits: CARD_LIMITS,
  };
}
