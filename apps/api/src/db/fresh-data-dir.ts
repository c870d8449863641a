import { spawn } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, rmdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Set in the child that creates the folder, so it does not start another. */
export const PREPARING_ENV = 'DOCKET_PREPARING_DATA_DIR';

/** The bundle ships dist/prepare-data-dir.js; from source a tsx bootstrap loads the .ts. */
function preparerFile(): string {
  const here = import.meta.url;
  return fileURLToPath(new URL(here.endsWith('.ts') ? './prepare-data-dir-dev.mjs' : './prepare-data-dir.js', here));
}

function runPreparer(target: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [preparerFile(), target], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, [PREPARING_ENV]: '1' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the data folder preparer ended with ${signal ?? code}`))));
  });
}

function removeQuietly(folder: string): void {
  try {
    rmSync(folder, { recursive: true, force: true });
  } catch {
    /* not there, or not removable: the server's own open reports a real problem */
  }
}

/**
 * An empty PGlite folder is created (initdb and every migration) in a short-lived child process,
 * then moved into place (docs/reliability.md, "Memory"). Creating it in the server itself peaks
 * near 800 MB and leaves ≈ 90 MB of fragmented native memory the process never gives back; a
 * child returns all of it when it exits, so a first start idles like every later one. If the
 * child cannot run or fails, nothing is left behind and the server creates the folder itself,
 * as before. A folder that already holds anything is never touched.
 */
export async function prepareFreshDataDir(dir: string): Promise<'prepared' | 'left'> {
  if (process.env[PREPARING_ENV] || (existsSync(dir) && readdirSync(dir).length > 0)) return 'left';
  const staging = `${dir}.new-${process.pid}`;
  try {
    rmSync(staging, { recursive: true, force: true });
    await runPreparer(staging);
    if (existsSync(dir)) rmdirSync(dir);
    renameSync(staging, dir);
    return 'prepared';
  } catch {
    removeQuietly(staging);
    return 'left';
  }
}
