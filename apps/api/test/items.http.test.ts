import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { items } from '../src/db/schema.ts';
import { createTestApp, registerUser, type TestApp, type TestUser } from './test-app.ts';

const MISSING_ID = '00000000-0000-4000-8000-000000000000';
const sampleItem = (over: Record<string, unknown> = {}) => ({ name: 'Call-out fee', description: 'First hour on site', price: 65.5, ...over });

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  stranger = await registerUser(t.app);
});
afterAll(() => t.close());

async function createItem(user: TestUser, over: Record<string, unknown> = {}) {
  const res = await request(t.app).post('/api/items').set(user.auth).send(sampleItem(over));
  expect(res.status).toBe(201);
  return res.body.data as { id: string; name: string; price: number };
}

describe('items CRUD', () => {
  it('when an item is created, then it answers the item with the price in pounds and stores pence', async () => {
    const res = await request(t.app)
      .post('/api/items')
      .set(owner.auth)
      .send(sampleItem({ price: 1234.56 }));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Call-out fee',
        description: 'First hour on site',
        price: 1234.56,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const [row] = await t.ctx.db.select().from(items).where(eq(items.id, res.body.data.id));
    expect(row?.pricePence).toBe(123456);
  });

  it('when the price is 0, then it is accepted', async () => {
    const item = await createItem(owner, { price: 0 });
    expect(item.price).toBe(0);
  });

  it('when one item is read, then it answers that item', async () => {
    const item = await createItem(owner, { name: 'Labour' });
    const res = await request(t.app).get(`/api/items/${item.id}`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: item.id, name: 'Labour', price: 65.5 });
  });

  it('when items are listed, then they come newest first and only the owner’s', async () => {
    const user = await registerUser(t.app);
    const a = await createItem(user, { name: 'A' });
    const b = await createItem(user, { name: 'B' });
    const c = await createItem(user, { name: 'C' });
    const res = await request(t.app).get('/api/items').set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.map((x: { id: string }) => x.id)).toEqual([c.id, b.id, a.id]);
  });

  it('when an item is updated, then the new values are kept', async () => {
    const item = await createItem(owner);
    const res = await request(t.app).put(`/api/items/${item.id}`).set(owner.auth).send({ name: 'Half day', description: 'Four hours', price: 180 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: item.id, name: 'Half day', description: 'Four hours', price: 180 });
    const again = await request(t.app).get(`/api/items/${item.id}`).set(owner.auth);
    expect(again.body.data.name).toBe('Half day');
  });

  it('when an item is deleted, then it is gone', async () => {
    const item = await createItem(owner);
    const res = await request(t.app).delete(`/api/items/${item.id}`).set(owner.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { id: item.id } });
    const after = await request(t.app).get(`/api/items/${item.id}`).set(owner.auth);
    expect(after.status).toBe(404);
    expect(after.body.error).toBe('Item not found');
  });

  it('when the id does not exist, then 404 Item not found for read, update and delete', async () => {
    for (const call of [
      request(t.app).get(`/api/items/${MISSING_ID}`),
      request(t.app).put(`/api/items/${MISSING_ID}`).send(sampleItem()),
      request(t.app).delete(`/api/items/${MISSING_ID}`),
    ]) {
      const res = await call.set(owner.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ success: false, error: 'Item not found', code: 'NOT_FOUND' });
    }
  });

  it('when no token is sent, then every items call answers 401', async () => {
    for (const call of [
      request(t.app).get('/api/items'),
      request(t.app).post('/api/items').send(sampleItem()),
      request(t.app).get(`/api/items/${MISSING_ID}`),
      request(t.app).put(`/api/items/${MISSING_ID}`).send(sampleItem()),
      request(t.app).delete(`/api/items/${MISSING_ID}`),
    ]) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Authentication required');
    }
  });
});

describe('item validation (docs/product.md, validation messages)', () => {
  it.each([
    [{ description: 'd', price: 1 }, 'Name is required', ['name']],
    [{ name: ' ', description: 'd', price: 1 }, 'Name is required', ['name']],
    [{ name: 'n', price: 1 }, 'Description is required', ['description']],
    [{ name: 'n', description: '', price: 1 }, 'Description is required', ['description']],
    [{ name: 'n', description: 'd', price: -0.01 }, 'Price must be non-negative', ['price']],
    [{ name: 'n', description: 'd' }, 'Price must be non-negative', ['price']],
    [{ name: 'n', description: 'd', price: 'ten' }, 'Price must be non-negative', ['price']],
    [{}, 'Name is required', ['name', 'description', 'price']],
  ])('when the body is %j, then 400 %s and nothing is stored', async (body, message, fields) => {
    const user = await registerUser(t.app);
    const kept = await createItem(user, { name: 'Keep Me' });
    const created = await request(t.app).post('/api/items').set(user.auth).send(body);
    const updated = await request(t.app).put(`/api/items/${kept.id}`).set(user.auth).send(body);
    for (const res of [created, updated]) {
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
      expect(Object.keys(res.body.details).sort()).toEqual([...fields].sort());
    }
    const list = await request(t.app).get('/api/items').set(user.auth);
    expect(list.body.data).toEqual([expect.objectContaining({ id: kept.id, name: 'Keep Me', price: 65.5 })]);
  });
});

describe('item tenancy', () => {
  it('when another user reads, updates or deletes an item, then 404 exactly as a missing one and nothing changes', async () => {
    const mine = await createItem(owner, { name: 'Private Item' });
    const calls = (id: string) => [
      request(t.app).get(`/api/items/${id}`),
      request(t.app)
        .put(`/api/items/${id}`)
        .send(sampleItem({ name: 'Hijacked' })),
      request(t.app).delete(`/api/items/${id}`),
    ];
    const foreign = calls(mine.id);
    const missing = calls(MISSING_ID);
    for (let i = 0; i < foreign.length; i++) {
      const a = await foreign[i]!.set(stranger.auth);
      const b = await missing[i]!.set(stranger.auth);
      expect(a.status).toBe(404);
      expect(a.body).toEqual(b.body);
    }
    const still = await request(t.app).get(`/api/items/${mine.id}`).set(owner.auth);
    expect(still.body.data.name).toBe('Private Item');
    const theirs = await request(t.app).get('/api/items').set(stranger.auth);
    expect(theirs.body.data.find((x: { id: string }) => x.id === mine.id)).toBeUndefined();
  });
});
