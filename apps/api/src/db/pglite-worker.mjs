// @ts-check
// The embedded PGlite database on a thread of its own (src/db/pglite-thread.ts): the WebAssembly
// PostgreSQL runs here, statements are written here as wire-protocol messages, and the answers go
// back as PostgreSQL's bytes, read on the API's thread (src/db/pg-wire.ts). Plain JavaScript, so
// that a test file's database starts without a TypeScript loader; the bundle builds it into
// dist/pglite-worker.js.
import { parentPort, receiveMessageOnPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { plannedEachTime } from './plan-each-time.mjs';

/** As PGlite reads its array types when it opens (its _initArrayTypes). */
const ARRAY_TYPES_SQL = `select b.oid, b.typarray from pg_catalog.pg_type a
  left join pg_catalog.pg_type b on b.oid = a.typelem where a.typcategory = 'A' group by b.oid, b.typarray order by b.oid`;

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

/**
 * Statements are written here as wire-protocol messages, and their answers go back as the bytes
 * PostgreSQL wrote, read on the API's thread (pg-wire.ts): PGlite's own query and exec
 * (six calls into WebAssembly per statement, each answer parsed field by field) cost this thread
 * three times what running the statement did.
 *
 * One session, as PGlite's own locks keep it: a statement outside a transaction waits while one
 * is open, and runs in the order it came; a transaction's statements run as they come.
 */
let answer = new Uint8Array(1 << 16);
let answerLength = 0;
/** @param {Uint8Array} bytes */
function collect(bytes) {
  if (answerLength + bytes.length > answer.length) {
    const bigger = new Uint8Array(Math.max(answer.length * 2, answerLength + bytes.length));
    bigger.set(answer.subarray(0, answerLength));
    answer = bigger;
  }
  answer.set(bytes, answerLength);
  answerLength += bytes.length;
}
/**
 * One exchange with PostgreSQL: its answer in a buffer of its own, to be transferred. PostgreSQL
 * runs synchronously inside the call, so the answer is complete (and the shared buffer free for
 * the next statement) when it returns; the promise only carries a failure of the call itself.
 * The file system is synced by the caller, as PGlite does it: after a statement outside a
 * transaction and after COMMIT.
 * @param {Uint8Array} message
 */
function exchange(message) {
  answerLength = 0;
  const done = pglite.execProtocolRawStream(message, { onRawData: collect, syncToFs: false });
  const bytes = answer.slice(0, answerLength);
  // the buffer grows for a large answer and goes back to its usual size after
  if (answer.length > 1 << 20) answer = new Uint8Array(1 << 16);
  return { bytes, done };
}
/** Whether an answer holds an ErrorResponse, from its messages' headers alone. @param {Uint8Array} bytes */
function failed(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.length; at += 1 + view.getInt32(at + 1)) if (bytes[at] === 0x45) return true;
  return false;
}
/** A message being written: grows as needed. */
class Writer {
  constructor() {
    this.bytes = new Uint8Array(256);
    this.view = new DataView(this.bytes.buffer);
    this.at = 0;
  }
  /** @param {number} n */
  room(n) {
    if (this.at + n <= this.bytes.length) return;
    const bigger = new Uint8Array(Math.max(this.bytes.length * 2, this.at + n));
    bigger.set(this.bytes.subarray(0, this.at));
    this.bytes = bigger;
    this.view = new DataView(bigger.buffer);
  }
  /** @param {number} b */
  byte(b) {
    this.room(1);
    this.bytes[this.at++] = b;
  }
  /** @param {number} n */
  int16(n) {
    this.room(2);
    this.view.setInt16(this.at, n);
    this.at += 2;
  }
  /** @param {number} n */
  int32(n) {
    this.room(4);
    this.view.setInt32(this.at, n);
    this.at += 4;
  }
  /** UTF-8 bytes, with the NUL that ends a protocol string or not. @param {string} s @param {boolean} nul */
  text(s, nul) {
    // UTF-8 takes at most three bytes per UTF-16 unit
    this.room(s.length * 3 + 1);
    this.at += encoder.encodeInto(s, this.bytes.subarray(this.at)).written;
    if (nul) this.bytes[this.at++] = 0;
  }
  /** @param {number} code @param {() => void} body */
  message(code, body) {
    this.byte(code);
    const lengthAt = this.at;
    this.int32(0);
    body();
    this.view.setInt32(lengthAt, this.at - lengthAt);
  }
  done() {
    return this.bytes.subarray(0, this.at);
  }
}
const encoder = new TextEncoder();

