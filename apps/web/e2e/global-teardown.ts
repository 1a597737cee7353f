import { dropRunDatabases } from './database';

/** After the journeys: the run's databases on the PostgreSQL server go (decision 137). */
export default async function globalTeardown() {
  await dropRunDatabases();
}
