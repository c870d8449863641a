import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { expenseReceipts } from '../../db/schema.ts';
import { sha256Hex, signV4, type SigV4Credentials } from '../../lib/aws-sigv4.ts';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { makePng } from '../../../test/image-fixtures.ts';

/**
 * A fake S3-compatible bucket on 127.0.0.1: it checks each request's Signature Version 4 as S3 does
 * (the signer itself is checked against AWS's published example in lib/aws-sigv4.test.ts) and the
 * body against its x-amz-content-sha256, and keeps objects in memory.
 */
async function startFakeS3(credentials: SigV4Credentials) {
  const fake = {
    credentials,
    objects: new Map<string, { type: string; data: Buffer }>(),
    requests: [] as string[],
    refused: [] as string[],
    down: false,
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      fake.requests.push(`${req.method} ${url.pathname}`);
      if (fake.down) return void res.writeHead(503).end();
      const auth = String(req.headers.authorization ?? '');
      const signed = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
      const extra = Object.fromEntries(
        signed.filter((n) => !['host', 'x-amz-date', 'x-amz-content-sha256'].includes(n)).map((n) => [n, String(req.headers[n] ?? '')]),
      );
      const d = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(String(req.headers['x-amz-date'] ?? ''));
      const at = d ? new Date(`${d[1]}-${d[2]}-${d[3]}T${d[4]}:${d[5]}:${d[6]}Z`) : new Date(0);
      const expected = signV4(fake.credentials, { method: req.method ?? '', url, headers: extra, payloadHash: sha256Hex(body), at }).authorization;
      if (!d || auth !== expected || req.headers['x-amz-content-sha256'] !== sha256Hex(body)) {
        fake.refused.push(`${req.method} ${url.pathname}`);
        return void res.writeHead(403, { 'Content-Type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
      }
      if (req.method === 'PUT') {
        fake.objects.set(url.pathname, { type: String(req.headers['content-type']), data: body });
        return void res.writeHead(200).end();
      }
      if (req.method === 'GET') {
        const o = fake.objects.get(url.pathname);
        return void (o ? res.writeHead(200, { 'Content-Type': o.type }).end(o.data) : res.writeHead(404).end());
      }
      if (req.method === 'DELETE') {
        fake.objects.delete(url.pathname);
        return void res.writeHead(204).end();
      }
      res.writeHead(405).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return fake;
}

const KEYS = { accessKeyId: 'DOCKETTESTKEY', secretAccessKey: 'docket-test-secret-key', region: 'eu-west-2', service: 's3' };
let s3: Awaited<ReturnType<typeof startFakeS3>>;
let t: TestApp;
let u: TestUser;
const PHOTO = makePng(40, 30);

const newExpense = async (who: TestUser = u) => {
  const res = await request(t.app)
    .post('/api/expenses')
    .set(who.auth)
    .send({ date: '2031-03-02', supplier: 'Screwfix', category: 'COST_OF_GOODS', net: 10, vat: 'STANDARD' });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as string;
};
const attach = (id: string, who: TestUser = u) => request(t.app).put(`/api/expenses/${id}/receipt`).set(who.auth).set('Content-Type', 'image/png').send(PHOTO);
const objectOf = (id: string) => s3.objects.get(`/docket-receipts/receipts/${u.id}/${id}`);

beforeAll(async () => {
  s3 = await startFakeS3(KEYS);
  t = await createTestApp({
    receiptsS3: { bucketUrl: `${s3.url}/docket-receipts/`, region: KEYS.region, accessKeyId: KEYS.accessKeyId, secretAccessKey: KEYS.secretAccessKey },
  });
  u = await registerUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('receipts in S3-compatible storage (RECEIPTS_S3_*)', () => {
  it('when a photo is attached, then its re-encoded bytes are in the bucket, the database keeps only its type and size, and it reads back', async () => {
    const id = await newExpense();
    const res = await attach(id);
    expect(res.status, res.text).toBe(200);
    const object = objectOf(id)!;
    expect(object).toBeDefined();
    expect(object.data.equals(PHOTO)).toBe(false); // re-encoded, as in the database store
    expect(res.body.data.receipt).toEqual({ mimeType: object.type, bytes: object.data.length });
    const [row] = await t.ctx.db.select().from(expenseReceipts).where(eq(expenseReceipts.expenseId, id));
    expect([row!.data.length, row!.bytes, row!.mimeType]).toEqual([0, object.data.length, object.type]);
    const back = await request(t.app).get(`/api/expenses/${id}/receipt`).set(u.auth).buffer(true);
    expect(back.status).toBe(200);
    expect(back.headers['content-type']).toBe(object.type);
    expect(Buffer.from(back.body as Buffer).equals(object.data)).toBe(true);
    expect(s3.refused).toEqual([]);
  });

  it('when the receipt, or the expense with its receipt, is deleted, then the object leaves the bucket', async () => {
    const id = await newExpense();
    await attach(id);
    expect((await request(t.app).delete(`/api/expenses/${id}/receipt`).set(u.auth)).body.data.receipt).toBeNull();
    expect(objectOf(id)).toBeUndefined();
    await attach(id);
    expect(objectOf(id)).toBeDefined();
    expect((await request(t.app).delete(`/api/expenses/${id}`).set(u.auth)).status).toBe(200);
    expect(objectOf(id)).toBeUndefined();
  });

  it('when another account names the expense, then 404 and the bucket is not asked', async () => {
    const id = await newExpense();
    await attach(id);
    const stranger = await registerUser(t.app);
    const asked = s3.requests.length;
    expect((await request(t.app).get(`/api/expenses/${id}/receipt`).set(stranger.auth)).status).toBe(404);
    expect((await attach(id, stranger)).status).toBe(404);
    expect((await request(t.app).delete(`/api/expenses/${id}/receipt`).set(stranger.auth)).status).toBe(404);
    expect(s3.requests.length).toBe(asked);
    expect(objectOf(id)).toBeDefined();
  });

  it('when the storage refuses our signature or is down, then 503 in plain words and the expense has no receipt', async () => {
    const id = await newExpense();
    s3.credentials = { ...KEYS, secretAccessKey: 'rotated' };
    try {
      const refused = await attach(id);
      expect(refused.status).toBe(503);
      expect(refused.body.error).toMatch(/^Receipt storage is not answering\. Try again in a few minutes\./);
      expect(s3.refused).toContain(`PUT /docket-receipts/receipts/${u.id}/${id}`);
    } finally {
      s3.credentials = KEYS;
    }
    s3.down = true;
    try {
      expect((await attach(id)).status).toBe(503);
    } finally {
      s3.down = false;
    }
    expect((await request(t.app).get(`/api/expenses/${id}`).set(u.auth)).body.data.receipt).toBeNull();
    expect(objectOf(id)).toBeUndefined();
  });
});
