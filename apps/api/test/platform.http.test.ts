import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { pino } from 'pino';
import { sql } from 'drizzle-orm';
import { createApp } from '../src/app.ts';
import { accounts, memberships, users } from '../src/db/schema.ts';
import { createTestApp, registerUser, sampleClient, uniqueEmail, type TestApp } from './test-app.ts';

/** A pino logger whose JSON lines land in an array, to prove what is (not) logged. */
function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('error envelope', () => {
  it('when an /api route does not exist, then 404 JSON for any method', async () => {
    const user = await registerUser(t.app);
    for (const call of [request(t.app).get('/api/nothing'), request(t.app).post('/api/clients/x/y'), request(t.app).delete('/api')]) {
      const res = await call.set(user.auth);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.body).toEqual({ success: false, error: 'Route not found', code: 'NOT_FOUND' });
    }
  });

  it('when the JSON body is malformed on an authenticated route, then 400 Malformed JSON body', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/clients').set(user.auth).set('Content-Type', 'application/json').send('{"name": "Ann",');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, error: 'Malformed JSON body', code: 'BAD_REQUEST' });
  });

  it('when the body is a JSON array instead of an object, then 400 with a plain message', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/clients').set(user.auth).send([sampleClient()]);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Request body must be a JSON object');
  });

  it('when a body is over 256 KB on an ordinary route, then 413 and nothing is stored', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app)
      .post('/api/clients')
      .set(user.auth)
      .send(sampleClient({ address: 'x'.repeat(257 * 1024) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ success: false, error: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    expect((await request(t.app).get('/api/clients').set(user.auth)).body.data).toEqual([]);
  });

  it('when the logo route is called without a token, then 401 before any body is read', async () => {
    const res = await request(t.app)
      .post('/api/company/logo')
      .send({ logo: `data:image/png;base64,${'A'.repeat(2 * 1024 * 1024)}` });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication required');
  });

  it('when the database fails, then 500 Something went wrong with no internals, and the log holds no values', async () => {
    const broken = await createTestApp();
    const { logger, lines } = capturingLogger();
    const app = createApp({ ...broken.ctx, logger });
    try {
      const user = await registerUser(app);
      await broken.ctx.db.execute(sql`drop table items cascade`);
      const secretName = 'Top Secret Widget 7d41';
      const res = await request(app).post('/api/items').set(user.auth).send({ name: secretName, description: 'private', price: 1 });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ success: false, error: 'Something went wrong', code: 'INTERNAL' });
      const errorLine = lines.find((l) => l.includes('unhandled error'));
      expect(errorLine).toBeDefined();
      expect(errorLine).toContain('items');
      expect(lines.join('\n')).not.toContain(secretName);
      expect(lines.join('\n')).not.toContain(user.id);
    } finally {
      await broken.close();
    }
  });
});

