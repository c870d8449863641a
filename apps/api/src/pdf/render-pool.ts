import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { PdfDocumentModel } from './document-model.ts';
import type { RenderTask } from './render-worker.ts';
import type { StatementModel } from './statement-pdf.ts';

/**
 * PDF rendering runs in worker threads (docs/reliability.md, "PDF rendering"): a document that
 * throws, runs out of memory or takes too long ends its own worker and fails only its own
 * request; the API's event loop never runs pdfkit, so one large document does not stall others.
 */
export interface RenderPoolOptions {
  /** worker threads rendering at once (default: cores, at most 2) */
  threads?: number;
  /** one document may render this long before its worker is ended */
  timeLimitMs?: number;
  /** V8 heap of one worker; a document needing more ends its worker */
  heapLimitMb?: number;
  /** documents waiting for a worker before new ones are refused at once */
  maxQueue?: number;
}

export const RENDER_DEFAULTS = { timeLimitMs: 20_000, heapLimitMb: 256, maxQueue: 64 } as const;

/** Source (tsx, vitest) loads the worker through a tsx bootstrap; the bundle ships its own file. */
function workerFile(): string {
  const here = import.meta.url;
  const file = here.endsWith('.ts') ? './render-worker-dev.mjs' : './render-worker.js';
  return fileURLToPath(new URL(file, here));
}

export class PdfRenderFailed extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout' | 'busy',
    cause: unknown,
  ) {
    super(`PDF render ${reason}`, { cause });
    this.name = 'PdfRenderFailed';
  }
}

export interface RenderPool {
  render: (model: PdfDocumentModel, template: string | null | undefined) => Promise<Buffer>;
  renderStatement: (statement: StatementModel) => Promise<Buffer>;
  close: () => Promise<void>;
}

/**
 * From source, a new worker first compiles the renderer through tsx, which on a loaded test machine
 * can take longer than a whole render is allowed in production; the bundle starts in milliseconds.
 * The limit exists to end a runaway document, not to judge a cold start, so source runs get more.
 */
const SOURCE_TIME_LIMIT_MS = 120_000;

export function createRenderPool(options: RenderPoolOptions = {}): RenderPool {
  const fromSource = import.meta.url.endsWith('.ts');
  const timeLimitMs = options.timeLimitMs ?? (fromSource ? SOURCE_TIME_LIMIT_MS : RENDER_DEFAULTS.timeLimitMs);
  const heapLimitMb = options.heapLimitMb ?? RENDER_DEFAULTS.heapLimitMb;
  const threads = options.threads ?? Math.max(1, Math.min(2, availableParallelism()));
  const pool = new Piscina<RenderTask, Uint8Array>({
    filename: workerFile(),
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: heapLimitMb, maxYoungGenerationSizeMb: 32 },
  });
  // A worker that dies between tasks (say, out of heap while starting) is replaced by the pool;
  // without a listener that 'error' event would be an uncaught exception in the API process.
  pool.on('error', () => undefined);
  // Counted here rather than by piscina's own queue limit, which lets a burst through unbounded.
  const capacity = threads + (options.maxQueue ?? RENDER_DEFAULTS.maxQueue);
  let inFlight = 0;
  async function run(task: RenderTask): Promise<Buffer> {
    if (inFlight >= capacity) throw new PdfRenderFailed('busy', null);
    inFlight += 1;
    const signal = AbortSignal.timeout(timeLimitMs);
    try {
      const pdf = await pool.run(task, { signal });
      return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
    } catch (err) {
      if (signal.aborted) throw new PdfRenderFailed('timeout', err);
      throw new PdfRenderFailed('failed', err);
    } finally {
      inFlight -= 1;
    }
  }
  return {
    render: (model, template) => run({ kind: 'document', model, template: template ?? null }),
    renderStatement: (statement) => run({ kind: 'statement', statement }),
    close: () => pool.destroy(),
  };
}
