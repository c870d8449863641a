import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client.ts';
import {
  createTestApp,
  joinAccount,
  registerUser,
  sampleClient,
  sampleCompany,
  switchAccount,
  uniqueEmail,
  type TestApp,
  type TestUser,
} from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const REFUSED = { success: false, error: 'Your role does not allow this', code: 'FORBIDDEN' };
const api = () => request(t.app);
const invite = (owner: TestUser, body: unknown) =>
  api()
    .post('/api/account/invitations')
    .set(owner.auth)
    .send(body as object);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const members = async (user: TestUser) => (await api().get('/api/account/members').set(user.auth)).body.data as { userId: string; role: string }[];

describe('accounts of a user', () => {
  it('when a user signs up, then they own one account with their own id and it is the current one', async () => {
    const u = await registerUser(t.app);
    const res = await api().get('/api/accounts').set(u.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: u.id, name: u.email, role: 'OWNER', current: true }]);
    const account = await api().get('/api/account').set(u.auth);
    expect(account.body.data).toEqual({ id: u.id, name: u.email, engineersSeePrices: false, role: 'OWNER' });
  });

  it('when the company profile is named, then the account is listed by that name', async () => {
    const u = await registerUser(t.app);
    await api().post('/api/company').set(u.auth).send({ name: 'Pipes & Co', email: 'pipes@example.co.uk' }).expect(201);
    expect((await api().get('/api/accounts').set(u.auth)).body.data[0].name).toBe('Pipes & Co');
  });

  it('when a user switches to an account they belong to, then the new token works in it; another account or a bad body is refused', async () => {
    const owner = await registerUser(t.app);
    await api()
      .post('/api/clients')
      .set(owner.auth)
      .send(sampleClient({ name: 'Owner Client' }))
      .expect(201);
    const member = await joinAccount(t.app, owner, 'OFFICE');
    const listed = (await api().get('/api/accounts').set(member.auth)).body.data as { id: string; role: string; current: boolean }[];
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: member.id, role: 'OWNER', current: false }),
        expect.objectContaining({ id: owner.id, role: 'OFFICE', current: true }),
      ]),
    );
    const clients = await api().get('/api/clients').set(member.auth);
    expect(clients.body.data.map((c: { name: string }) => c.name)).toEqual(['Owner Client']);
    // back in their own (empty) account
    const own = await switchAccount(t.app, member, member.id);
    expect((await api().get('/api/clients').set(own.auth)).body.data).toEqual([]);

    const stranger = await registerUser(t.app);
    const refused = await api().post('/api/auth/switch').set(member.auth).send({ accountId: stranger.id });
    expect(refused.status).toBe(404);
    expect((await api().post('/api/auth/switch').set(member.auth).send({ accountId: owner.id, extra: 1 })).status).toBe(400);
    expect((await api().post('/api/auth/switch').set(member.auth).send({ accountId: 'nope' })).status).toBe(400);
    expect((await api().post('/api/auth/switch').send({ accountId: owner.id })).status).toBe(401);
  });
});

