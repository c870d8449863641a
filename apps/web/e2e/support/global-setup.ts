import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { makePgliteTemplate, startApp } from './server.ts';
import { CHROMIUM_PATH } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    jwtSecret: string;
    /** the run's migrated PGlite folder, which every journey's server starts from a copy of (support/server.ts) */
    pgliteTemplate?: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Build once (skip with E2E_SKIP_BUILD=1 when iterating), make the PGlite template, start the server, hand its URL to the journeys. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium (never a downloaded browser)`);
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const built = spawnSync('pnpm', ['build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`pnpm build failed with status ${built.status}`);
  }
  const template = makePgliteTemplate(repoRoot);
  let app: Awaited<ReturnType<typeof startApp>>;
  try {
    app = await startApp(repoRoot, { template: template.dir });
  } catch (err) {
    template.remove();
    throw err;
  }
  project.provide('baseURL', app.baseURL);
  project.provide('jwtSecret', app.jwtSecret);
  project.provide('pgliteTemplate', template.dir);
  return async () => {
    await app.stop();
    template.remove();
  };
}
