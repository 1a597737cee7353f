import { freshDatabase } from './database';

/**
 * The journeys' server (playwright.config.ts's webServer): the API of apps/api/src/main.ts, in this
 * process, on a database of its own (`E2E_SLOT` names it among the checkout's): a fresh one on the PostgreSQL
 * server of `TEST_DATABASE_URL`, else the embedded database in the config's `DATA_DIR` (decision 137).
 */
const slot = process.env.E2E_SLOT ?? '0';
if (process.env.TEST_DATABASE_URL) {
  const database = await freshDatabase(`server_${slot}`);
  Object.assign(process.env, database.env);
}
// By its address, so that the web's type check does not take in the API's program.
await import(new URL('../../api/src/main.ts', import.meta.url).href);
