import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What a fake provider's route handler gets: the request as the SDK sent it. */
export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}
export interface FakeAnswer {
  status: number;
  json?: unknown;
  html?: string;
  redirect?: string;
}
export type FakeRoute = (req: FakeRequest, params: string[]) => Promise<FakeAnswer> | FakeAnswer;

/** A tiny HTTP server on 127.0.0.1 for a fake payment provider: routes by method and path pattern. */
export async function startFakeServer(routes: Array<[string, RegExp, FakeRoute]>) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const fakeReq: FakeRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const hit = routes.find(([m, p]) => m === fakeReq.method && p.test(fakeReq.path));
      const run = async (): Promise<FakeAnswer> =>
        hit ? hit[2](fakeReq, hit[1].exec(fakeReq.path)!.slice(1)) : { status: 404, json: { error: 'no such route in the fake' } };
      run().then(
        (a) => {
          if (a.redirect) {
            res.writeHead(303, { location: a.redirect });
            res.end();
          } else if (a.html !== undefined) {
            res.writeHead(a.status, { 'content-type': 'text/html; charset=utf-8' });
            res.end(a.html);
          } else {
            res.writeHead(a.status, { 'content-type': 'application/json' });
            res.end(JSON.stringify(a.json ?? {}));
          }
        },
        (err: unknown) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: String(err) }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The hosted pay page: the amount and three buttons, as a provider's test mode offers. */
export function payPage(title: string, amountPence: number, action: string): string {
  const amount = `£${(amountPence / 100).toFixed(2)}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>Pay ${amount}</p>
<form method="post" action="${action}/succeed"><button type="submit">Succeed</button></form>
<form method="post" action="${action}/fail"><button type="submit">Fail</button></form>
<form method="post" action="${action}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
}

/** POST a signed webhook the way the provider does; the app's answer status. */
export async function deliver(url: string, body: string, headers: Record<string, string>): Promise<number> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  await res.arrayBuffer();
  return res.status;
}
