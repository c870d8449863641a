// @ts-check
// The embedded PGlite database on a thread of its own (src/db/pglite-thread.ts): the WebAssembly
// PostgreSQL, its protocol and its result parsing run here, and the API's thread only sends
// statements and receives rows. Plain JavaScript, so that a test file's database starts without a
// TypeScript loader; the bundle builds it into dist/pglite-worker.js.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-worker.mjs runs as a worker thread');
const port = parentPort;

/** @type {{ dataDir?: string, startParams: string[], loadDataDir?: ArrayBuffer, wasmModule?: WebAssembly.Module }} */
const start = workerData;

/** The fields of a PostgreSQL error the API reads (code, constraint…) survive the trip between threads. */
const ERROR_FIELDS = ['code', 'severity', 'detail', 'hint', 'position', 'where', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];

/** @param {unknown} err */
function plainError(err) {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  /** @type {Record<string, unknown>} */
  const out = { name: err.name, message: err.message, stack: err.stack };
  for (const key of ERROR_FIELDS) {
    const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (err))[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

const identity = (/** @type {unknown} */ value) => value;
/** @type {Map<string, Record<number, typeof identity>>} */
const parserSets = new Map();
/** Query options: the row shape, and the types whose text is kept as it is (drizzle keeps dates as text). */
function options(/** @type {{ rowMode?: 'array' | 'object', keepText?: number[] }} */ m) {
  if (!m.rowMode && !m.keepText) return undefined;
  const key = (m.keepText ?? []).join(',');
  let parsers = parserSets.get(key);
  if (!parsers) {
    parsers = Object.fromEntries((m.keepText ?? []).map((oid) => [oid, identity]));
    parserSets.set(key, parsers);
  }
  return { rowMode: m.rowMode, parsers };
}

let db;
try {
  db = await PGlite.create({
    dataDir: start.dataDir,
    extensions: { pg_trgm },
    startParams: start.startParams,
    loadDataDir: start.loadDataDir ? new Blob([start.loadDataDir]) : undefined,
    pgliteWasmModule: start.wasmModule,
  });
} catch (err) {
  port.postMessage([{ id: 0, error: plainError(err) }]);
  throw err;
}
const pglite = db;

/** Open transactions by id: the handle PGlite's transaction gave, and how to end it. */
/** @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void, outcome: Promise<unknown> }>} */
const transactions = new Map();
const ROLLBACK = Symbol('rollback');

/**
 * Each answer goes back at once, so that the API's thread works on it while this one runs the next
 * statement: holding answers to send several together (one message a turn) left each thread idle
 * while the other worked, and the mix fell from 145-169 to 127 req/s.
 */
/** @param {unknown} answer @param {Transferable[]} [transfer] */
const send = (answer, transfer) => port.postMessage([answer], transfer ?? []);
/** @param {number} id @param {unknown} result @param {Transferable[]} [transfer] */
const reply = (id, result, transfer) => send({ id, result }, transfer);

/** Where a statement runs: its open transaction, or PGlite itself. @param {{ tx?: number }} m */
function target(m) {
  if (!m.tx) return pglite;
  const open = transactions.get(m.tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/** @param {any} m */
async function handle(m) {
  switch (m.op) {
    case 'query':
      return reply(m.id, await target(m).query(m.text, m.params, options(m)));
    case 'exec':
      return reply(m.id, await target(m).exec(m.text, options(m)));
    case 'begin': {
      /** @type {(commit: boolean) => void} */
      let end = () => undefined;
      const ended = new Promise((resolve, reject) => {
        end = (commit) => (commit ? resolve(undefined) : reject(ROLLBACK));
      });
      let begun = false;
      const outcome = pglite.transaction(async (tx) => {
        transactions.set(m.id, { tx, end, outcome });
        begun = true;
        reply(m.id, m.id);
        return ended;
      });
      outcome.then(
        () => transactions.delete(m.id),
        (err) => {
          transactions.delete(m.id);
          // a BEGIN that failed answers here; a failed COMMIT or a ROLLBACK answers in 'end'
          if (!begun) send({ id: m.id, error: plainError(err) });
        },
      );
      return;
    }
    case 'end': {
      const open = transactions.get(m.tx);
      if (!open) throw new Error('Transaction is closed');
      open.end(m.commit);
      try {
        await open.outcome;
      } catch (err) {
        if (err !== ROLLBACK) throw err;
      }
      return reply(m.id, null);
    }
    case 'dump': {
      const bytes = await (await pglite.dumpDataDir(m.compression)).arrayBuffer();
      return reply(m.id, bytes, [bytes]);
    }
    case 'close': {
      if (!pglite.closed) await pglite.close();
      return reply(m.id, null);
    }
    default:
      throw new Error(`unknown operation ${String(m.op)}`);
  }
}

port.on('message', (/** @type {any[]} */ batch) => {
  for (const m of batch) handle(m).catch((err) => send({ id: m.id, error: plainError(err) }));
});
send({ id: 0, result: 'ready' });
