import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import jwt from 'jsonwebtoken';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { createTestApp, registerUser, TEST_SECRET, uniqueEmail, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/register', () => {
  it('when the details are valid, then it answers the user and a token, never the password', async () => {
    const email = uniqueEmail();
    const res = await request(t.app).post('/api/auth/register').send({ email, password: 'secret1' });
    expect(res.status).toBe(201);
    expect(res.body.success).toBe(true);
    expect(res.body.data.user).toEqual({ id: expect.any(String), email, name: email.split('@')[0], emailVerified: false });
    expect(typeof res.body.data.token).toBe('string');
    expect(JSON.stringify(res.body)).not.toMatch(/secret1|passwordHash|\$2[aby]\$/);
  });

  it('when the email is taken in another case, then 409 with the spec text', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/register').send({ email, password: 'secret1' });
    const res = await request(t.app).post('/api/auth/register').send({ email: email.toUpperCase(), password: 'secret1' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: 'An account with this email already exists' });
  });

  it("when confirmPassword is sent and differs, then 400 Passwords don't match and no account is made", async () => {
    const email = uniqueEmail();
    const res = await request(t.app).post('/api/auth/register').send({ email, password: 'secret1', confirmPassword: 'secret2' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: "Passwords don't match", details: { confirmPassword: "Passwords don't match" } });
    const login = await request(t.app).post('/api/auth/login').send({ email, password: 'secret1' });
    expect(login.status).toBe(401);
  });

  it('when confirmPassword matches, then the account is created', async () => {
    const res = await request(t.app).post('/api/auth/register').send({ email: uniqueEmail(), password: 'secret1', confirmPassword: 'secret1' });
    expect(res.status).toBe(201);
  });

  it('when the account is stored, then the password is a bcrypt hash, never the text', async () => {
    const email = uniqueEmail();
    await request(t.app).post('/api/auth/register').send({ email, password: 'secret1' });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$2[aby]\$\d\d\$/);
    expect(await bcrypt.compare('secret1', row!.passwordHash)).toBe(true);
  });

  it('when several fields fail, then details maps each field to its message', async () => {
    const res = await request(t.app).post('/api/auth/register').send({ email: 'x', password: '1' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid email address');
    expect(res.body.details).toEqual({ email: 'Invalid email address', password: 'Password must be at least 6 characters' });
  });

  it.each([
    [{ email: 'not-an-email', password: 'secret1' }, 'Invalid email address', 'email'],
    [{ email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters', 'password'],
    [{}, 'Invalid email address', 'email'],
  ])('when the body is %j, then 400 %s', async (body, message, field) => {
    const res = await request(t.app).post('/api/auth/register').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
    expect(res.body.details[field]).toBe(message);
  });
});

describe('POST /api/auth/login', () => {
  it('when the password is right, then a working token', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'correct-horse' });
    expect(res.status).toBe(200);
    // the session works in the user's own business, of which they are the owner
    const account = { id: user.id, name: user.email, role: 'OWNER', engineersSeePrices: false };
    expect(res.body).toEqual({
      success: true,
      data: { user: { id: user.id, email: user.email, name: user.email.split('@')[0], emailVerified: true }, token: expect.any(String), account },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/correct-horse|\$2[aby]\$/);
    const me = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${res.body.data.token}`);
    expect(me.body).toEqual({ success: true, data: { id: user.id, email: user.email, name: user.email.split('@')[0], emailVerified: true, account } });
  });

  it('when the password is wrong or the email unknown, then the same 401 text', async () => {
    const user = await registerUser(t.app);
    const wrong = await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'nope-nope' });
    const unknown = await request(t.app).post('/api/auth/login').send({ email: uniqueEmail(), password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.error).toBe('Invalid email or password');
    expect(unknown.body.error).toBe('Invalid email or password');
  });

  it.each([
    [{ email: 'bad', password: 'x' }, 'Invalid email address'],
    [{ email: 'a@b.co' }, 'Password is required'],
    [{ email: 'a@b.co', password: '' }, 'Password is required'],
  ])('when the body is %j, then 400 %s', async (body, message) => {
    const res = await request(t.app).post('/api/auth/login').send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });
});

describe('GET /api/auth/me and tokens', () => {
  it('when no token is sent, then 401 Authentication required', async () => {
    const res = await request(t.app).get('/api/auth/me');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, error: 'Authentication required' });
  });

  it('when the token is garbage or not a bearer token, then 401 Authentication required', async () => {
    for (const header of ['Bearer not.a.jwt', 'Basic abc', 'Bearer ', 'Bearer a.b.c']) {
      const res = await request(t.app).get('/api/auth/me').set('Authorization', header);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ success: false, error: 'Authentication required', code: 'UNAUTHORIZED' });
    }
  });

  it('when the token has expired, then 401 Session expired', async () => {
    const user = await registerUser(t.app);
    const expired = jwt.sign({ exp: Math.floor(Date.now() / 1000) - 60 }, TEST_SECRET, { algorithm: 'HS256', subject: user.id });
    const res = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${expired}`);
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Session expired, please sign in again');
  });

  it('when the token is tampered with or signed by another secret, then 401', async () => {
    const user = await registerUser(t.app);
    const other = jwt.sign({}, 'another-secret-another-secret-another-secret', { algorithm: 'HS256', subject: user.id });
    const [h, p, s] = user.token.split('.') as [string, string, string];
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${s}`;
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${p}.`;
    const hs512 = jwt.sign({}, TEST_SECRET, { algorithm: 'HS512', subject: user.id });
    for (const token of [other, tampered, none, hs512]) {
      const res = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Authentication required');
    }
  });

  it('when a token is issued, then it is HS256 and expires in 7 days', async () => {
    const user = await registerUser(t.app);
    const header = JSON.parse(Buffer.from(user.token.split('.')[0]!, 'base64url').toString());
    const payload = jwt.decode(user.token) as { sub: string; iat: number; exp: number };
    expect(header.alg).toBe('HS256');
    expect(payload.sub).toBe(user.id);
    expect(payload.exp - payload.iat).toBe(7 * 24 * 60 * 60);
  });

  it('when a valid token is used on every protected area, then it is accepted', async () => {
    const user = await registerUser(t.app);
    for (const path of ['/api/auth/me', '/api/clients', '/api/items']) {
      const res = await request(t.app).get(path).set(user.auth);
      expect(res.status).toBe(200);
    }
  });

  it('when the token is valid for a user who no longer exists, then 401', async () => {
    const ghost = jwt.sign({}, TEST_SECRET, { algorithm: 'HS256', subject: '00000000-0000-4000-8000-000000000000' });
    const res = await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${ghost}`);
    expect(res.status).toBe(401);
  });
});

describe('login rate limit', () => {
  it('when more than 10 auth requests come from one IP within a minute, then 429 with the spec text', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 10 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await request(limited.app).post('/api/auth/login').send({ email: 'x@example.com', password: 'wrong-pass' });
        statuses.push(res.status);
        if (res.status === 429) expect(res.body.error).toBe('Rate limit exceeded. Please wait a moment and try again.');
      }
      expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
