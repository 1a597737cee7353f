import type { TestProject } from 'vitest/node';
import { migratedTemplateFile } from './build-test-app';
import { buildServer } from './server-build';
import {
  dropAbandonedDatabases,
  dropRunDatabases,
  makePostgresTemplates,
  pgliteStudiosFile,
} from './studios-base';

/**
 * Once per run of the API project, before its first file: the databases every file starts from are made
 * here rather than by each file's worker, and the server's commands the tests start are bundled
 * (server-build.ts, kept on disk between runs). On PGlite, dumps kept on disk between runs (made only when
 * missing); on PostgreSQL, this run's template databases, dropped when the run ends with every copy the
 * run's files made of them (decision 131), after what runs interrupted long ago left is dropped.
 */
export default async function setup(project: TestProject) {
  project.provide('serverBuild', await buildServer());
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // The files are named once, here: a worker naming them itself could read the code mid-edit and
    // name, and make, another.
    const migrated = await migratedTemplateFile();
    project.provide('testBases', { kind: 'pglite', migrated, studios: await pgliteStudiosFile() });
    return;
  }
  await dropAbandonedDatabases(serverUrl);
  const bases = await makePostgresTemplates(serverUrl);
  project.provide('testBases', bases);
  return async () => {
    await dropRunDatabases(serverUrl, bases);
  };
}
