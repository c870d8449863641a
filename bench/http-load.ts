import net from 'node:net';

/**
 * A small HTTP/1.1 load generator: keep-alive connections, one request in flight on each, every
 * request made by a function of the caller's. It replaces autocannon where each request differs
 * (the mix): autocannon decodes every answer's body to a string, parses with a JavaScript HTTP
 * parser and rebuilds each request through its template, about 0.28 ms of CPU a mix request on
 * this machine's cores, which the server then lacks (bench/results.md, twenty-fifth session). Here
 * an answer's status and length are read from its head and its body bytes are only counted.
 */

export interface LoadRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  url: string;
  connections: number;
  durationSec: number;
  /** a fixed number of requests instead of a duration (smoke runs) */
  amount?: number;
  /** seconds an answer may take before the connection is dropped and counted as an error */
  timeoutSec?: number;
  /** the next request to send, with a context handed back to `onAnswer` */
  next: () => { request: LoadRequest; context?: unknown };
  onAnswer: (status: number, latencyMs: number, context: unknown) => void;
}

export interface LoadOutcome {
  /** answers received within the run */
  requests: number;
  durationSec: number;
  /** connection errors, connections closed mid-answer, timeouts and answers that could not be read */
  socketErrors: number;
  /** the first answer that could not be read, for the report */
  unreadable?: string;
}

/** The head of a request: request line, Host, the caller's headers and the body's length. */
export function requestText(host: string, r: LoadRequest): string {
  let head = `${r.method} ${r.path} HTTP/1.1\r\nHost: ${host}\r\n`;
  for (const [name, value] of Object.entries(r.headers ?? {})) head += `${name}: ${value}\r\n`;
  if (r.body !== undefined) head += `Content-Length: ${Buffer.byteLength(r.body)}\r\n`;
  return `${head}\r\n${r.body ?? ''}`;
}

const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

type State = { at: 'head' } | { at: 'length'; left: number } | { at: 'chunk-size' } | { at: 'chunk'; left: number } | { at: 'trailer' };

/**
 * Reads answers off one connection's bytes: the status from the head, then the body skipped by
 * its Content-Length or its chunks. `push` returns the statuses of the answers it completed.
 */
export class AnswerReader {
  private pending: Buffer = Buffer.alloc(0);
  private state: State = { at: 'head' };
  private status = 0;
  /** whether the answer being read asked for the connection to close */
  closeAfter = false;

  push(chunk: Buffer): number[] {
    const done: number[] = [];
    const buf = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    let at = 0;
    for (;;) {
      const s = this.state;
      if (s.at === 'head') {
        const end = buf.indexOf(HEAD_END, at);
        if (end < 0) break;
        this.readHead(buf.toString('latin1', at, end));
        at = end + 4;
      } else if (s.at === 'length') {
        const take = Math.min(s.left, buf.length - at);
        at += take;
        s.left -= take;
        if (s.left > 0) break;
        this.finish(done);
      } else if (s.at === 'chunk-size' || s.at === 'trailer') {
        const end = buf.indexOf(CRLF, at);
        if (end < 0) break;
        const line = buf.toString('latin1', at, end);
        at = end + 2;
        if (s.at === 'trailer') {
          if (line === '') this.finish(done);
        } else {
          const size = Number.parseInt(line, 16);
          if (!Number.isFinite(size) || size < 0) throw new Error(`bad chunk size ${JSON.stringify(line)}`);
          // the chunk, then its CRLF
          this.state = size === 0 ? { at: 'trailer' } : { at: 'chunk', left: size + 2 };
        }
      } else {
        const take = Math.min(s.left, buf.length - at);
        at += take;
        s.left -= take;
        if (s.left > 0) break;
        this.state = { at: 'chunk-size' };
      }
    }
    // what is left is part of a head or a chunk-size line: short, so copying it is cheap
    this.pending = at >= buf.length ? Buffer.alloc(0) : Buffer.from(buf.subarray(at));
    return done;
  }

