import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { AppError } from '../../lib/app-error.ts';
import { IMPORT_BUSY } from '@docket/schemas/data-transfer';
import type { ImportPlan, ImportTask } from './import-plan.ts';

/**
 * Import files are read and validated in a worker thread (docs/reliability.md, "Imports and
 * exports never stall other users"): parsing and checking 100,000 rows takes seconds of CPU,
 * which on the request thread would hold every other request that long. One thread, so imports
 * never take both cores from the requests; a few more files wait their turn, beyond that the
 * answer is "busy, try again".
 */
const MAX_WAITING = 8;
const TIME_LIMIT_MS = 60_000;

/** Source (tsx, vitest) loads the worker through a tsx bootstrap; the bundle ships its own file. */
function workerFile(): string {
  const here = import.meta.url;
  const file = here.endsWith('.ts') ? './import-worker-dev.mjs' : './import-worker.js';
  return fileURLToPath(new URL(file, here));
}

let pool: Piscina<ImportTask, ImportPlan> | undefined;
let inFlight = 0;

/** Plans one import file off the request thread (the pool starts on first use). */
export async function planInPool(task: ImportTask): Promise<ImportPlan> {
  if (inFlight >= 1 + MAX_WAITING) throw new AppError('RATE_LIMITED', IMPORT_BUSY);
  pool ??= new Piscina<ImportTask, ImportPlan>({
    filename: workerFile(),
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  inFlight += 1;
  try {
    // The file's bytes are moved to the worker, not copied.
    const bytes = task.bytes.byteOffset === 0 && task.bytes.byteLength === task.bytes.buffer.byteLength ? task.bytes : new Uint8Array(task.bytes);
    return await pool.run({ ...task, bytes }, { transferList: [bytes.buffer as ArrayBuffer], signal: AbortSignal.timeout(TIME_LIMIT_MS) });
  } finally {
    inFlight -= 1;
  }
}

/** Stop the pool's worker (server shutdown). */
export async function closeImportPool(): Promise<void> {
  const p = pool;
  pool = undefined;
  await p?.destroy();
}
