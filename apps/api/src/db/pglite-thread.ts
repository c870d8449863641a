import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { readResults, transactionAbortedError, typeParsers, type PgliteResults, type QueryOptions } from './pg-wire.ts';

/**
 * The embedded PGlite database on a worker thread (src/db/pglite-worker.mjs), seen from the API's
 * thread as the PGlite object drizzle, pg-boss and the prepared statements already use: `query`,
 * `exec` and `transaction` with the same results and errors. PGlite is PostgreSQL compiled to
 * WebAssembly: in the API's own thread, running statements, their wire protocol and parsing their
 * rows was three quarters of a request's CPU and held every other request back meanwhile
 * (docs/reliability.md, "PGlite on its own thread").
 *
 * Order and isolation are PGlite's own: it runs one statement at a time and a transaction holds it
 * until COMMIT or ROLLBACK, exactly as in-process. Statements cross as their text and values (the
 * thread writes the wire-protocol messages), and answers as the bytes PostgreSQL wrote, read on
 * this thread (pg-wire.ts): PostgreSQL's own errors are read there too.
 */

export type { PgliteResults } from './pg-wire.ts';

export interface PgliteTransaction {
  query(text: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults>;
  exec(text: string, options?: QueryOptions): Promise<PgliteResults[]>;
  readonly closed: boolean;
}

/** A failure of the thread itself (PGlite failing to open, a call it could not run), as it sent it. */
function rebuilt(plain: Record<string, unknown>): Error {
  const error = new Error(String(plain.message));
  Object.assign(error, plain);
  return error;
}

/** Source (tsx, vitest) loads the worker beside this file; the bundle ships dist/pglite-worker.js. */
function workerFile(): string {
  const here = import.meta.url;
  return fileURLToPath(new URL(here.endsWith('.ts') ? './pglite-worker.mjs' : './pglite-worker.js', here));
}

/** PGlite's WebAssembly compiled once per process, for every database thread it starts (tests start one per file). */
let compiled: Promise<WebAssembly.Module> | undefined;
function wasmModule(): Promise<WebAssembly.Module> {
  // Node's global (the project's TypeScript libs declare WebAssembly's types, not its value)
  const wasm = (globalThis as unknown as { WebAssembly: { compile(bytes: Uint8Array): Promise<WebAssembly.Module> } }).WebAssembly;
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  compiled ??= wasm.compile(readFileSync(path.join(path.dirname(entry), 'pglite.wasm')));
  return compiled;
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export class PgliteThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private ended: Error | undefined;
  /** PGlite's parser for each type, its array types included (pg-wire.ts) */
  private parsers: Record<number, (value: string, typeId?: number) => unknown> = {};
  private closing = false;
  closed = false;

  private constructor(
    private readonly worker: Worker,
    onLost: (error: Error) => void,
    /** whether a statement follows an earlier one of the same request (lib/request-context.ts) */
    private readonly follows: () => boolean,
  ) {
    worker.on('message', (batch: { id: number; result?: unknown; error?: Record<string, unknown> }[]) => {
      for (const m of batch) {
        const call = this.pending.get(m.id);
        if (!call) continue;
        this.pending.delete(m.id);
        if (m.error) call.reject(rebuilt(m.error));
        else call.resolve(m.result);
      }
      if (this.pending.size === 0) worker.unref();
    });
    const fail = (error: Error) => {
      const lost = !this.ended && !this.closing;
      this.ended ??= error;
      this.closed = true;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
      if (lost) onLost(error);
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the PGlite thread exited (code ${code})`)));
  }

  /**
   * A thread with PGlite open in `dataDir` (in memory without one), or started from a dumped data
   * folder. If the thread ends other than by close(), every call fails at once and `onLost` hears
   * of it; by default the error is thrown as uncaught, so the server's crash handler logs it and
   * exits, as it would for PGlite failing in-process, instead of serving on without a database.
   */
  static async start(options: {
    dataDir?: string;
    startParams: string[];
    loadDataDir?: Blob;
    onLost?: (error: Error) => void;
    follows?: () => boolean;
  }): Promise<PgliteThread> {
    const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(workerFile(), {
      workerData: { dataDir: options.dataDir, startParams: options.startParams, loadDataDir, wasmModule: await wasmModule() },
      transferList: loadDataDir ? [loadDataDir] : [],
    });
    const onLost =
      options.onLost ??
      ((error: Error) =>
        process.nextTick(() => {
          throw error;
        }));
    const thread = new PgliteThread(worker, onLost, options.follows ?? (() => false));
    // the worker answers id 0 once PGlite is open, with its array types
    thread.parsers = typeParsers((await thread.await(0)) as { oid: number; typarray: number }[]);
    return thread;
  }

  private await(id: number): Promise<unknown> {
    if (this.ended) return Promise.reject(this.ended);
    // a call in flight keeps the process alive, as a socket to a database server would; an idle thread does not
    if (this.pending.size === 0) this.worker.ref();
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  /**
   * Calls made together (Promise.all, before the next await) go to the thread as one message, and
   * no more than those: gathering every request's calls over a whole turn of the event loop made
   * the two threads take turns instead of working at once (docs/reliability.md).
   */
  private outbox: Record<string, unknown>[] = [];

  /**
   * Transactions whose BEGIN was sent, until their end is: once closing, their statements and their
   * COMMIT or ROLLBACK still go to the thread. Refused, they left the session held for ever, and
   * the close, which waits its turn behind the transaction, never ran (a bench probe's stop hung so).
   */
  private readonly begun = new Set<number>();

  private call<T>(message: Record<string, unknown>, id = this.nextId++): Promise<T> {
    // As PGlite in-process: once closing, a call fails at once, and none is left waiting on a thread
    // that is ending; but a transaction begun before is let finish.
    if (this.closing && !(typeof message.tx === 'number' && this.begun.has(message.tx))) return Promise.reject(new Error('PGlite is closed'));
    const answer = this.await(id);
    if (!this.ended) {
      if (this.outbox.length === 0) queueMicrotask(() => this.flush());
      this.outbox.push({ ...message, id });
    }
    return answer as Promise<T>;
  }

  private flush(): void {
    const batch = this.outbox;
    this.outbox = [];
    if (!this.ended) this.worker.postMessage(batch);
  }

  /** The answer to one statement (extended protocol) or several (simple), on PGlite itself or inside transaction `tx`. */
  private async statement(op: 'query' | 'exec', text: string, params: unknown[] | undefined, options: QueryOptions | undefined, tx?: number) {
    // inside a transaction the session is already this request's: no turn to wait for
    const message = tx ? { op, text, params, tx } : { op, text, params, follows: this.follows() };
    return readResults(await this.call<ArrayBuffer>(message), this.parsers, options);
  }

  async query(text: string, params?: unknown[], options?: QueryOptions): Promise<PgliteResults> {
    return (await this.statement('query', text, params, options))[0]!;
  }

  async exec(text: string, options?: QueryOptions): Promise<PgliteResults[]> {
    return this.statement('exec', text, undefined, options);
  }

  /** As PGlite's: BEGIN, `fn` with the transaction's handle, then COMMIT, or ROLLBACK and the error. */
  async transaction<T>(fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    // the BEGIN's call id: the thread names the transaction by it
    const id = this.nextId++;
    // Not awaited: the transaction's statements follow at once and the thread runs them after its
    // BEGIN (each hop between the threads is time the one session is held with nothing to run).
    // What BEGIN answered is known before any statement's answer: the thread sends it first.
    // Never rejected: it is awaited only once `fn` is done, and a rejection meanwhile would be unhandled.
    const begun: Promise<Error | undefined> = this.call<ArrayBuffer>({ op: 'begin', follows: this.follows() }, id)
      .then((bytes) => readResults(bytes, this.parsers))
      .then(
        () => undefined,
        (error: Error) => error,
      );
    // sent (not refused for a close begun already): its statements and its end follow it to the thread
    if (!this.closing) this.begun.add(id);
    try {
      return await this.within(id, begun, fn);
    } finally {
      this.begun.delete(id);
    }
  }

  private async within<T>(id: number, begun: Promise<Error | undefined>, fn: (tx: PgliteTransaction) => Promise<T>): Promise<T> {
    let closed = false;
    // straight to the thread, not through this object's query and exec (which a caller may wrap)
    const inTransaction = (op: 'query' | 'exec', text: string, params?: unknown[], options?: QueryOptions) =>
      closed ? Promise.reject(new Error('Transaction is closed')) : this.statement(op, text, params, options, id);
    const handle: PgliteTransaction = {
      query: async (text, params, options) => (await inTransaction('query', text, params, options))[0]!,
      exec: (text, options) => inTransaction('exec', text, undefined, options),
      get closed() {
        return closed;
      },
    };
    let result: T;
    try {
      result = await fn(handle);
    } catch (error) {
      closed = true;
      // a transaction that never began has nothing to roll back, and BEGIN's error is the cause
      const notBegun = await begun;
      if (notBegun) throw notBegun;
      readResults(await this.call<ArrayBuffer>({ op: 'end', tx: id, commit: false }), this.parsers);
      throw error;
    }
    closed = true;
    const notBegun = await begun;
    if (notBegun) throw notBegun;
    const [committed] = readResults(await this.call<ArrayBuffer>({ op: 'end', tx: id, commit: true }), this.parsers);
    // COMMIT of a transaction a failed statement had aborted rolls it back: PGlite's error
    if (committed?.command === 'ROLLBACK') throw transactionAbortedError();
    return result;
  }

  /** The thread's time per statement text since the last call (DOCKET_PGLITE_STATEMENT_TIMES=1; empty without). */
  async statementTimes(): Promise<{ text: string; calls: number; ms: number; params?: unknown[] }[]> {
    return this.call({ op: 'statementTimes' });
  }

  /** The data folder as a tar file (the tests' migrated template). */
  async dumpDataDir(compression: 'none' | 'gzip' = 'none'): Promise<Blob> {
    return new Blob([await this.call<ArrayBuffer>({ op: 'dump', compression })]);
  }

  async close(): Promise<void> {
    if (this.closed || this.closing) return;
    // sent behind every call already made, which the thread answers first
    const closed = this.call({ op: 'close' });
    this.closing = true;
    await closed;
    this.closed = true;
    await this.worker.terminate();
  }
}
