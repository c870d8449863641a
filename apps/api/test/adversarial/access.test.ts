import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { sql } from 'drizzle-orm';
import { createApp } from '../../src/app.ts';
import { createTestApp, registerUser, sampleClient, sampleCompany, TEST_SECRET, type TestApp, type TestUser } from '../test-app.ts';
import { ROUTES, PNG_1x1, type OwnIds, type RouteSpec } from './routes.ts';
import { countCase, expectCleanRefusal, fillPath, fingerprint, listen, routeExists, stats, type Method, report } from './support.ts';

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let a: TestUser;
let b: TestUser;
let aIds: Required<OwnIds>;
let bIds: Required<OwnIds>;
let active: RouteSpec[];

const JSON_TYPE = { 'content-type': 'application/json' };
const send = (method: Method, p: string, auth: Record<string, string>, body?: unknown) =>
  http.send(method, `/api${p}`, { ...auth, ...(body === undefined ? {} : JSON_TYPE) }, body === undefined ? undefined : JSON.stringify(body));

async function seedAccount(user: TestUser): Promise<Required<OwnIds>> {
  const ok = async (method: Method, p: string, body?: unknown) => {
    const res = await send(method, p, user.auth, body);
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${res.text}`);
    return (res.body as { data: { id: string } }).data;
  };
  await ok('post', '/company', sampleCompany());
  const client = await ok('post', '/clients', sampleClient());
  const item = await ok('post', '/items', { name: 'Pipe', description: '15 mm', price: 3 });
  const line = { description: 'Labour', quantity: 1, unitPrice: 40 };
  const quote = await ok('post', '/quotes', { clientId: client.id, lineItems: [line], tax: 20 });
  const invoice = await ok('post', '/invoices', { clientId: client.id, lineItems: [line], tax: 20, dueDate: '2030-01-31' });
  const sent = await ok('post', '/invoices', { clientId: client.id, lineItems: [line], tax: 20, dueDate: '2030-01-31' });
  await ok('patch', `/invoices/${sent.id}/send`);
  const note = await ok('post', `/invoices/${sent.id}/credit-notes`, { reason: 'Seed', lineItems: [{ description: 'Labour', quantity: 0.5, unitPrice: 40 }] });
  const event = await ok('post', '/calendar', {
    title: 'Visit',
    startDate: '2030-01-01T09:00:00Z',
    endDate: '2030-01-01T10:00:00Z',
    clientId: client.id,
    quoteId: quote.id,
    invoiceId: invoice.id,
  });
  const expense = await ok('post', '/expenses', { date: '2030-01-02', supplier: 'Screwfix', category: 'COST_OF_GOODS', net: 10, vat: 'STANDARD' });
  const bankAccount = await ok('post', '/bank-accounts', { name: 'Business current' });
  await http.send(
    'post',
    `/api/bank-accounts/${bankAccount.id}/statements?format=csv&preset=santander`,
    { ...user.auth, 'content-type': 'text/csv' },
    'Date,Description,Amount,Balance\n01/01/2030,INTEREST,1.00,\n',
  );
  const bankLine = ((await send('get', `/bank-accounts/${bankAccount.id}/lines`, user.auth)).body as { data: { id: string }[] }).data[0]!;
  const bankRule = await ok('post', '/bank-rules', { match: 'SCREWFIX', supplier: 'Screwfix', category: 'COST_OF_GOODS', vat: 'STANDARD' });
  const recurring = await ok('post', '/recurring-invoices', {
    clientId: client.id,
    lineItems: [line],
    tax: 20,
    frequency: 'MONTHLY',
    startDate: '2030-01-31',
    dueDays: 14,
    autoSend: false,
  });
  return {
    clientId: client.id,
    itemId: item.id,
    quoteId: quote.id,
    invoiceId: invoice.id,
    eventId: event.id,
    sentInvoiceId: sent.id,
    creditNoteId: note.id,
    recurringId: recurring.id,
    expenseId: expense.id,
    bankAccountId: bankAccount.id,
    bankLineId: bankLine.id,
    bankRuleId: bankRule.id,
  };
}

/** The id a path parameter of this route stands for. */
function idFor(route: RouteSpec, param: string, ids: Required<OwnIds>): string {
  if (param === 'quoteId') return ids.quoteId;
  if (route.own?.[param]) return ids[route.own[param]];
  const area = route.path.split('/')[1];
  const byArea: Record<string, string> = {
    clients: ids.clientId,
    items: ids.itemId,
    quotes: ids.quoteId,
    invoices: ids.invoiceId,
    calendar: ids.eventId,
    'recurring-invoices': ids.recurringId,
    'credit-notes': ids.creditNoteId,
    expenses: ids.expenseId,
    'bank-accounts': ids.bankAccountId,
    'bank-lines': ids.bankLineId,
    'bank-rules': ids.bankRuleId,
  };
  return byArea[area!] ?? ids.clientId;
}

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  a = await registerUser(t.app);
  b = await registerUser(t.app);
  aIds = await seedAccount(a);
  bIds = await seedAccount(b);
  active = [];
  for (const r of ROUTES) if (await routeExists(http.agent, a.auth, r)) active.push(r);
});

afterAll(async () => {
  report(`access summary: cases=${stats.cases} 5xx=${stats.fiveHundreds}`);
  await http?.close();
  await t?.close();
});

describe('user B against user A', () => {
  it("when B names A's records in the path, then every route answers 404/400 and A's data is unchanged", async () => {
    const before = await fingerprint(t.ctx.db);
    const routes = active.filter((r) => r.path.includes(':') && !r.path.startsWith('/calendar/range'));
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const p = r.path.replace(/:(\w+)/g, (_m, name: string) => idFor(r, name, aIds));
      // B's own valid body: only the foreign id can be the reason for a refusal.
      const res = await send(r.method, p, b.auth, r.body ? r.body.valid(bIds) : undefined);
      countCase(res.status);
      expect([400, 404], `${r.method.toUpperCase()} ${p} -> ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
      expectCleanRefusal(res, `${r.method} ${p}`);
      expect(res.text).not.toContain('Acme Plumbing');
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it("when B's bodies carry A's clientId, quoteId or invoiceId, then 404/400 and nothing is written", async () => {
    const before = await fingerprint(t.ctx.db);
    const line = { description: 'Labour', quantity: 1, unitPrice: 40 };
    const cases: [Method, string, unknown][] = [
      ['post', '/quotes', { clientId: aIds.clientId, lineItems: [line] }],
      ['put', `/quotes/${bIds.quoteId}`, { clientId: aIds.clientId, lineItems: [line] }],
      ['post', '/invoices', { clientId: aIds.clientId, lineItems: [line], dueDate: '2030-01-31' }],
      ['put', `/invoices/${bIds.invoiceId}`, { clientId: aIds.clientId, lineItems: [line], dueDate: '2030-01-31' }],
      ['post', `/invoices/from-quote/${aIds.quoteId}`, { dueDate: '2030-01-31' }],
      ['post', `/calendar/from-quote/${aIds.quoteId}`, {}],
    ];
    const event = { title: 'x', startDate: '2030-01-01T09:00:00Z', endDate: '2030-01-01T10:00:00Z' };
    for (const field of ['clientId', 'quoteId', 'invoiceId'] as const) {
      cases.push(['post', '/calendar', { ...event, [field]: aIds[field] }]);
      cases.push(['put', `/calendar/${bIds.eventId}`, { ...event, [field]: aIds[field] }]);
    }
    for (const [method, p, body] of cases) {
      const res = await send(method, p, b.auth, body);
      countCase(res.status);
      expect([400, 404], `${method} ${p} ${JSON.stringify(body)} -> ${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
      expectCleanRefusal(res, `${method} ${p}`);
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it("when B lists anything, then none of A's ids appear", async () => {
    const aValues = Object.values(aIds);
    const lists = active.filter((r) => r.method === 'get' && !r.path.includes(':'));
    const paths = [...lists.map((r) => r.path), '/calendar/range/2000-01-01/2100-01-01', '/clients?q=Acme', '/quotes?clientId=' + aIds.clientId];
    for (const p of paths) {
      const res = await send('get', p, b.auth);
      countCase(res.status);
      expect(res.status, `${p} -> ${res.status}`).toBeLessThan(500);
      for (const id of aValues) expect(res.text, `${p} leaks ${id}`).not.toContain(id);
    }
  });
});

describe('tokens', () => {
  const forge = (payload: object, secret = TEST_SECRET, opts: jwt.SignOptions = {}) => jwt.sign(payload, secret, { algorithm: 'HS256', ...opts });
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

  it('when the token is missing, garbage, alg none, foreign, expired, for a deleted user or has a changed sub, then every route answers 401 (no exp too)', async () => {
    const ghost = await registerUser(t.app);
    await t.ctx.db.execute(sql`delete from users where id = ${ghost.id}`);
    const [h, p, s] = a.token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const tokens: Record<string, Record<string, string>> = {
      none: {},
      empty: { Authorization: 'Bearer ' },
      garbage: { Authorization: 'Bearer not.a.jwt' },
      'not bearer': { Authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      'alg none': { Authorization: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${p}.` },
      'alg none unsigned sub': { Authorization: `Bearer ${b64({ alg: 'none' })}.${b64({ sub: a.id })}.` },
      'other secret': { Authorization: `Bearer ${forge({}, 'another-secret-another-secret-another-secret', { subject: a.id })}` },
      'HS512 same secret': { Authorization: `Bearer ${jwt.sign({}, TEST_SECRET, { algorithm: 'HS512', subject: a.id })}` },
      expired: { Authorization: `Bearer ${forge({ exp: Math.floor(Date.now() / 1000) - 60 }, TEST_SECRET, { subject: a.id })}` },
      // Signed with our secret, right user, but no expiry: sessions must end (red-team finding 7).
      'no exp': { Authorization: `Bearer ${forge({}, TEST_SECRET, { subject: a.id })}` },
      'not yet valid': { Authorization: `Bearer ${forge({ nbf: Math.floor(Date.now() / 1000) + 3600 }, TEST_SECRET, { subject: a.id })}` },
      'deleted user': ghost.auth,
      'changed sub': { Authorization: `Bearer ${h}.${b64({ ...payload, sub: b.id })}.${s}` },
      'sub not a uuid': { Authorization: `Bearer ${forge({}, TEST_SECRET, { subject: "' OR 1=1 --" })}` },
      'no sub': { Authorization: `Bearer ${forge({ user: a.id })}` },
      'huge token': { Authorization: `Bearer ${'a'.repeat(6000)}.${'b'.repeat(6000)}.c` },
    };
    // Every kind but 'deleted user' is refused when the token is verified, before any SQL: the
    // PostgreSQL pass sends only the one a database answers (the PGlite pass sends them all).
    const sent = process.env.TEST_DATABASE_URL ? Object.entries(tokens).filter(([name]) => name === 'deleted user') : Object.entries(tokens);
    const before = await fingerprint(t.ctx.db);
    const publicRoutes = ['/auth/login', '/auth/register', '/auth/forgot-password', '/auth/reset-password', '/auth/verify-email'];
    const protectedRoutes = active.filter((r) => !publicRoutes.includes(r.path));
    for (const r of protectedRoutes) {
      const p = fillPath(r.path, Object.fromEntries([...r.path.matchAll(/:(\w+)/g)].map(([, n]) => [n!, idFor(r, n!, aIds)])));
      for (const [name, auth] of sent) {
        const res = await send(r.method, p, auth, r.body ? r.body.valid(aIds) : undefined);
        countCase(res.status);
        expect(res.status, `${name}: ${r.method.toUpperCase()} ${p} -> ${res.status} ${res.text.slice(0, 200)}`).toBe(401);
        expectCleanRefusal(res, `${name}: ${r.method} ${p}`);
      }
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });
});

describe('brute force', () => {
  it('when 11 wrong logins for one email come quickly, then the 11th answers 429, and a correct login after the window works', async () => {
    const windowMs = 1500;
    // Same database, its own limiter settings and counters: no second PGlite to boot.
    const app = createApp({
      ...t.ctx,
      config: { ...t.ctx.config, authRateLimitPerMinute: 10, rateLimitWindowMs: windowMs, rateLimitPrefix: `brute-${Date.now()}` },
    });
    const server = await listen(app);
    try {
      const victim = await registerUser(app);
      await new Promise((r) => setTimeout(r, windowMs + 200));
      const login = (password: string) => server.send('post', '/api/auth/login', JSON_TYPE, JSON.stringify({ email: victim.email, password }));
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) statuses.push((await login(`wrong-${i}`)).status);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses[10]).toBe(429);
      const blocked = await login('correct-horse');
      expect(blocked.status).toBe(429);
      expect((blocked.body as { error: string }).error).toBe('Rate limit exceeded. Please wait a moment and try again.');
      await new Promise((r) => setTimeout(r, windowMs + 200));
      const ok = await login('correct-horse');
      expect(ok.status).toBe(200);
      expect((ok.body as { data: { user: { id: string } } }).data.user.id).toBe(victim.id);
    } finally {
      await server.close();
    }
  });
});

