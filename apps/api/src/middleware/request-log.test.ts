import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggedPath, requestLog } from './request-log.ts';

interface Line {
  level: number;
  msg: string;
  req: { id: string; method: string; path: string };
  res: { statusCode: number | null };
  responseTime: number;
}

async function withServer(run: (url: string, lines: Line[]) => Promise<void>) {
  const lines: Line[] = [];
  const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l) as Line) });
  const app = express();
  app.use(requestLog(logger));
  app.get('/api/ok', (_req, res) => void res.json({ ok: true }));
  app.get('/api/boom', (_req, res) => void res.status(500).json({}));
  app.get('/api/slow', () => undefined); // never answers: the client gives up
  app.get('/app/page', (_req, res) => void res.send('page'));
  const server = http.createServer(app);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('request logs', () => {
  it('when API requests are answered, then each is one line with method, path without query or link token, status and a distinct id', async () => {
    await withServer(async (url, lines) => {
      await (await fetch(`${url}/api/ok?q=Mrs%20Private`)).text();
      await (await fetch(`${url}/api/boom`)).text();
      await (await fetch(`${url}/app/page`)).text();
      await until(() => lines.length >= 2);
      expect(lines.map((l) => [l.msg, l.req.method, l.req.path, l.res.statusCode])).toEqual([
        ['request completed', 'GET', '/api/ok', 200],
        ['request errored', 'GET', '/api/boom', 500],
      ]);
      expect(lines[1]!.level).toBe(50);
      expect(lines[0]!.req.id).not.toBe(lines[1]!.req.id);
      expect(JSON.stringify(lines)).not.toContain('Private');
    });
  });

  it('when the client goes before the answer, then the line says the request was aborted, with no status', async () => {
    await withServer(async (url, lines) => {
      const controller = new AbortController();
      const pending = fetch(`${url}/api/slow`, { signal: controller.signal }).catch(() => undefined);
      await new Promise((r) => setTimeout(r, 50));
      controller.abort();
      await pending;
      await until(() => lines.length >= 1);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ msg: 'request aborted', req: { path: '/api/slow' }, res: { statusCode: null } });
    });
  });
});

describe('loggedPath', () => {
  it('when a client link is used, then its token is replaced', () => {
    expect(loggedPath('/api/public/documents/abc.def-123/pdf?x=1')).toBe('/api/public/documents/:token/pdf');
    expect(loggedPath('/api/public/quotes/secret/decline')).toBe('/api/public/quotes/:token/decline');
    expect(loggedPath('/api/invoices/1')).toBe('/api/invoices/1');
  });
});