/** The simple protocol's Query: one or more statements, no parameters. @param {string} text */
function simpleQuery(text) {
  const w = new Writer();
  w.message(0x51, () => w.text(text, true));
  return w.done();
}
/** @param {Writer} w @param {string} name @param {string} text */
const parse = (w, name, text) =>
  w.message(0x50, () => {
    w.text(name, true);
    w.text(text, true);
    w.int16(0);
  });
/** Close of a named statement. @param {Writer} w @param {string} name */
const close = (w, name) =>
  w.message(0x43, () => {
    w.byte(0x53);
    w.text(name, true);
  });
/**
 * Bind of statement `name` (all values and columns as text), Describe the portal, Execute, Sync.
 * @param {Writer} w @param {string} name @param {(string | null)[]} values
 */
function bindAndRun(w, name, values) {
  w.message(0x42, () => {
    w.text('', true);
    w.text(name, true);
    w.int16(0);
    w.int16(values.length);
    for (const v of values) {
      if (v === null) {
        w.int32(-1);
        continue;
      }
      const lengthAt = w.at;
      w.int32(0);
      w.text(v, false);
      w.view.setInt32(lengthAt, w.at - lengthAt - 4);
    }
    w.int16(0);
  });
  w.message(0x44, () => {
    w.byte(0x50);
    w.text('', true);
  });
  w.message(0x45, () => {
    w.text('', true);
    w.int32(0);
  });
  w.message(0x53, () => undefined);
}

/**
 * A parameter's text when it does not depend on the parameter's type: what PGlite's serializer
 * for the type PostgreSQL infers would give, wherever that is accepted (strings as they are,
 * numbers in decimal, booleans as true or false, dates in ISO 8601, bytes in hex); undefined for
 * an array or an object, which PGlite writes by the type (an array literal, or JSON).
 * @param {unknown} v
 */
function plainText(v) {
  if (v === null || v === undefined) return null;
  switch (typeof v) {
    case 'string':
      return v;
    case 'number':
    case 'bigint':
    case 'boolean':
      return String(v);
    default:
      if (v instanceof Date) return v.toISOString();
      if (v instanceof Uint8Array) return `\\x${Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('hex')}`;
      return undefined;
  }
}

/**
 * Statements are kept by their text, parsed and planned once (PostgreSQL's plan cache then
 * chooses between plans made for the values and one generic plan, as for any prepared statement):
 * on PGlite, parsing and planning a statement cost as much as running it (docs/reliability.md,
 * "Statements parsed once"). A search is never kept (plan-each-time.mjs). Beyond MAX_KEPT the
 * least recently used statement is closed, and all are forgotten after a statement that may change
 * what a kept one reads (DDL): a prepared statement whose result columns changed would fail where
 * an unnamed one is planned afresh. Prepared statements outlive a transaction's end, ROLLBACK
 * included, so a statement parsed inside one stays valid; one whose Parse failed was never made
 * and is not kept.
 * @type {Map<string, { name: string, types: number[] | null }>}
 */
const kept = new Map();
const MAX_KEPT = 400;
const CHANGES_SCHEMA = /(^|;|\n)\s*(alter|drop|create|truncate|comment)\s/i;
let keptNames = 0;
/** Names closed but not yet told to PostgreSQL: the next exchange's first messages. @type {string[]} */
let toClose = [];