  private readHead(head: string) {
    const lines = head.split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '');
    if (!status) throw new Error(`not an HTTP answer: ${JSON.stringify(lines[0])}`);
    this.status = Number(status[1]);
    let length: number | undefined;
    let chunked = false;
    this.closeAfter = false;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.toLowerCase().includes('chunked');
      else if (name === 'connection') this.closeAfter = value.toLowerCase() === 'close';
    }
    if (this.status === 204 || this.status === 304 || (this.status >= 100 && this.status < 200)) this.state = { at: 'length', left: 0 };
    else if (chunked) this.state = { at: 'chunk-size' };
    else if (length !== undefined && Number.isFinite(length)) this.state = { at: 'length', left: length };
    // Node's own refusals of a request it could not parse (400, 431) close with no length and no body
    else if (this.closeAfter) this.state = { at: 'length', left: 0 };
    // a body that runs to the connection's end otherwise: the API answers none
    else throw new Error(`an answer with neither Content-Length nor chunks (status ${this.status})`);
  }

  private finish(done: number[]) {
    done.push(this.status);
    this.state = { at: 'head' };
  }
}

/** Runs the load until its duration (or amount) is spent; resolves once every connection is closed. */
export function runLoad(o: LoadOptions): Promise<LoadOutcome> {
  const target = new URL(o.url);
  const host = target.host;
  const port = Number(target.port || 80);
  const timeoutMs = (o.timeoutSec ?? 30) * 1000;
  const started = performance.now();
  const deadline = o.amount === undefined ? started + o.durationSec * 1000 : Number.POSITIVE_INFINITY;
  let issued = 0;
  let answered = 0;
  let socketErrors = 0;
  let endedAt = 0;
  let unreadable: string | undefined;

  interface Connection {
    socket: net.Socket;
    reader: AnswerReader;
    connected: boolean;
    inFlight: boolean;
    sentAt: number;
    context: unknown;
  }

  return new Promise<LoadOutcome>((resolve) => {
    const connections = new Set<Connection>();
    const mayIssue = () => endedAt === 0 && (o.amount === undefined || issued < o.amount);
    // the end of the run: answers still on their way are neither counted nor waited for
    const end = () => {
      if (endedAt) return;
      endedAt = performance.now();
      for (const c of connections) c.socket.destroy();
    };
    const finishIfClosed = () => {
      if (!endedAt || connections.size > 0) return;
      clearInterval(watch);
      resolve({ requests: answered, durationSec: (endedAt - started) / 1000, socketErrors, ...(unreadable ? { unreadable } : {}) });
    };

    const connect = () => {
      const socket = net.connect(port, target.hostname);
      socket.setNoDelay(true);
      const c: Connection = { socket, reader: new AnswerReader(), connected: false, inFlight: false, sentAt: 0, context: undefined };
      connections.add(c);
      const send = () => {
        if (!mayIssue()) return;
        const { request, context } = o.next();
        issued++;
        c.inFlight = true;
        c.context = context;
        c.sentAt = performance.now();
        socket.write(requestText(host, request));
      };
      socket.on('connect', () => {
        c.connected = true;
        send();
      });
      socket.on('data', (chunk: Buffer) => {
        let statuses: number[];
        try {
          statuses = c.reader.push(chunk);
        } catch (e) {
          // bytes that are not an answer: an error of this connection, which is dropped and replaced
          unreadable ??= (e as Error).message;
          socket.destroy();
          return;
        }
        for (const status of statuses) {
          const now = performance.now();
          c.inFlight = false;
          if (now > deadline) return end();
          answered++;
          o.onAnswer(status, now - c.sentAt, c.context);
          if (o.amount !== undefined && answered + socketErrors >= o.amount) return end();
          if (c.reader.closeAfter) socket.destroy();
          else send();
        }
      });
      // the close that follows counts it
      socket.on('error', () => {});
      socket.on('close', () => {
        connections.delete(c);
        if (endedAt) return finishIfClosed();
        // an answer cut off, or a connection that never opened, is an error; a closed idle one is not
        if (c.inFlight || !c.connected) socketErrors++;
        if (o.amount !== undefined && answered + socketErrors >= o.amount) return end();
        // a server that refuses connections is not hammered in a loop
        if (mayIssue()) setTimeout(() => (endedAt ? finishIfClosed() : connect()), c.connected ? 0 : 100);
      });
    };
    // one timer for every connection: the run's end, and an answer overdue drops its connection
    const watch = setInterval(() => {
      const now = performance.now();
      if (now > deadline) end();
      for (const c of connections) if (c.inFlight && now - c.sentAt > timeoutMs) c.socket.destroy();
      finishIfClosed();
    }, 100);
    for (let i = 0; i < o.connections; i++) connect();
  });
}
