import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { calendarEvents, clients, invoices, quotes } from '../src/db/schema.ts';
import { createTestApp, registerUser, sampleClient, type TestApp, type TestUser } from './test-app.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  stranger = await registerUser(t.app);
});
afterAll(() => t.close());

async function createClient(user: TestUser, over: Record<string, unknown> = {}) {
  const res = await request(t.app).post('/api/clients').set(user.auth).send(sampleClient(over));
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string };
}

describe('clients CRUD', () => {
  it('when a client is created, then it answers the stored client with optional fields', async () => {
    const res = await request(t.app)
      .post('/api/clients')
      .set(owner.auth)
      .send(sampleClient({ email: '  Accounts@ACME.example ' }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Acme Plumbing Ltd',
        email: 'accounts@acme.example',
        phone: '020 7946 0000',
        address: '1 High Street\nLondon\nSW1A 1AA',
        isBusiness: false,
        vatNumber: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
  });

  it('when phone and address are absent or blank, then they are stored as null', async () => {
    const res = await request(t.app).post('/api/clients').set(owner.auth).send({ name: 'Jo Bloggs', email: 'jo@example.com', phone: '  ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ phone: null, address: null });
  });

  it('when one client is read, then it answers that client', async () => {
    const created = await createClient(owner, { name: 'Read Me' });
    const res = await request(t.app).get(`/api/clients/${created.id}`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, name: 'Read Me' });
  });

  it('when clients are listed, then they come newest first and only the owner’s', async () => {
    const user = await registerUser(t.app);
    const a = await createClient(user, { name: 'First' });
    const b = await createClient(user, { name: 'Second' });
    const c = await createClient(user, { name: 'Third' });
    const res = await request(t.app).get('/api/clients').set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([c.id, b.id, a.id]);
  });

  it('when a client is updated, then every field is replaced and updatedAt moves on', async () => {
    const created = await createClient(owner);
    const res = await request(t.app).put(`/api/clients/${created.id}`).set(owner.auth).send({ name: 'Renamed Ltd', email: 'new@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: created.id, name: 'Renamed Ltd', email: 'new@example.com', phone: null, address: null });
    const again = await request(t.app).get(`/api/clients/${created.id}`).set(owner.auth);
    expect(again.body.data.name).toBe('Renamed Ltd');
  });

  it('when an unused client is deleted, then it is gone', async () => {
    const created = await createClient(owner);
    const res = await request(t.app).delete(`/api/clients/${created.id}`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: created.id } });
    const after = await request(t.app).get(`/api/clients/${created.id}`).set(owner.auth);
    expect(after.status).toBe(404);
    expect(after.body).toEqual({ success: false, error: 'Client not found', code: 'NOT_FOUND' });
  });

  it('when the id does not exist, then 404 Client not found for read, update and delete', async () => {
    for (const call of [
      request(t.app).get(`/api/clients/${MISSING_ID}`),
      request(t.app).put(`/api/clients/${MISSING_ID}`).send(sampleClient()),
      request(t.app).delete(`/api/clients/${MISSING_ID}`),
    ]) {
      const res = await call.set(owner.auth);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Client not found');
    }
  });

  it('when no token is sent, then every clients call answers 401', async () => {
    for (const call of [
      request(t.app).get('/api/clients'),
      request(t.app).post('/api/clients').send(sampleClient()),
      request(t.app).get(`/api/clients/${MISSING_ID}`),
      request(t.app).put(`/api/clients/${MISSING_ID}`).send(sampleClient()),
      request(t.app).delete(`/api/clients/${MISSING_ID}`),
    ]) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: 'Authentication required' });
    }
  });
});

