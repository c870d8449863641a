import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startApp } from './server.ts';
import { CHROMIUM_PATH } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    jwtSecret: string;
  }
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Build once (skip with E2E_SKIP_BUILD=1 when iterating), start the server, hand its URL to the journeys. */
export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} is missing: apt-get install -y chromium (never a downloaded browser)`);
  }
  if (process.env.E2E_SKIP_BUILD !== '1') {
    const built = spawnSync('pnpm', ['build'], { cwd: repoRoot, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`pnpm build failed with status ${built.status}`);
  }
  const app = await startApp(repoRoot);
  project.provide('baseURL', app.baseURL);
  project.provide('jwtSecret', app.jwtSecret);
  return async () => {
    await app.stop();
  };
}
