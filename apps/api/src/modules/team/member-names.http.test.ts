import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { ZUser } from '@docket/schemas/auth';
import { ZMember } from '@docket/schemas/account';
import { ZInvoice } from '@docket/schemas/document';
import { ZCreditNote } from '@docket/schemas/credit-note';
import { ZDelivery } from '@docket/schemas/email';
import { ZExportRun } from '@docket/schemas/data-transfer';
import { ZPayment } from '@docket/schemas/payment';
import { queryRows } from '../../db/client.ts';
import { createTestApp, joinAccount, registerUser, sampleCompany, switchAccount, uniqueEmail, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { createClient, createIssuedInvoice } from '../../../test/document-fixtures.ts';

/** Member names and who did it (docs/product.md, "Accounts and roles", issue 32). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const api = () => request(t.app);
const by = (u: TestUser, name: string) => ({ userId: u.id, email: u.email, name });
const localPart = (u: TestUser) => u.email.split('@')[0]!;
const memberNamed = async (viewer: TestUser, userId: string) =>
  ((await api().get('/api/account/members').set(viewer.auth)).body.data as { userId: string; name: string }[]).find((m) => m.userId === userId)?.name;

describe('a member name', () => {
  it('when a user signs up with a name, then the answers name them by it; without one, by the part of the email before the @', async () => {
    const email = uniqueEmail('named');
    const named = await api().post('/api/auth/register').send({ name: '  Sam Carter ', email, password: 'correct-horse' });
    expect(named.status).toBe(201);
    expect(ZUser.parse(named.body.data.user)).toEqual({ id: expect.any(String), email, name: 'Sam Carter', emailVerified: false });
    const me = await api()
      .get('/api/auth/me')
      .set({ Authorization: `Bearer ${named.body.data.token}` });
    expect(me.body.data.name).toBe('Sam Carter');

    const plain = await registerUser(t.app);
    expect((await api().get('/api/auth/me').set(plain.auth)).body.data.name).toBe(localPart(plain));
  });

  it('when a member changes their name, then members, history, payments and credit notes name them by it; clearing it falls back to the email', async () => {
    const owner = await registerUser(t.app);
    await api().post('/api/company').set(owner.auth).send(sampleCompany()).expect(201);
    const office = await joinAccount(t.app, owner, 'OFFICE');
    const client = await createClient(t.app, owner);
    const invoice = await createIssuedInvoice(t.app, owner, client.id);
    await api().post(`/api/invoices/${invoice.id}/payments`).set(office.auth).send({ amount: 10 }).expect(201);
    await api()
      .post(`/api/invoices/${invoice.id}/credit-notes`)
      .set(office.auth)
      .send({ reason: 'Goodwill', lineItems: [{ description: 'Goodwill', quantity: 1, unitPrice: 5 }] })
      .expect(201);
    // the first page of invoices, read (and kept) before the change
    const listed = async () =>
      (await api().get('/api/invoices').set(owner.auth)).body.data as
        { id: string; payments: { by?: unknown }[] }[] | { items: { id: string; payments: { by?: unknown }[] }[] };
    const paymentBy = async () => {
      const data = await listed();
      const items = Array.isArray(data) ? data : data.items;
      return items.find((i) => i.id === invoice.id)?.payments[0]?.by;
    };
    expect(await paymentBy()).toEqual(by(office, localPart(office)));

    const renamed = await api().patch('/api/auth/me').set(office.auth).send({ name: 'Sam Carter' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: office.id, email: office.email, name: 'Sam Carter', account: { id: owner.id, role: 'OFFICE' } });

    expect(await memberNamed(owner, office.id)).toBe('Sam Carter');
    const inv = ZInvoice.parse((await api().get(`/api/invoices/${invoice.id}`).set(owner.auth)).body.data);
    expect(inv.payments.map((p) => p.by)).toEqual([by(office, 'Sam Carter')]);
    expect(inv.creditNotes.map((c) => c.by)).toEqual([by(office, 'Sam Carter')]);
    expect(await paymentBy()).toEqual(by(office, 'Sam Carter'));
    const note = ZCreditNote.parse((await api().get(`/api/credit-notes/${inv.creditNotes[0]!.id}`).set(owner.auth)).body.data);
    expect(note.by).toEqual(by(office, 'Sam Carter'));
    const ledger = (await api().get('/api/payments').set(owner.auth)).body.data as unknown;
    const rows = (Array.isArray(ledger) ? ledger : (ledger as { items: unknown[] }).items).map((r) => ZPayment.parse(r));
    expect(rows.map((r) => r.by)).toEqual([by(office, 'Sam Carter')]);
    const history = (await api().get(`/api/invoices/${invoice.id}/history`).set(owner.auth)).body.data as { action: string; by?: unknown }[];
    expect(history.find((h) => h.action === 'payment recorded')?.by).toEqual(by(office, 'Sam Carter'));
    // issued by the owner: named by the owner's email
    expect(history.find((h) => h.action === 'sent' || h.action === 'issued')?.by).toEqual(by(owner, localPart(owner)));

    await api().patch('/api/auth/me').set(office.auth).send({ name: '' }).expect(200);
    expect(await memberNamed(owner, office.id)).toBe(localPart(office));
    expect(await paymentBy()).toEqual(by(office, localPart(office)));
  });

  it('when the name is not text, too long, has control characters, is missing or comes with another key, then 400 and it is unchanged', async () => {
    const u = await registerUser(t.app);
    await api().patch('/api/auth/me').set(u.auth).send({ name: 'Kept Name' }).expect(200);
    for (const body of [
      {},
      { name: null },
      { name: 7 },
      { name: 'x'.repeat(101) },
      { name: 'Sam\u0000' },
      { name: 'Sam', email: 'other@example.co.uk' },
      { name: 'Sam', role: 'OWNER' },
    ]) {
      const res = await api().patch('/api/auth/me').set(u.auth).send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await queryRows<{ name: string | null; email: string }>(t.ctx.db, sql`select name, email from users where id = ${u.id}`);
    expect(row).toEqual({ name: 'Kept Name', email: u.email });
    expect((await api().patch('/api/auth/me').send({ name: 'Nobody' })).status).toBe(401);
  });

  it('when the invitee gives a name as they join, then the team sees it; a second accept joins once and keeps it', async () => {
    const owner = await registerUser(t.app);
    const email = uniqueEmail('invitee');
    const invited = await api().post('/api/account/invitations').set(owner.auth).send({ email, role: 'ENGINEER' }).expect(201);
    const invitee = await registerUser(t.app, email);
    const token = new URL(invited.body.data.url as string).searchParams.get('token')!;
    expect(
      (
        await api()
          .post(`/api/account/invitations/${token}/accept`)
          .set(invitee.auth)
          .send({ name: 'x'.repeat(101) })
      ).status,
    ).toBe(400);
    expect((await api().post(`/api/account/invitations/${token}/accept`).set(invitee.auth).send({ nickname: 'Jo' })).status).toBe(400);
    expect(await memberNamed(owner, invitee.id)).toBeUndefined();
    await api().post(`/api/account/invitations/${token}/accept`).set(invitee.auth).send({ name: 'Jo Engineer' }).expect(200);
    await api().post(`/api/account/invitations/${token}/accept`).set(invitee.auth).send({}).expect(200);
    const members = (await api().get('/api/account/members').set(owner.auth)).body.data as unknown[];
    expect(members.map((m) => ZMember.parse(m))).toEqual([
      { userId: owner.id, email: owner.email, name: localPart(owner), role: 'OWNER' },
      { userId: invitee.id, email, name: 'Jo Engineer', role: 'ENGINEER' },
    ]);
  });
});

describe('who did it', () => {
  it('when a member emails an invoice, then its deliveries say who sent it', async () => {
    const owner = await registerUser(t.app);
    await api().post('/api/company').set(owner.auth).send(sampleCompany()).expect(201);
    const office = await joinAccount(t.app, owner, 'OFFICE');
    await api().patch('/api/auth/me').set(office.auth).send({ name: 'Priya Office' }).expect(200);
    const client = await createClient(t.app, owner);
    const invoice = await createIssuedInvoice(t.app, owner, client.id);
    await api().post(`/api/invoices/${invoice.id}/email`).set(office.auth).send({}).expect(202);
    const deliveries = ((await api().get(`/api/deliveries?documentId=${invoice.id}`).set(owner.auth)).body.data as unknown[]).map((d) => ZDelivery.parse(d));
    expect(deliveries.map((d) => d.by)).toEqual([by(office, 'Priya Office')]);
  });

  it('when members download exports, then the account lists each with who made it, newest first; another account sees none of them', async () => {
    const owner = await registerUser(t.app);
    const accountant = await joinAccount(t.app, owner, 'ACCOUNTANT');
    await api().patch('/api/auth/me').set(accountant.auth).send({ name: 'Alex Books' }).expect(200);
    expect((await api().get('/api/exports').set(owner.auth)).body.data).toEqual([]);
    await api().get('/api/exports/payments.csv?from=2030-01-01&to=2030-03-31').set(accountant.auth).expect(200);
    await api().get('/api/exports/account.zip').set(owner.auth).expect(200);
    // a refused export is not one
    expect((await api().get('/api/exports/payments.csv?from=2030-04-01&to=2030-01-01').set(owner.auth)).status).toBe(400);
    const runs = ((await api().get('/api/exports').set(accountant.auth)).body.data as unknown[]).map((r) => ZExportRun.parse(r));
    expect(runs.map(({ file, from, to, by: who }) => ({ file, from, to, by: who }))).toEqual([
      { file: 'account', from: null, to: null, by: by(owner, localPart(owner)) },
      { file: 'payments', from: '2030-01-01', to: '2030-03-31', by: by(accountant, 'Alex Books') },
    ]);
    const other = await registerUser(t.app);
    expect((await api().get('/api/exports').set(other.auth)).body.data).toEqual([]);
    // the accountant's own account shows nothing of the owner's
    const own = await switchAccount(t.app, accountant, accountant.id);
    expect((await api().get('/api/exports').set(own.auth)).body.data).toEqual([]);
  });
});

describe('limits of a team', () => {
  it("when members add clients, then they count against the account's plan limit together; a member's own business counts on its own", async () => {
    const limited = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: 2 } });
    try {
      const owner = await registerUser(limited.app);
      const office = await joinAccount(limited.app, owner, 'OFFICE');
      const engineer = await joinAccount(limited.app, owner, 'ENGINEER');
      const add = (u: TestUser, name: string) => request(limited.app).post('/api/clients').set(u.auth).send({ name });
      expect((await add(owner, 'First')).status).toBe(201);
      expect((await add(office, 'Second')).status).toBe(201);
      const third = await add(engineer, 'Third');
      expect(third.status).toBe(403);
      expect((await request(limited.app).get('/api/clients').set(owner.auth)).body.data.map((c: { name: string }) => c.name).sort()).toEqual([
        'First',
        'Second',
      ]);
      // the office member's own business (their own id) has its own allowance
      const own = await switchAccount(limited.app, office, office.id);
      expect((await request(limited.app).post('/api/clients').set(own.auth).send({ name: 'Own first' })).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
