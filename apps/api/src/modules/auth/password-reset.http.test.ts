import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { startSmtpPeer, type SmtpPeer } from '../../../test/smtp-peer.ts';
import { eq } from 'drizzle-orm';
import { passwordResetTokens } from '../../db/schema.ts';

let t: TestApp;
let peer: SmtpPeer;
let user: TestUser;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await createTestApp({
    mail: { smtpUrl: peer.url, from: 'Docket <no-reply@docket.test>', perDay: 200, retryDelaySeconds: 1, publicUrl: 'https://docket.example' },
  });
  user = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

const forgot = (email: string) => request(t.app).post('/api/auth/forgot-password').send({ email });
const reset = (token: string, password: string) => request(t.app).post('/api/auth/reset-password').send({ token, password });
async function linkToken(n: number): Promise<string> {
  const mails = await peer.waitFor(n);
  const match = /reset-password\?token=([\w%-]+)/.exec(mails[n - 1]!.text ?? '');
  if (!match) throw new Error('no link in the email');
  return decodeURIComponent(match[1]!);
}

describe('password reset', () => {
  it('when asked for an unknown and a known address, then both answers are the same and only the account owner gets an email', async () => {
    const unknown = await forgot('nobody-here@example.co.uk');
    const known = await forgot(user.email);
    expect(unknown.status).toBe(202);
    expect(known.status).toBe(202);
    expect(unknown.body).toEqual(known.body);
    const token = await linkToken(1);
    await new Promise((r) => setTimeout(r, 300));
    expect(peer.received).toHaveLength(1);
    expect(peer.received[0]!.to && 'text' in peer.received[0]!.to ? peer.received[0]!.to.text : '').toBe(user.email);
    expect(peer.received[0]!.text).toContain('https://docket.example/reset-password?token=');
    // Only the hash is stored.
    const rows = await t.ctx.db.select().from(passwordResetTokens);
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('when the link is used, then the password changes, older sessions are refused, and the link dies', async () => {
    const sent = peer.received.length;
    await forgot(user.email).expect(202);
    const token = await linkToken(sent + 1);
    expect((await request(t.app).get('/api/auth/me').set(user.auth)).status).toBe(200);
    const res = await reset(token, 'a-brand-new-password');
    expect(res.status).toBe(200);
    expect((await request(t.app).get('/api/auth/me').set(user.auth)).status).toBe(401);
    expect((await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'correct-horse' })).status).toBe(401);
    const login = await request(t.app).post('/api/auth/login').send({ email: user.email, password: 'a-brand-new-password' });
    expect(login.status).toBe(200);
    expect(
      (
        await request(t.app)
          .get('/api/auth/me')
          .set({ Authorization: `Bearer ${login.body.data.token}` })
      ).status,
    ).toBe(200);
    const again = await reset(token, 'yet-another-password');
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('This reset link is invalid, has expired or has already been used: ask for a new one');
  });

  it('when the link is more than an hour old, then it is refused', async () => {
    const u = await registerUser(t.app);
    const sent = peer.received.length;
    t.setNow(new Date(Date.now() - 61 * 60 * 1000));
    await forgot(u.email).expect(202);
    t.setNow(null);
    const token = await linkToken(sent + 1);
    expect((await reset(token, 'a-brand-new-password')).status).toBe(400);
    expect((await request(t.app).post('/api/auth/login').send({ email: u.email, password: 'correct-horse' })).status).toBe(200);
  });

  it('when the token or password is malformed, then 400 and nothing changes', async () => {
    expect((await reset('short', 'a-brand-new-password')).status).toBe(400);
    expect((await reset('x'.repeat(43), 'short')).status).toBe(400);
    expect((await reset('x'.repeat(43), 'a-brand-new-password')).status).toBe(400);
    expect((await forgot('not-an-email')).status).toBe(400);
  });
});

describe('password reset limits', () => {
  it('when one address asks four times within the hour, then three links go out and every answer is the same', async () => {
    const u = await registerUser(t.app);
    const before = peer.received.length;
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push(await forgot(u.email));
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    await peer.waitFor(before + 3);
    await new Promise((r) => setTimeout(r, 1000));
    expect(peer.received.slice(before).filter((m) => JSON.stringify(m.to).includes(u.email))).toHaveLength(3);
    const tokens = await t.ctx.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, u.id));
    expect(tokens).toHaveLength(3);
  });

  it('when one IP uses up the forgot-password bucket, then sign-in from it still works', async () => {
    const small = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      const u = await registerUser(small.app, undefined, { verified: false });
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await request(small.app).post('/api/auth/forgot-password').send({ email: u.email })).status);
      expect(answers).toEqual([202, 202, 202, 429, 429]);
      expect((await request(small.app).post('/api/auth/login').send({ email: u.email, password: 'correct-horse' })).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});
