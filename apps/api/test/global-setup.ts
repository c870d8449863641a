import type { TestProject } from 'vitest/node';
import { createPostgresTemplate, dropPostgresRun, pgliteTemplateFile, type PostgresRun } from './database-template.ts';
import { buildServerBundle } from './server-bundle.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated PGlite data folder (tar) each file loads */
    pgliteTemplate?: string;
    /** this run's migrated PostgreSQL template and database prefix */
    postgresRun?: PostgresRun;
    /** the folder of this run's server bundle (test/server-bundle.ts) */
    serverBundle?: string;
  }
}

/** Once per run, before any file: the migrated template the files copy (test/database-template.ts). */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  // Also in the PostgreSQL pass, for server processes on a PGlite DATA_DIR (made once, then cached).
  project.provide('pgliteTemplate', await pgliteTemplateFile());
  const bundle = buildServerBundle();
  project.provide('serverBundle', bundle.dir);
  if (!url) return bundle.remove;
  const run = await createPostgresTemplate(url);
  project.provide('postgresRun', run);
  return async () => {
    bundle.remove();
    await dropPostgresRun(url, run);
  };
}