/** @param {string} text */
function forgetIfSchemaChanges(text) {
  if (kept.size === 0 || !CHANGES_SCHEMA.test(text)) return;
  for (const { name } of kept.values()) toClose.push(name);
  kept.clear();
}
/** A new Writer, starting with the Close of statements forgotten since the last exchange. */
function writer() {
  const w = new Writer();
  for (const name of toClose) close(w, name);
  toClose = [];
  return w;
}
/** Whether an answer holds a ParseComplete (the statement now exists). @param {Uint8Array} bytes */
function parsed(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.length; at += 1 + view.getInt32(at + 1)) if (bytes[at] === 0x31) return true;
  return false;
}
/** Room for one more statement: the least recently used is closed in the same exchange as the new Parse. */
function makeRoom() {
  if (kept.size < MAX_KEPT) return;
  const [oldest, { name }] = kept.entries().next().value;
  toClose.push(name);
  kept.delete(oldest);
}
/** @param {string} text @param {string} name @param {number[] | null} types */
const keep = (text, name, types) => kept.set(text, { name, types });

/**
 * query: Bind, Describe, Execute and Sync of the statement for `text`, with its Parse the first
 * time, as one exchange. With an array or an object among the values, the statement's parameter
 * types are asked once (Parse, Describe, Flush) and each value written by PGlite's own serializer
 * for its type, as its query does.
 * @param {string} text @param {unknown[]} params
 */
function extendedQuery(text, params) {
  forgetIfSchemaChanges(text);
  const plain = params.map(plainText);
  const hit = kept.get(text);
  if (hit) {
    // most recently used last: the first entry is the one to close
    kept.delete(text);
    kept.set(text, hit);
  }
  const named = !plannedEachTime(text);
  const name = hit ? hit.name : named ? `k${++keptNames}` : '';
  if (named && !hit) makeRoom();
  const w = writer();
  if (!hit) parse(w, name, text);
  if (!plain.includes(undefined)) {
    bindAndRun(w, name, /** @type {(string | null)[]} */ (plain));
    const ran = exchange(w.done());
    if (named && !hit && parsed(ran.bytes)) keep(text, name, null);
    return ran;
  }
  let types = hit?.types;
  /** @type {{ bytes: Uint8Array, done: Promise<unknown> } | undefined} */
  let described;
  if (!types) {
    w.message(0x44, () => {
      w.byte(0x53);
      w.text(name, true);
    });
    w.message(0x48, () => undefined);
    described = exchange(w.done());
    // a statement PostgreSQL refused: its error, then the Sync that ends the failed exchange
    if (failed(described.bytes)) return joined(described, exchange(SYNC));
    types = parameterTypes(described.bytes);
    if (named) {
      if (hit) hit.types = types;
      else keep(text, name, types);
    }
  }
  const values = params.map((v, i) => {
    if (v === null || v === undefined) return null;
    const serialize = pglite.serializers[types[i] ?? 0];
    return serialize ? serialize(v) : String(v);
  });
  const rest = described ? new Writer() : w;
  bindAndRun(rest, name, values);
  const ran = exchange(rest.done());
  return described ? { bytes: ran.bytes, done: Promise.all([described.done, ran.done]) } : ran;
}
/** The parameter types of a ParameterDescription in an answer. @param {Uint8Array} bytes */
function parameterTypes(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at + 5 <= bytes.length; at += 1 + view.getInt32(at + 1)) {
    if (bytes[at] !== 0x74) continue;
    const n = view.getInt16(at + 5);
    return Array.from({ length: n }, (_, i) => view.getInt32(at + 7 + 4 * i));
  }
  return [];
}
/** @param {{ bytes: Uint8Array, done: Promise<unknown> }} a @param {{ bytes: Uint8Array, done: Promise<unknown> }} b */
function joined(a, b) {
  const bytes = new Uint8Array(a.bytes.length + b.bytes.length);
  bytes.set(a.bytes);
  bytes.set(b.bytes, a.bytes.length);
  return { bytes, done: Promise.all([a.done, b.done]) };
}
/**
 * Kept statements run their generic plan, made once; a search is planned with its values each
 * time (docs/reliability.md, "Generic plans"). PostgreSQL's own choice (plan_cache_mode auto) kept
 * planning most statements with their values on every run, because it prices planning far below
 * what it costs here: planning the invoice read took 1.9 ms of its 2.6. The session's mode is the
 * generic one, set when the thread starts; a search sets its own around itself, in its
 * transaction if it runs in one, so a ROLLBACK leaves the mode as it was.
 */