describe('request logs', () => {
  it('when people sign up, sign in and save clients, then the logs hold requests but no bodies, tokens or personal data', async () => {
    const { logger, lines } = capturingLogger();
    const app = createApp({ ...t.ctx, logger });
    const email = uniqueEmail('private');
    const password = 'hunter2-very-secret';
    const reg = await request(app).post('/api/auth/register').send({ email, password });
    const token = reg.body.data.token as string;
    await request(app).post('/api/auth/login').send({ email, password: 'wrong-password-xyz' });
    await request(app)
      .get('/api/auth/me?email=' + encodeURIComponent(email))
      .set('Authorization', `Bearer ${token}`);
    const client = sampleClient({ name: 'Mrs Jane Private', email: 'jane.private@example.org', phone: '07700 900123' });
    await request(app).post('/api/clients').set('Authorization', `Bearer ${token}`).send(client);
    await request(app)
      .post('/api/clients')
      .set('Authorization', `Bearer ${token}`)
      .send({ ...client, email: 'broken' });

    expect(lines.length).toBeGreaterThanOrEqual(5);
    const entries = lines.map((l) => JSON.parse(l) as { req?: { method: string; path: string }; res?: { statusCode: number } });
    expect(entries.some((e) => e.req?.method === 'POST' && e.req.path === '/api/clients' && e.res?.statusCode === 201)).toBe(true);
    const all = lines.join('\n');
    for (const secret of [email, password, 'wrong-password-xyz', token, token.split('.')[2]!, client.name, client.email, client.phone, '$2']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('CORS', () => {
  it('when CORS_ORIGIN is set, then only that origin is allowed, preflight included', async () => {
    const cors = await createTestApp({ corsOrigin: 'https://app.example.com, https://admin.example.com/' });
    try {
      const allowed = await request(cors.app).get('/api/health').set('Origin', 'https://app.example.com');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const second = await request(cors.app).get('/api/health').set('Origin', 'https://admin.example.com');
      expect(second.headers['access-control-allow-origin']).toBe('https://admin.example.com');
      const preflight = await request(cors.app)
        .options('/api/clients')
        .set('Origin', 'https://app.example.com')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toContain('POST');
      expect(preflight.headers['access-control-allow-headers']).toMatch(/authorization/i);

      const denied = await request(cors.app).get('/api/health').set('Origin', 'https://evil.example.com');
      expect(denied.headers['access-control-allow-origin']).toBeUndefined();
      const deniedPreflight = await request(cors.app)
        .options('/api/clients')
        .set('Origin', 'https://evil.example.com')
        .set('Access-Control-Request-Method', 'DELETE');
      expect(deniedPreflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(deniedPreflight.headers['access-control-allow-methods']).toBeUndefined();
    } finally {
      await cors.close();
    }
  });

  it('when CORS_ORIGIN is not set, then no origin gets CORS headers', async () => {
    const res = await request(t.app).get('/api/health').set('Origin', 'https://app.example.com');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('API rate limit', () => {
  it('when a user goes over the per-minute limit, then 429 for that user only, and other callers still pass', async () => {
    const limited = await createTestApp({ rateLimitPerMinute: 3 });
    try {
      // Registration itself counts against the IP limit, so these users are inserted directly.
      const userA = await registerUserDirect(limited);
      const userB = await registerUserDirect(limited);
      const answers = [];
      for (let i = 0; i < 4; i++) answers.push(await request(limited.app).get('/api/clients').set(userA.auth));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
      // the IETF draft's headers (draft 7): what is left in this window and when it resets
      expect(answers[0]!.headers['ratelimit-policy']).toBe('3;w=60');
      expect(answers[0]!.headers.ratelimit).toMatch(/^limit=3, remaining=2, reset=\d+$/);
      const blocked = await request(limited.app).get('/api/items').set(userA.auth);
      expect(blocked.status).toBe(429);
      expect(blocked.headers.ratelimit).toMatch(/^limit=3, remaining=0, reset=\d+$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.body).toEqual({ success: false, error: 'Rate limit exceeded. Please wait a moment and try again.', code: 'RATE_LIMITED' });
      expect((await request(limited.app).get('/api/clients').set(userB.auth)).status).toBe(200);
      if (limited.ctx.redis) {
        const keys = (await limited.ctx.redis(['KEYS', `${limited.ctx.config.rateLimitPrefix}:api:*`])) as string[];
        expect(keys.length).toBeGreaterThanOrEqual(2);
      }
    } finally {
      await limited.close();
    }
  });

  it('when register is called more than the auth limit from one IP, then 429', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 2 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await request(limited.app).post('/api/auth/register').send({ email: uniqueEmail(), password: 'secret1' })).status);
      }
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

/** A user row plus a token from the app's own token service, bypassing the HTTP limiter under test. */
async function registerUserDirect(app: TestApp) {
  const [row] = await app.ctx.db.insert(users).values({ email: uniqueEmail(), passwordHash: 'x' }).returning({ id: users.id });
  // a user and their own account, as sign-up makes them
  await app.ctx.db.insert(accounts).values({ id: row!.id, name: 'Direct' });
  await app.ctx.db.insert(memberships).values({ accountId: row!.id, userId: row!.id, role: 'OWNER' });
  const token = app.ctx.tokens.sign(row!.id);
  return { id: row!.id, auth: { Authorization: `Bearer ${token}` } };
}
