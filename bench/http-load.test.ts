import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AnswerReader, requestText, runLoad, type LoadOptions } from './http-load.ts';

const head = (status: number, headers: string[]) => `HTTP/1.1 ${status} X\r\n${headers.map((h) => `${h}\r\n`).join('')}\r\n`;

/** Feeds `text` to a reader in pieces of `size` bytes; the statuses it completed, in order. */
function readInPieces(text: string, size: number): number[] {
  const reader = new AnswerReader();
  const bytes = Buffer.from(text, 'latin1');
  const out: number[] = [];
  for (let at = 0; at < bytes.length; at += size) out.push(...reader.push(bytes.subarray(at, at + size)));
  return out;
}

describe('reading answers off a connection', () => {
  const lengthAnswer = `${head(200, ['Content-Type: application/json', 'Content-Length: 11'])}{"ok":true}`;
  const chunkedAnswer = `${head(201, ['Transfer-Encoding: chunked'])}5\r\nhello\r\n1a\r\n${'x'.repeat(26)}\r\n0\r\n\r\n`;
  const empty = head(204, ['X-A: 1']);
  const stream = lengthAnswer + chunkedAnswer + empty + `${head(404, ['content-length: 0'])}`;

  it('when answers arrive whole, one after another in one chunk, then each status comes out once, in order', () => {
    expect(readInPieces(stream, stream.length)).toEqual([200, 201, 204, 404]);
  });

  it('when the bytes arrive in pieces of any size, then the same answers come out', () => {
    for (const size of [1, 2, 3, 5, 7, 16, 64]) expect(readInPieces(stream, size), `pieces of ${size}`).toEqual([200, 201, 204, 404]);
  });

  it('when a body is not yet complete, then its answer is not counted', () => {
    expect(readInPieces(lengthAnswer.slice(0, -1), 4)).toEqual([]);
    expect(readInPieces(chunkedAnswer.slice(0, -2), 4)).toEqual([]);
  });

  it('when a chunked body carries trailers, then the answer ends at the empty line after them', () => {
    const withTrailer = `${head(200, ['Transfer-Encoding: chunked'])}3\r\nabc\r\n0\r\nX-Sum: 1\r\n\r\n${lengthAnswer}`;
    expect(readInPieces(withTrailer, 3)).toEqual([200, 200]);
  });

  it('when the answer asks to close, then the reader says so', () => {
    const reader = new AnswerReader();
    reader.push(Buffer.from(`${head(200, ['Connection: close', 'Content-Length: 0'])}`));
    expect(reader.closeAfter).toBe(true);
  });

  it("when an answer has no length and closes the connection (Node's refusal of a request it cannot parse), then it is an answer with no body", () => {
    expect(readInPieces(head(400, ['Connection: close']), 5)).toEqual([400]);
  });

  it('when the bytes are not HTTP, or a body has no length on a connection kept open, then it throws rather than miscount', () => {
    expect(() => new AnswerReader().push(Buffer.from('SSH-2.0-x\r\n\r\n'))).toThrow(/not an HTTP answer/);
    expect(() => new AnswerReader().push(Buffer.from(head(200, ['Content-Type: text/plain'])))).toThrow(/neither Content-Length nor chunks/);
  });
});

describe('writing a request', () => {
  it('when a request has a body, then its length is the body in UTF-8 bytes, after the given headers', () => {
    const text = requestText('127.0.0.1:80', { method: 'POST', path: '/api/x?q=1', headers: { Authorization: 'Bearer t' }, body: '{"d":"m²"}' });
    expect(text).toBe('POST /api/x?q=1 HTTP/1.1\r\nHost: 127.0.0.1:80\r\nAuthorization: Bearer t\r\nContent-Length: 11\r\n\r\n{"d":"m²"}');
  });
});

/** A fixed number of GET / on one connection: the runs that count errors. */
const oneConnection = (url: string, amount: number, over: Partial<LoadOptions> = {}) =>
  runLoad({ url, connections: 1, durationSec: 60, amount, next: () => ({ request: { method: 'GET', path: '/' } }), onAnswer: () => undefined, ...over });