describe('invitations', () => {
  it('when the owner invites, then 201 with a link valid 7 days, the email is in the outbox, and it is pending', async () => {
    const owner = await registerUser(t.app);
    const email = uniqueEmail('office');
    t.setNow('2030-03-01T10:00:00Z');
    const res = await invite(owner, { email, role: 'OFFICE' });
    t.setNow(null);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      email,
      role: 'OFFICE',
      url: expect.stringContaining('/accept-invitation?token='),
      expiresAt: '2030-03-08T10:00:00.000Z',
      createdAt: '2030-03-01T10:00:00.000Z',
    });
    const outbox = await api().get('/api/email/outbox').set(owner.auth);
    const message = (outbox.body.data as { to: string[]; text?: string; textBody?: string; subject: string }[]).find((m) => m.to.includes(email));
    expect(message?.subject).toContain('invited');
    expect(JSON.stringify(message)).toContain(tokenOf(res.body.data.url));
    const pending = await api().get('/api/account/invitations').set(owner.auth);
    expect(pending.body.data).toEqual([expect.objectContaining({ id: res.body.data.id, email, role: 'OFFICE', invitedBy: owner.email.split('@')[0] })]);
    expect(JSON.stringify(pending.body)).not.toContain(tokenOf(res.body.data.url));
  });

  it.each([
    [{ email: 'x@example.co.uk' }, 'role'],
    [{ email: 'x@example.co.uk', role: 'BOSS' }, 'role'],
    [{ email: 'not-an-email', role: 'OFFICE' }, 'email'],
    [{ email: 'x@example.co.uk', role: 'OFFICE', extra: true }, null],
  ])('when the body is %j, then 400 and no invitation is made', async (body, field) => {
    const owner = await registerUser(t.app);
    const res = await invite(owner, body);
    expect(res.status).toBe(400);
    if (field) expect(res.body.details).toHaveProperty(field);
    expect((await api().get('/api/account/invitations').set(owner.auth)).body.data).toEqual([]);
  });

  it('when the invitee accepts twice, then they join once with the invited role', async () => {
    const owner = await registerUser(t.app);
    const email = uniqueEmail('eng');
    const inv = await invite(owner, { email, role: 'ENGINEER' });
    const user = await registerUser(t.app, email);
    const path = `/api/account/invitations/${tokenOf(inv.body.data.url)}/accept`;
    const [first, second] = await Promise.all([api().post(path).set(user.auth).send({}), api().post(path).set(user.auth).send({})]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(first.body.data).toEqual({ accountId: owner.id, accountName: owner.email, userId: user.id, role: 'ENGINEER' });
    expect(second.body.data).toEqual(first.body.data);
    expect((await members(owner)).filter((m) => m.userId === user.id)).toEqual([expect.objectContaining({ role: 'ENGINEER' })]);
    expect((await api().get('/api/account/invitations').set(owner.auth)).body.data).toEqual([]);
  });

  it('when someone else, a bad token or an expired link is used, then it is refused and nobody joins', async () => {
    const owner = await registerUser(t.app);
    const email = uniqueEmail('acc');
    const inv = await invite(owner, { email, role: 'ACCOUNTANT' });
    const token = tokenOf(inv.body.data.url);
    const other = await registerUser(t.app);
    const wrong = await api().post(`/api/account/invitations/${token}/accept`).set(other.auth).send({});
    expect(wrong.status).toBe(403);
    expect(
      (
        await api()
          .post(`/api/account/invitations/${'x'.repeat(43)}/accept`)
          .set(other.auth)
          .send({})
      ).status,
    ).toBe(404);
    expect((await api().post(`/api/account/invitations/short/accept`).set(other.auth).send({})).status).toBe(400);
    const invitee = await registerUser(t.app, email);
    expect((await api().post(`/api/account/invitations/${token}/accept`).set(invitee.auth).send({ more: 1 })).status).toBe(400);
    t.setNow(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    const late = await api().post(`/api/account/invitations/${token}/accept`).set(invitee.auth).send({});
    t.setNow(null);
    expect(late.status).toBe(404);
    expect((await members(owner)).map((m) => m.userId)).toEqual([owner.id]);
  });

  it('when an invitation is resent, then only the new link works; when cancelled, then no link works', async () => {
    const owner = await registerUser(t.app);
    const email = uniqueEmail('office');
    const inv = await invite(owner, { email, role: 'OFFICE' });
    const resent = await api().post(`/api/account/invitations/${inv.body.data.id}/resend`).set(owner.auth).send({});
    expect(resent.status).toBe(200);
    expect(tokenOf(resent.body.data.url)).not.toBe(tokenOf(inv.body.data.url));
    const user = await registerUser(t.app, email);
    expect(
      (
        await api()
          .post(`/api/account/invitations/${tokenOf(inv.body.data.url)}/accept`)
          .set(user.auth)
          .send({})
      ).status,
    ).toBe(404);
    const cancelled = await api().delete(`/api/account/invitations/${inv.body.data.id}`).set(owner.auth);
    expect(cancelled.body.data).toEqual({ id: inv.body.data.id });
    expect(
      (
        await api()
          .post(`/api/account/invitations/${tokenOf(resent.body.data.url)}/accept`)
          .set(user.auth)
          .send({})
      ).status,
    ).toBe(404);
    expect((await api().delete(`/api/account/invitations/${inv.body.data.id}`).set(owner.auth)).status).toBe(404);
  });

  it('when an existing member is invited again, then 409', async () => {
    const owner = await registerUser(t.app);
    const member = await joinAccount(t.app, owner, 'OFFICE');
    expect((await invite(owner, { email: member.email.toUpperCase(), role: 'ENGINEER' })).status).toBe(409);
  });
});