describe('logo upload', () => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])));
    return Buffer.concat([head, data, crc]);
  };
  const pngOf = (width: number, height: number, idatBytes = 16) => {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([8, 6, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', Buffer.alloc(idatBytes, 7)),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  };
  const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

  it.each([
    ['an SVG', dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), 400, /PNG or JPEG/],
    ['HTML sent as image/png', dataUrl('image/png', Buffer.from('<!doctype html><script>alert(document.cookie)</script>')), 400, /PNG or JPEG/],
    ['a truncated PNG', dataUrl('image/png', pngOf(300, 150).subarray(0, 40)), 400, /PNG or JPEG/],
    ['a PNG declaring 50,000 x 50,000 pixels', dataUrl('image/png', pngOf(50_000, 50_000)), 400, /at most 5,000 x 5,000 pixels/],
    ['a 2.1 MB image', dataUrl('image/png', pngOf(1000, 800, Math.round(2.1 * 1024 * 1024))), 413, /2 MB or smaller/],
  ])('when the logo is %s, then it is refused with a clear error and the logo is unchanged', async (_name, logo, status, message) => {
    const before = await fingerprint(t.ctx.db);
    const res = await send('post', '/company/logo', a.auth, { logo });
    countCase(res.status);
    expect(res.status, res.text.slice(0, 200)).toBe(status);
    expectCleanRefusal(res, 'logo');
    expect((res.body as { error: string }).error).toMatch(message);
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when the logo is a small real PNG, then it is accepted (the refusals above are about content)', async () => {
    const res = await send('post', '/company/logo', a.auth, { logo: `data:image/png;base64,${PNG_1x1}` });
    expect(res.status).toBe(200);
  });
});

