import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, joinAccount, registerUser, sampleClient, type TestApp, type TestUser } from '../../../test/test-app.ts';

/** Calendar per member (docs/product.md, "Accounts and roles"): assignees, filters, engineers' own events. */
let t: TestApp;
let owner: TestUser;
let engineer: TestUser;
const slot = { startDate: '2030-05-01T09:00:00Z', endDate: '2030-05-01T10:00:00Z' };
const api = () => request(t.app);

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  engineer = await joinAccount(t.app, owner, 'ENGINEER');
});
afterAll(() => t.close());

describe('calendar per member', () => {
  it('when an engineer adds an event, then it is theirs; when the owner adds one, then it is nobody\u2019s unless assigned', async () => {
    const own = await api()
      .post('/api/calendar')
      .set(engineer.auth)
      .send({ title: 'Van service', ...slot });
    expect(own.status).toBe(201);
    expect(own.body.data.assigneeId).toBe(engineer.id);
    const unassigned = await api()
      .post('/api/calendar')
      .set(owner.auth)
      .send({ title: 'Accounts day', ...slot });
    expect(unassigned.body.data).not.toHaveProperty('assigneeId');
    const given = await api()
      .post('/api/calendar')
      .set(owner.auth)
      .send({ title: 'Boiler at No. 4', ...slot, assigneeId: engineer.id });
    expect(given.body.data.assigneeId).toBe(engineer.id);
  });

  it('when the calendar is filtered by member, then only their events come back, in lists and ranges', async () => {
    const mine = await api()
      .post('/api/calendar')
      .set(owner.auth)
      .send({ title: 'Filtered job', ...slot, assigneeId: engineer.id });
    const list = await api().get('/api/calendar').query({ assignee: engineer.id, limit: 100 }).set(owner.auth);
    const ids = (list.body.data.items as { id: string; assigneeId?: string }[]).map((e) => e.assigneeId);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set([engineer.id]));
    const range = await api().get('/api/calendar/range/2030-05-01T00:00:00Z/2030-05-02T00:00:00Z').query({ assignee: engineer.id }).set(engineer.auth);
    expect((range.body.data as { id: string }[]).map((e) => e.id)).toContain(mine.body.data.id);
    expect((range.body.data as { assigneeId?: string }[]).every((e) => e.assigneeId === engineer.id)).toBe(true);
    expect((await api().get('/api/calendar').query({ assignee: 'me' }).set(owner.auth)).status).toBe(400);
  });

  it('when an engineer changes or removes someone else\u2019s event or gives work away, then 403 and nothing changes', async () => {
    const theirs = (
      await api()
        .post('/api/calendar')
        .set(owner.auth)
        .send({ title: 'Owner visit', ...slot })
    ).body.data;
    const put = await api()
      .put(`/api/calendar/${theirs.id}`)
      .set(engineer.auth)
      .send({ title: 'Hijacked', ...slot });
    expect(put.status).toBe(403);
    expect((await api().delete(`/api/calendar/${theirs.id}`).set(engineer.auth)).status).toBe(403);
    expect(
      (
        await api()
          .post('/api/calendar')
          .set(engineer.auth)
          .send({ title: 'For the boss', ...slot, assigneeId: owner.id })
      ).status,
    ).toBe(403);
    expect((await api().get(`/api/calendar/${theirs.id}`).set(engineer.auth)).body.data.title).toBe('Owner visit');
    const own = (
      await api()
        .post('/api/calendar')
        .set(engineer.auth)
        .send({ title: 'Mine', ...slot })
    ).body.data;
    const edited = await api()
      .put(`/api/calendar/${own.id}`)
      .set(engineer.auth)
      .send({ title: 'Mine, moved', ...slot });
    expect(edited.body.data).toEqual(expect.objectContaining({ title: 'Mine, moved', assigneeId: engineer.id }));
    expect((await api().delete(`/api/calendar/${own.id}`).set(engineer.auth)).status).toBe(200);
  });

  it('when the assignee is not a member of this business, then 400 and nothing is saved', async () => {
    const stranger = await registerUser(t.app);
    const res = await api()
      .post('/api/calendar')
      .set(owner.auth)
      .send({ title: 'Nobody', ...slot, assigneeId: stranger.id });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual({ assigneeId: 'Assignee must be a member of this business' });
    const all = (await api().get('/api/calendar').set(owner.auth)).body.data as { title: string }[];
    expect(all.map((e) => e.title)).not.toContain('Nobody');
  });

  it('when a member makes a follow-up from a quote, then it is assigned to them', async () => {
    const clientId = (await api().post('/api/clients').set(owner.auth).send(sampleClient()).expect(201)).body.data.id;
    const quoteId = (
      await api()
        .post('/api/quotes')
        .set(engineer.auth)
        .send({ clientId, lineItems: [{ description: 'Survey', quantity: 1, unitPrice: 50 }] })
        .expect(201)
    ).body.data.id;
    const res = await api().post(`/api/calendar/from-quote/${quoteId}`).set(engineer.auth).send({});
    expect(res.status).toBe(201);
    expect(res.body.data.assigneeId).toBe(engineer.id);
  });
});