describe('members', () => {
  it('when members are listed, then each shows user id, email, name and role', async () => {
    const owner = await registerUser(t.app);
    const eng = await joinAccount(t.app, owner, 'ENGINEER');
    const res = await api().get('/api/account/members').set(owner.auth);
    expect(res.body.data).toEqual([
      { userId: owner.id, email: owner.email, name: owner.email.split('@')[0], role: 'OWNER' },
      { userId: eng.id, email: eng.email, name: eng.email.split('@')[0], role: 'ENGINEER' },
    ]);
  });

  it("when a member's role changes, then their sessions for the account end at once and a new one has the new role", async () => {
    const owner = await registerUser(t.app);
    const member = await joinAccount(t.app, owner, 'ACCOUNTANT');
    expect((await api().get('/api/invoices').set(member.auth)).status).toBe(200);
    const changed = await api().patch(`/api/account/members/${member.id}`).set(owner.auth).send({ role: 'ENGINEER' });
    expect(changed.body.data).toEqual(expect.objectContaining({ userId: member.id, role: 'ENGINEER' }));
    expect((await api().get('/api/clients').set(member.auth)).status).toBe(401);
    // their own account is untouched by it
    const own = await switchAccount(t.app, member, member.id);
    expect((await api().get('/api/clients').set(own.auth)).status).toBe(200);
    const again = await switchAccount(t.app, own, owner.id);
    expect((await api().get('/api/invoices').set(again.auth)).body).toEqual(REFUSED);
  });

  it('when a member is removed, then their next request is refused and they no longer list the account', async () => {
    const owner = await registerUser(t.app);
    const member = await joinAccount(t.app, owner, 'OFFICE');
    expect((await api().delete(`/api/account/members/${member.id}`).set(owner.auth)).body.data).toEqual({ userId: member.id });
    expect((await api().get('/api/clients').set(member.auth)).status).toBe(401);
    expect((await api().get('/api/accounts').set(member.auth)).body.data.map((a: { id: string }) => a.id)).toEqual([member.id]);
    expect((await api().post('/api/auth/switch').set(member.auth).send({ accountId: owner.id })).status).toBe(404);
    expect((await api().delete(`/api/account/members/${member.id}`).set(owner.auth)).status).toBe(404);
  });

  it('when the only owner would be removed or demoted, then 409 and they stay owner', async () => {
    const owner = await registerUser(t.app);
    await joinAccount(t.app, owner, 'OFFICE');
    const removed = await api().delete(`/api/account/members/${owner.id}`).set(owner.auth);
    expect(removed.status).toBe(409);
    expect(removed.body.error).toBe('An account always keeps at least one owner');
    expect((await api().patch(`/api/account/members/${owner.id}`).set(owner.auth).send({ role: 'OFFICE' })).status).toBe(409);
    expect((await members(owner)).find((m) => m.userId === owner.id)?.role).toBe('OWNER');
  });

  it('when two owners remove each other at once, then one owner is left', async () => {
    const first = await registerUser(t.app);
    const second = await joinAccount(t.app, first, 'OWNER');
    const results = await Promise.all([
      api().delete(`/api/account/members/${second.id}`).set(first.auth),
      api().delete(`/api/account/members/${first.id}`).set(second.auth),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    // counted in the database: whichever won, the loser's session has ended
    const rows = await queryRows<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from memberships where account_id = ${first.id} and role = 'OWNER'`);
    expect(rows[0]!.n).toBe(1);
  });

  it.each([
    [{}, 'role'],
    [{ role: 'KING' }, 'role'],
    [{ role: 'OFFICE', x: 1 }, null],
  ])('when a role change body is %j, then 400 and nothing changes', async (body, field) => {
    const owner = await registerUser(t.app);
    const member = await joinAccount(t.app, owner, 'ENGINEER');
    const res = await api().patch(`/api/account/members/${member.id}`).set(owner.auth).send(body);
    expect(res.status).toBe(400);
    if (field) expect(res.body.details).toHaveProperty(field);
    expect((await members(owner)).find((m) => m.userId === member.id)?.role).toBe('ENGINEER');
    expect((await api().get('/api/clients').set(member.auth)).status).toBe(200);
  });

  it("when another account's owner names this account's members or invitations, then 404 and nothing changes", async () => {
    const owner = await registerUser(t.app);
    const member = await joinAccount(t.app, owner, 'OFFICE');
    const inv = await invite(owner, { email: uniqueEmail('x'), role: 'OFFICE' });
    const stranger = await registerUser(t.app);
    expect((await api().patch(`/api/account/members/${member.id}`).set(stranger.auth).send({ role: 'ENGINEER' })).status).toBe(404);
    expect((await api().delete(`/api/account/members/${member.id}`).set(stranger.auth)).status).toBe(404);
    expect((await api().delete(`/api/account/invitations/${inv.body.data.id}`).set(stranger.auth)).status).toBe(404);
    expect((await api().post(`/api/account/invitations/${inv.body.data.id}/resend`).set(stranger.auth).send({})).status).toBe(404);
    expect((await members(owner)).map((m) => m.role)).toEqual(['OWNER', 'OFFICE']);
    expect((await api().get('/api/account/invitations').set(owner.auth)).body.data).toHaveLength(1);
  });

  it.each(['OFFICE', 'ENGINEER', 'ACCOUNTANT'] as const)('when a %s manages the team, then 403 and nothing changes', async (role) => {
    const owner = await registerUser(t.app);
    const member = await joinAccount(t.app, owner, role);
    const other = await joinAccount(t.app, owner, 'ENGINEER');
    const before = await members(owner);
    for (const res of [
      await api()
        .post('/api/account/invitations')
        .set(member.auth)
        .send({ email: uniqueEmail('y'), role: 'OWNER' }),
      await api().get('/api/account/invitations').set(member.auth),
      await api().patch(`/api/account/members/${other.id}`).set(member.auth).send({ role: 'OWNER' }),
      await api().patch(`/api/account/members/${member.id}`).set(member.auth).send({ role: 'OWNER' }),
      await api().delete(`/api/account/members/${other.id}`).set(member.auth),
      await api()
        .delete('/api/account')
        .set(member.auth)
        .send({ confirm: (await api().get('/api/account').set(owner.auth)).body.data.name }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body).toEqual(REFUSED);
    }
    expect(await members(owner)).toEqual(before);
    expect((await api().get('/api/account/invitations').set(owner.auth)).body.data).toHaveLength(0);
  });
});

describe('deleting the business', () => {
  const rowsOf = async (accountId: string) =>
    (
      await queryRows<{ clients: number; invoices: number; memberships: number; accounts: number }>(
        t.ctx.db,
        sql`select (select count(*)::int from clients where account_id = ${accountId}) as clients,
                   (select count(*)::int from invoices where account_id = ${accountId}) as invoices,
                   (select count(*)::int from memberships where account_id = ${accountId}) as memberships,
                   (select count(*)::int from accounts where id = ${accountId}) as accounts`,
      )
    )[0]!;

  it("when the owner types the business's name, then it and all it holds are deleted, its members' sessions for it end, and their logins and other businesses stay", async () => {
    const owner = await registerUser(t.app);
    await api()
      .post('/api/company')
      .set(owner.auth)
      .send(sampleCompany({ name: 'Closing Down Ltd' }));
    // the name to type is the one GET /account answers: the company profile's
    expect((await api().get('/api/account').set(owner.auth)).body.data.name).toBe('Closing Down Ltd');
    const client = await api().post('/api/clients').set(owner.auth).send(sampleClient());
    await api()
      .post('/api/invoices')
      .set(owner.auth)
      .send({ clientId: client.body.data.id, lineItems: [{ description: 'Work', quantity: 1, unitPrice: 10 }], dueDate: '2030-01-31' });
    const member = await joinAccount(t.app, owner, 'OFFICE');
    const bystander = await registerUser(t.app);
    await api().post('/api/clients').set(bystander.auth).send(sampleClient());
    expect(await rowsOf(owner.id)).toEqual({ clients: 1, invoices: 1, memberships: 2, accounts: 1 });

    const res = await api().delete('/api/account').set(owner.auth).send({ confirm: 'Closing Down Ltd' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ id: owner.id });
    expect(await rowsOf(owner.id)).toEqual({ clients: 0, invoices: 0, memberships: 0, accounts: 0 });
    // every session for it ends; the member's own business and the owner's login stay
    expect((await api().get('/api/clients').set(owner.auth)).status).toBe(401);
    expect((await api().get('/api/clients').set(member.auth)).status).toBe(401);
    expect((await api().get('/api/accounts').set(member.auth)).body.data.map((a: { id: string }) => a.id)).toEqual([member.id]);
    expect((await api().get('/api/accounts').set(owner.auth)).body.data).toEqual([]);
    expect((await api().post('/api/auth/login').send({ email: owner.email, password: 'correct-horse' })).status).toBe(200);
    // another business is untouched
    expect((await api().get('/api/clients').set(bystander.auth)).body.data).toHaveLength(1);
  });

  it.each([
    [{ confirm: 'Closing Down' }, 400],
    [{ confirm: '' }, 400],
    [{}, 400],
    [{ confirm: 'Steady Ltd', x: 1 }, 400],
  ])('when the body is %j, then %i and nothing is deleted', async (body, status) => {
    const owner = await registerUser(t.app);
    await api()
      .post('/api/company')
      .set(owner.auth)
      .send(sampleCompany({ name: 'Steady Ltd' }));
    await api().post('/api/clients').set(owner.auth).send(sampleClient());
    const res = await api().delete('/api/account').set(owner.auth).send(body);
    expect(res.status).toBe(status);
    expect(await rowsOf(owner.id)).toEqual({ clients: 1, invoices: 0, memberships: 1, accounts: 1 });
    expect((await api().get('/api/clients').set(owner.auth)).status).toBe(200);
  });
});

describe('account settings', () => {
  it('when the owner turns engineers\u2019 prices on, then the account says so; an engineer cannot change it', async () => {
    const owner = await registerUser(t.app);
    const eng = await joinAccount(t.app, owner, 'ENGINEER');
    const res = await api().patch('/api/account').set(owner.auth).send({ engineersSeePrices: true });
    expect(res.body.data).toEqual(expect.objectContaining({ engineersSeePrices: true }));
    expect((await api().patch('/api/account').set(eng.auth).send({ engineersSeePrices: false })).status).toBe(403);
    expect((await api().patch('/api/account').set(owner.auth).send({ engineersSeePrices: 'yes' })).status).toBe(400);
    expect((await api().patch('/api/account').set(owner.auth).send({ plan: 'PRO' })).status).toBe(400);
    expect((await api().get('/api/account').set(eng.auth)).body.data).toEqual(expect.objectContaining({ engineersSeePrices: true, role: 'ENGINEER' }));
  });
});

describe('who did it', () => {
  it('when an office member records a payment on the owner\u2019s invoice, then its history names each member who acted, and the rows record them', async () => {
    const owner = await registerUser(t.app);
    const office = await joinAccount(t.app, owner, 'OFFICE');
    const clientId = (await api().post('/api/clients').set(owner.auth).send(sampleClient()).expect(201)).body.data.id;
    const invoiceId = (
      await api()
        .post('/api/invoices')
        .set(owner.auth)
        .send({ clientId, lineItems: [{ description: 'Job', quantity: 1, unitPrice: 100 }], dueDate: '2030-01-31' })
        .expect(201)
    ).body.data.id;
    await api().patch(`/api/invoices/${invoiceId}/send`).set(office.auth).expect(200);
    await api().post(`/api/invoices/${invoiceId}/payments`).set(office.auth).send({ amount: 20, method: 'BANK_TRANSFER' }).expect(201);
    const history = (await api().get(`/api/invoices/${invoiceId}/history`).set(owner.auth)).body.data as { action: string; by?: { email: string } }[];
    expect(history[0]).toEqual(expect.objectContaining({ action: 'created', by: expect.objectContaining({ userId: owner.id, email: owner.email }) }));
    expect(history.slice(1).map((h) => h.by?.email)).toEqual(history.slice(1).map(() => office.email));
    expect(await queryRows(t.ctx.db, sql`select actor_user_id from payments where invoice_id = ${invoiceId}`)).toEqual([{ actor_user_id: office.id }]);
  });
});
