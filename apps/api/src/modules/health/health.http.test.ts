import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('platform behaviour', () => {
  it('when health is asked without a token, then ok and the database kind', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite' });
  });

  it('when an unknown /api route is called, then a 404 JSON envelope', async () => {
    const res = await request(t.app).get('/api/nope/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: 'Route not found' });
  });

  it('when the JSON body is malformed, then 400 Malformed JSON body', async () => {
    const res = await request(t.app).post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Malformed JSON body' });
  });

  it('when a body is over 256 KB, then 413', async () => {
    const res = await request(t.app)
      .post('/api/auth/login')
      .send({ email: 'a@b.co', password: 'x'.repeat(300 * 1024) });
    expect(res.status).toBe(413);
    expect(res.body.success).toBe(false);
  });

  it('when any answer is sent, then security headers are set and X-Powered-By is not', async () => {
    const res = await request(t.app).get('/api/health');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