const GENERIC_PLANS = simpleQuery('set plan_cache_mode = force_generic_plan');
const PLANS_BY_VALUES = simpleQuery('set plan_cache_mode = force_custom_plan');
/** @param {() => { bytes: Uint8Array, done: Promise<unknown> }} work */
function plannedByValues(work) {
  const before = exchange(PLANS_BY_VALUES);
  const ran = work();
  const after = exchange(GENERIC_PLANS);
  return { bytes: ran.bytes, done: Promise.all([before.done, ran.done, after.done]) };
}

/** @param {any} m */
const run = (m) => {
  if (m.op === 'query') {
    const query = () => extendedQuery(m.text, m.params ?? []);
    return plannedEachTime(m.text) ? plannedByValues(query) : query();
  }
  forgetIfSchemaChanges(m.text);
  return exchange(simpleQuery(m.text));
};

/**
 * With DOCKET_PGLITE_STATEMENT_TIMES=1 (the bench's --pglite-statements), this thread's time in
 * each statement text, COMMIT (and the deferred triggers it runs) included: where the database's
 * share of a request goes, which a CPU profile of the API's thread cannot see.
 * @type {Map<string, { calls: number, ms: number, params?: unknown[] }> | null}
 */
const times = process.env.DOCKET_PGLITE_STATEMENT_TIMES === '1' ? new Map() : null;
/** @param {string} text @param {() => { bytes: Uint8Array, done: Promise<unknown> }} work @param {unknown[]} [params] */
function timed(text, work, params) {
  if (!times) return work();
  const t0 = performance.now();
  const out = work();
  // one call's values, so that the bench can ask for the statement's plan
  const entry = times.get(text) ?? { calls: 0, ms: 0, params };
  entry.calls++;
  entry.ms += performance.now() - t0;
  times.set(text, entry);
  return out;
}
/** @param {any} m */
const statement = (m) => timed(m.text, () => run(m), m.params);

const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);
const BEGIN = simpleQuery('BEGIN');
const COMMIT = simpleQuery('COMMIT');
const ROLLBACK = simpleQuery('ROLLBACK');

/** The open transaction's id, 0 when none. */
let openTx = 0;
/**
 * Calls outside a transaction waiting for the session, in order of arrival, in two queues.
 *
 * In-flight requests first: a statement that follows an earlier one of the same request (its
 * second read, its BEGIN after the session check) runs before any request's first statement. Taken
 * in arrival order, a request of six statements waited for the whole queue six times, and under
 * load the kinds that need several statements (a PDF's first render, a new invoice, a payment) set
 * the slowest answers; finishing what is under way before starting more keeps every kind near the
 * time of its own work (docs/reliability.md, "In-flight requests first"). A request's first
 * statement still runs in arrival order, so none waits forever: follow-ups come only from requests
 * already started, and only their 2nd to 16th statements (FOLLOW_UPS_AHEAD in
 * lib/request-context.ts), so bulk work such as an import's batches waits its turn like the rest.
 * @type {any[]}
 */
const following = [];
/** @type {any[]} */
const firsts = [];
let pumping = false;

/**
 * Each answer goes back at once, so that the API's thread reads it while this one runs the next
 * statement: holding answers to send several together left each thread idle while the other
 * worked (docs/reliability.md, "PGlite on its own thread").
 * @param {unknown} answer @param {Transferable[]} [transfer]
 */
const send = (answer, transfer) => port.postMessage([answer], transfer ?? []);
/** @param {number} id @param {unknown} result @param {Transferable[]} [transfer] */
const reply = (id, result, transfer) => send({ id, result }, transfer);
/** @param {number} id @param {Uint8Array} bytes */
const replyBytes = (id, bytes) => reply(id, bytes.buffer, [bytes.buffer]);

