import type { Config } from './config';
import type { ChangeFeed } from './db/changes';
import type { Db, DbKind } from './db/client';
import type { Clock } from './lib/clock';
import type { PaymentProvider } from './modules/payments/provider';
import type { SandboxEngine } from './modules/payments/providers';

/** What the server is built from; every module's routes receive it. Tests hand it a fresh database and their own clock. */
export type AppDeps = {
  db: Db;
  dbKind: DbKind;
  /** What the server hears of the writes that can change a session: its session cache is good until the next one (decision 024). */
  changes: ChangeFeed;
  config: Config;
  clock: Clock;
  /** The public address of the app, for links in mail. */
  appUrl: string;
  /** Secret that signs cookies (the remembered e-mail). */
  cookieSecret: string;
  /** The card processor (decision 028): Finix, or the built-in sandbox. */
  provider: PaymentProvider;
  /** The simulated processor behind the sandbox provider (its token endpoint), or null under Finix. */
  sandbox: SandboxEngine | null;
  /** Where logs go; standard output when absent (tests read them to prove what they never hold). */
  logStream?: NodeJS.WritableStream;
};