describe('client validation (docs/product.md, validation messages)', () => {
  it.each([
    [{ email: 'a@b.co' }, 'Name is required', ['name']],
    [{ name: '   ', email: 'a@b.co' }, 'Name is required', ['name']],
    [{ name: 'Ann', email: 'not-an-email' }, 'Invalid email address', ['email']],
    [{}, 'Name is required', ['name']],
  ])('when the body is %j, then 400 %s and nothing is stored', async (body, message, fields) => {
    const user = await registerUser(t.app);
    for (const send of [
      () => request(t.app).post('/api/clients').set(user.auth).send(body),
      async () => {
        const c = await createClient(user, { name: 'Keep Me' });
        const res = await request(t.app).put(`/api/clients/${c.id}`).set(user.auth).send(body);
        const kept = await request(t.app).get(`/api/clients/${c.id}`).set(user.auth);
        expect(kept.body.data.name).toBe('Keep Me');
        return res;
      },
    ]) {
      const res = await send();
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error).toBe(message);
      expect(Object.keys(res.body.details).sort()).toEqual([...fields].sort());
    }
    const list = await request(t.app).get('/api/clients').set(user.auth);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Keep Me']);
  });

  it('when the body has every field wrong, then details names each field', async () => {
    const res = await request(t.app).post('/api/clients').set(owner.auth).send({ name: '', email: 'x', phone: 5 });
    expect(res.status).toBe(400);
    expect(res.body.details).toMatchObject({ name: 'Name is required', email: 'Invalid email address', phone: expect.any(String) });
  });
});

describe('client tenancy', () => {
  it('when another user reads, updates or deletes a client, then 404 exactly as a missing one and nothing changes', async () => {
    const mine = await createClient(owner, { name: 'Private Client' });
    const calls = (id: string) => [
      request(t.app).get(`/api/clients/${id}`),
      request(t.app)
        .put(`/api/clients/${id}`)
        .send(sampleClient({ name: 'Hijacked' })),
      request(t.app).delete(`/api/clients/${id}`),
    ];
    const foreign = calls(mine.id);
    const missing = calls(MISSING_ID);
    for (let i = 0; i < foreign.length; i++) {
      const a = await foreign[i]!.set(stranger.auth);
      const b = await missing[i]!.set(stranger.auth);
      expect(a.status).toBe(404);
      expect(a.body).toEqual(b.body);
    }
    const still = await request(t.app).get(`/api/clients/${mine.id}`).set(owner.auth);
    expect(still.status).toBe(200);
    expect(still.body.data.name).toBe('Private Client');
    const theirs = await request(t.app).get('/api/clients').set(stranger.auth);
    expect(theirs.body.data.find((c: { id: string }) => c.id === mine.id)).toBeUndefined();
  });
});

describe('client delete protection', () => {
  const money = { taxRateBp: 2000, subtotalPence: 1000, taxPence: 200, totalPence: 1200 };
  const references: Array<[string, (userId: string, clientId: string) => Promise<unknown>]> = [
    ['a quote', (userId, clientId) => t.ctx.db.insert(quotes).values({ userId, clientId, quoteNumber: 'Q0001', ...money })],
    ['an invoice', (userId, clientId) => t.ctx.db.insert(invoices).values({ userId, clientId, invoiceNumber: 'INV0001', dueDate: '2030-01-31', ...money })],
    [
      'an event',
      (userId, clientId) =>
        t.ctx.db.insert(calendarEvents).values({
          userId,
          clientId,
          title: 'Site visit',
          startDate: new Date('2030-01-01T09:00:00Z'),
          endDate: new Date('2030-01-01T10:00:00Z'),
          color: '#22c55e',
        }),
    ],
  ];

  it.each(references)('when the client has %s, then 409 and nothing is removed', async (_label, insert) => {
    const user = await registerUser(t.app);
    const client = await createClient(user);
    await insert(user.id, client.id);
    const res = await request(t.app).delete(`/api/clients/${client.id}`).set(user.auth);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: 'This client has quotes, invoices or events and cannot be deleted' });
    const still = await request(t.app).get(`/api/clients/${client.id}`).set(user.auth);
    expect(still.status).toBe(200);
    const [q, i, e] = await Promise.all([
      t.ctx.db.select().from(quotes).where(eq(quotes.clientId, client.id)),
      t.ctx.db.select().from(invoices).where(eq(invoices.clientId, client.id)),
      t.ctx.db.select().from(calendarEvents).where(eq(calendarEvents.clientId, client.id)),
    ]);
    expect(q.length + i.length + e.length).toBe(1);
    expect((await t.ctx.db.select().from(clients).where(eq(clients.id, client.id))).length).toBe(1);
  });
});