/** A call outside any transaction, its turn come. @param {any} m */
async function runWaiting(m) {
  switch (m.op) {
    case 'query':
    case 'exec': {
      const { bytes, done } = statement(m);
      await done;
      await pglite.syncToFs();
      return replyBytes(m.id, bytes);
    }
    case 'begin': {
      const { bytes, done } = timed('BEGIN', () => exchange(BEGIN));
      // the session is this transaction's until its end (a BEGIN that failed opened none)
      const opened = !failed(bytes);
      if (opened) openTx = m.id;
      let answered = false;
      try {
        await done;
        replyBytes(m.id, bytes);
        answered = true;
      } finally {
        // What the API's thread sent for the transaction before its BEGIN ran, in the order sent:
        // held in `early` until now, so one that arrived while BEGIN finished still runs after those
        // before it.
        const sent = early.get(m.id) ?? [];
        early.delete(m.id);
        for (const s of sent) {
          if (opened && answered) runInTransaction(s).catch((err) => send({ id: s.id, error: plainError(err) }));
          else send({ id: s.id, error: { name: 'Error', message: 'the transaction did not begin' } });
        }
      }
      return;
    }
    case 'dump': {
      const bytes = await (await pglite.dumpDataDir(m.compression)).arrayBuffer();
      return reply(m.id, bytes, [bytes]);
    }
    case 'statementTimes': {
      const taken = times ? [...times].map(([text, t]) => ({ text, ...t })) : [];
      times?.clear();
      return reply(m.id, taken);
    }
    case 'close': {
      if (!pglite.closed) await pglite.close();
      return reply(m.id, null);
    }
    default:
      throw new Error(`unknown operation ${String(m.op)}`);
  }
}

/** A call inside transaction m.tx: a statement, or its end. @param {any} m */
async function runInTransaction(m) {
  if (m.tx !== openTx) throw new Error('Transaction is closed');
  if (m.op === 'query' || m.op === 'exec') {
    const { bytes, done } = statement(m);
    await done;
    return replyBytes(m.id, bytes);
  }
  if (m.op !== 'end') throw new Error(`unknown operation ${String(m.op)}`);
  // the session is free again once COMMIT or ROLLBACK has run, whatever it answered
  const { bytes, done } = timed(m.commit ? 'COMMIT' : 'ROLLBACK', () => exchange(m.commit ? COMMIT : ROLLBACK));
  openTx = 0;
  try {
    await done;
    await pglite.syncToFs();
  } finally {
    pump();
  }
  replyBytes(m.id, bytes);
}

async function pump() {
  if (pumping) return;
  pumping = true;
  try {
    for (;;) {
      // what arrived while the last statement ran: a follow-up among it goes before older firsts
      for (let got = receiveMessageOnPort(port); got; got = receiveMessageOnPort(port)) accept(got.message);
      if (openTx) break;
      const m = following.shift() ?? firsts.shift();
      if (!m) break;
      await runWaiting(m).catch((err) => send({ id: m.id, error: plainError(err) }));
    }
  } finally {
    pumping = false;
  }
}

/**
 * A transaction's statements sent before its BEGIN has run, by the BEGIN's id: the API's thread
 * sends a transaction's first statement without waiting for BEGIN's answer, which saves the
 * session one trip between the threads per transaction while it is held.
 * @type {Map<number, any[]>}
 */
const early = new Map();

/** @param {any[]} batch */
function accept(batch) {
  for (const m of batch) {
    const waiting = m.tx && early.get(m.tx);
    if (waiting) waiting.push(m);
    else if (m.tx) runInTransaction(m).catch((err) => send({ id: m.id, error: plainError(err) }));
    else {
      if (m.op === 'begin') early.set(m.id, []);
      (m.follows ? following : firsts).push(m);
    }
  }
}

port.on('message', (/** @type {any[]} */ batch) => {
  accept(batch);
  pump();
});
const planMode = exchange(GENERIC_PLANS);
await planMode.done;
if (failed(planMode.bytes)) throw new Error('the PGlite thread could not set plan_cache_mode');
// PGlite's array types as it read them on opening: the API's thread parses arrays by them
const arrayTypes = (await pglite.query(ARRAY_TYPES_SQL)).rows;
send({ id: 0, result: arrayTypes });