describe('running a load against a server', () => {
  let server: http.Server | undefined;
  afterEach(async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  });
  const listen = async (handler: http.RequestListener) => {
    server = http.createServer(handler);
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };

  it('when a fixed amount is asked, then exactly that many answers are counted, each with its own request', async () => {
    const seen: string[] = [];
    const url = await listen((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        seen.push(`${req.method} ${req.url} ${body}`);
        if (req.url === '/chunked') {
          res.write('part');
          res.end('rest');
        } else res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'text/plain' }).end('ok');
      });
    });
    let n = 0;
    const answers: [number, unknown][] = [];
    const outcome = await runLoad({
      url,
      connections: 3,
      durationSec: 60,
      amount: 30,
      next: () => {
        const i = n++;
        const request = i % 3 === 0 ? { method: 'POST', path: `/p${i}`, body: `b${i}` } : { method: 'GET', path: i % 3 === 1 ? '/chunked' : `/g${i}` };
        return { request, context: i };
      },
      onAnswer: (status, ms, context) => {
        expect(ms).toBeGreaterThanOrEqual(0);
        answers.push([status, context]);
      },
    });
    expect(outcome.requests).toBe(30);
    expect(outcome.socketErrors).toBe(0);
    expect(answers).toHaveLength(30);
    // every answer is matched to the request that asked for it
    for (const [status, i] of answers) expect(status).toBe((i as number) % 3 === 0 ? 201 : 200);
    expect(seen).toContain('POST /p0 b0');
    expect(seen.filter((s) => s.startsWith('GET /chunked'))).toHaveLength(10);
  });

  it('when the server drops a connection mid-answer, then it is counted as an error and the load goes on', async () => {
    let calls = 0;
    const url = await listen((_req, res) => {
      calls++;
      if (calls === 2) res.socket?.destroy();
      else res.end('ok');
    });
    const outcome = await oneConnection(url, 5);
    expect(outcome.socketErrors).toBe(1);
    expect(outcome.requests).toBe(4);
  });

  it('when the run has a duration, then it ends then and counts no answer after it', async () => {
    const url = await listen((_req, res) => setTimeout(() => res.end('slow'), 20));
    const started = performance.now();
    let counted = 0;
    const outcome = await runLoad({
      url,
      connections: 2,
      durationSec: 0.3,
      next: () => ({ request: { method: 'GET', path: '/' } }),
      onAnswer: () => counted++,
    });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(outcome.durationSec).toBeGreaterThanOrEqual(0.3);
    expect(outcome.requests).toBe(counted);
    expect(counted).toBeGreaterThan(2);
    expect(counted).toBeLessThanOrEqual(2 * Math.ceil(300 / 20));
  });

  it('when a connection answers bytes that are not HTTP, then they count as an error, the first is named, and the load goes on', async () => {
    let connections = 0;
    const raw = net.createServer((socket) => {
      const first = connections++ === 0;
      socket.on('data', () => socket.write(first ? 'garbage\r\n\r\n' : 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    });
    await new Promise<void>((r) => raw.listen(0, '127.0.0.1', r));
    try {
      const outcome = await oneConnection(`http://127.0.0.1:${(raw.address() as AddressInfo).port}`, 4);
      expect(outcome.socketErrors).toBe(1);
      expect(outcome.requests).toBe(3);
      expect(outcome.unreadable).toMatch(/not an HTTP answer/);
    } finally {
      await new Promise((r) => raw.close(r));
    }
  });

  it('when an answer takes longer than the timeout, then its connection is dropped and counted', async () => {
    let calls = 0;
    const url = await listen((_req, res) => {
      if (++calls > 1) res.end('ok');
    });
    const outcome = await oneConnection(url, 3, { timeoutSec: 0.2 });
    expect(outcome.socketErrors).toBe(1);
    expect(outcome.requests).toBe(2);
  });
});