describe('security headers', () => {
  it('when any API answer is sent, then helmet headers and a strict CSP are present and X-Powered-By is not', async () => {
    for (const [p, auth] of [
      ['/health', {}],
      ['/clients', a.auth],
      ['/does-not-exist', a.auth],
    ] as const) {
      const res = await send('get', p, auth);
      const hdr = res.headers;
      expect(hdr['x-powered-by'], p).toBeUndefined();
      expect(hdr['x-content-type-options']).toBe('nosniff');
      expect(hdr['x-frame-options']).toBe('SAMEORIGIN');
      expect(hdr['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(hdr['referrer-policy']).toBe('no-referrer');
      expect(hdr['cross-origin-opener-policy']).toBe('same-origin');
      expect(hdr['x-dns-prefetch-control']).toBe('off');
      const csp = hdr['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("object-src 'self' blob:");
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    }
  });

  it('when the web app HTML is read, then it needs nothing the CSP forbids (no inline or foreign scripts, styles or handlers)', () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const web = path.resolve(here, '../../../web');
    const files = [path.join(web, 'index.html'), path.join(web, 'dist/index.html')].filter(existsSync);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const html = readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      for (const [, attrs, body] of scripts) {
        expect(attrs, `${file}: inline script`).toMatch(/\bsrc=/);
        expect(body!.trim(), file).toBe('');
        expect(attrs, `${file}: foreign script`).not.toMatch(/src=["']?(https?:)?\/\//);
      }
      expect(html, `${file}: inline handler`).not.toMatch(/\son[a-z]+=/i);
      expect(html, `${file}: foreign stylesheet`).not.toMatch(
        /<link[^>]+href=["']?(https?:)?\/\/[^>]+stylesheet|rel=["']?stylesheet[^>]+href=["']?(https?:)?\/\//i,
      );
    }
  });

  it('when a PDF preview is sent, then it carries nosniff and is never cached', async () => {
    const res = await send('get', `/quotes/${aIds.quoteId}/preview`, a.auth);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/no-store/);
  });
});
