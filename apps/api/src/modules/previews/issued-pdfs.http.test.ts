import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { issuedPdfs, users } from '../../db/schema.ts';
import { createTestApp, joinAccount, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, getBinary } from '../../../test/document-fixtures.ts';
import { readPdf } from '../../pdf/testing/read-pdf.ts';
import { countStatements } from '../../../test/count-statements.ts';

let t: TestApp;
let user: TestUser;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, user)).id;
});
afterAll(() => t.close());

const pdf = (path: string, u: TestUser = user) => getBinary(t.app, u, path);
const invoicePdf = async (id: string) => {
  const res = await pdf(`/api/invoices/${id}/preview`);
  expect(res.status).toBe(200);
  return res.body as Buffer;
};
const kept = (documentId: string) => t.ctx.db.select().from(issuedPdfs).where(eq(issuedPdfs.documentId, documentId));
async function sentInvoice() {
  const inv = await createInvoice(t.app, user, clientId, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: 120 }], tax: 0 });
  expect((await act(t.app, user, 'invoices', inv.id, 'send')).status).toBe(200);
  return inv.id as string;
}

describe('issued PDFs are rendered once and kept', () => {
  it('when an issued invoice is previewed twice, then the second answer is the stored bytes', async () => {
    const id = await sentInvoice();
    const first = await invoicePdf(id);
    const rows = await kept(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, kind: 'invoice' });
    expect(Buffer.compare(rows[0]!.pdf, first)).toBe(0);
    // Marked bytes in the store come back as they are: the second preview did not render.
    const marker = Buffer.concat([first, Buffer.from('%kept')]);
    await t.ctx.db.update(issuedPdfs).set({ pdf: marker }).where(eq(issuedPdfs.documentId, id));
    expect(Buffer.compare(await invoicePdf(id), marker)).toBe(0);
  });

  it('when nothing it prints has changed, then the kept bytes are served by their live key alone, without building the model', async () => {
    const id = await sentInvoice();
    await invoicePdf(id);
    const [row] = await kept(id);
    expect(row!.liveKey).toEqual(expect.stringContaining('"SENT"'));
    // A model hash that no longer matches would make the full path render again: these bytes can only come from the live key.
    const marker = Buffer.from('%PDF-1.3 kept under the live key');
    await t.ctx.db.update(issuedPdfs).set({ pdf: marker, modelHash: 'not-the-model' }).where(eq(issuedPdfs.documentId, id));
    expect(Buffer.compare(await invoicePdf(id), marker)).toBe(0);
  });

  it('when an issued invoice is reverted to draft, then its kept bytes go; sent again after a company change, it prints the new details', async () => {
    const id = await sentInvoice();
    const before = await invoicePdf(id);
    expect((await act(t.app, user, 'invoices', id, 'revert')).status).toBe(200);
    expect(await kept(id)).toHaveLength(0);
    expect(
      (
        await request(t.app)
          .put('/api/company')
          .set(user.auth)
          .send(sampleCompany({ name: 'Re-sent Trading Ltd' }))
      ).status,
    ).toBe(200);
    expect((await act(t.app, user, 'invoices', id, 'send')).status).toBe(200);
    const after = await invoicePdf(id);
    expect(Buffer.compare(before, after)).not.toBe(0);
    expect((await readPdf(after)).text).toContain('Re-sent Trading Ltd');
    await request(t.app).put('/api/company').set(user.auth).send(sampleCompany()).expect(200);
  });

  it('when an issued invoice is paid in full, then the served bytes change to a PAID mark and only the latest are kept', async () => {
    const id = await sentInvoice();
    const before = await invoicePdf(id);
    expect((await readPdf(before)).text).not.toContain('PAID');
    expect((await request(t.app).post(`/api/invoices/${id}/payments`).set(user.auth).send({ amount: 120 })).status).toBe(201);
    const after = await invoicePdf(id);
    expect(Buffer.compare(before, after)).not.toBe(0);
    expect((await readPdf(after)).text).toContain('PAID');
    const rows = await kept(id);
    expect(rows).toHaveLength(1);
    expect(Buffer.compare(rows[0]!.pdf, after)).toBe(0);
  });

  it('when an issued invoice is voided, then the served bytes change and show VOID with the reason', async () => {
    const id = await sentInvoice();
    const before = await invoicePdf(id);
    expect((await request(t.app).patch(`/api/invoices/${id}/void`).set(user.auth).send({ reason: 'Billed the wrong client' })).status).toBe(200);
    const after = await invoicePdf(id);
    expect(Buffer.compare(before, after)).not.toBe(0);
    const text = (await readPdf(after)).text;
    expect(text).toContain('VOID');
    expect(text).toContain('Billed the wrong client');
    expect(await kept(id)).toHaveLength(1);
  });

  it('when the company profile changes after issue, then the issued invoice serves the same bytes under the same key', async () => {
    const id = await sentInvoice();
    const before = await invoicePdf(id);
    const [row] = await kept(id);
    const res = await request(t.app)
      .put('/api/company')
      .set(user.auth)
      .send(sampleCompany({ name: 'Renamed Trading Ltd', template: 'classic' }));
    expect(res.status).toBe(200);
    const after = await invoicePdf(id);
    expect(Buffer.compare(before, after)).toBe(0);
    expect((await kept(id)).map((r) => r.modelHash)).toEqual([row!.modelHash]);
    // A draft made now does show the new name: the change took effect.
    const draft = await createInvoice(t.app, user, clientId);
    expect((await readPdf(await invoicePdf(draft.id))).text).toContain('Renamed Trading Ltd');
  });

  it('when a draft is previewed, then nothing is kept and an edit shows at once', async () => {
    const draft = await createInvoice(t.app, user, clientId, { lineItems: [{ description: 'First wording', quantity: 1, unitPrice: 5 }], tax: 0 });
    expect((await readPdf(await invoicePdf(draft.id))).text).toContain('First wording');
    expect(await kept(draft.id)).toHaveLength(0);
    const edit = await request(t.app)
      .put(`/api/invoices/${draft.id}`)
      .set(user.auth)
      .send({ clientId, lineItems: [{ description: 'Second wording', quantity: 1, unitPrice: 5 }], tax: 0, dueDate: draft.dueDate });
    expect(edit.status).toBe(200);
    expect((await readPdf(await invoicePdf(draft.id))).text).toContain('Second wording');
    expect(await kept(draft.id)).toHaveLength(0);
  });

  it('when a credit note is previewed, then its PDF is kept under its own kind', async () => {
    const id = await sentInvoice();
    const cn = await request(t.app).post(`/api/invoices/${id}/credit-notes`).set(user.auth).send({ reason: 'Overcharged' });
    expect(cn.status).toBe(201);
    const res = await pdf(`/api/credit-notes/${cn.body.data.id}/preview`);
    expect(res.status).toBe(200);
    const rows = await kept(cn.body.data.id);
    expect(rows.map((r) => r.kind)).toEqual(['credit_note']);
    expect(Buffer.compare(rows[0]!.pdf, res.body as Buffer)).toBe(0);
  });

  it("when another account asks for an issued invoice whose PDF is kept, then 404 and none of the owner's bytes", async () => {
    const id = await sentInvoice();
    await invoicePdf(id);
    const stranger = await registerUser(t.app);
    await request(t.app).post('/api/company').set(stranger.auth).send(sampleCompany()).expect(201);
    const res = await request(t.app).get(`/api/invoices/${id}/preview`).set(stranger.auth);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(
      await t.ctx.db
        .select()
        .from(issuedPdfs)
        .where(and(eq(issuedPdfs.userId, stranger.id))),
    ).toHaveLength(0);
  });

  it('when several first requests for one issued invoice arrive at once, then all succeed with the same bytes and one row is kept', async () => {
    const id = await sentInvoice();
    const answers = await Promise.all(Array.from({ length: 4 }, () => pdf(`/api/invoices/${id}/preview`)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    for (const a of answers) expect(Buffer.compare(a.body as Buffer, answers[0]!.body as Buffer)).toBe(0);
    expect(await kept(id)).toHaveLength(1);
  });

  it('when kept bytes were read once, then a repeat preview is served from the bytes this process holds until the stored row names other bytes', async () => {
    const id = await sentInvoice();
    await invoicePdf(id); // renders and keeps
    const read = await invoicePdf(id); // reads the kept bytes once, and holds them
    // Same live key and model hash: the database names the bytes held, so they are not read again.
    await t.ctx.db
      .update(issuedPdfs)
      .set({ pdf: Buffer.from('%PDF-1.3 never sent again') })
      .where(eq(issuedPdfs.documentId, id));
    expect(Buffer.compare(await invoicePdf(id), read)).toBe(0);
    // A stored row under another model hash is other bytes: they are read.
    const marker = Buffer.from('%PDF-1.3 other bytes');
    await t.ctx.db.update(issuedPdfs).set({ pdf: marker, modelHash: 'another-model' }).where(eq(issuedPdfs.documentId, id));
    expect(Buffer.compare(await invoicePdf(id), marker)).toBe(0);
  });

  it('when other documents of the account change, then a kept PDF is still served from its own live key in one statement (no account-wide invalidation)', async () => {
    const id = await sentInvoice();
    await invoicePdf(id); // renders and keeps
    const before = await invoicePdf(id); // reads the kept bytes and holds them
    // Writes elsewhere in the account: a new invoice, another invoice paid in part, a new client.
    const other = await sentInvoice();
    expect((await request(t.app).post(`/api/invoices/${other}/payments`).set(user.auth).send({ amount: 10 })).status).toBe(201);
    await createClient(t.app, user, { name: 'Elsewhere In The Account Ltd' });
    let after: Buffer | undefined;
    const statements = await countStatements(t.ctx.db, async () => {
      after = await invoicePdf(id);
    });
    expect(statements).toBe(1);
    expect(Buffer.compare(after!, before)).toBe(0);
  });

  it('when a draft or a first render misses the one-query path, then the full path does not ask it again', async () => {
    const draft = await createInvoice(t.app, user, clientId, { lineItems: [{ description: 'Draft work', quantity: 1, unitPrice: 50 }], tax: 0 });
    await invoicePdf(draft.id);
    // a draft: the one query, which reads what the draft prints with the session (draft-preview.http.test.ts)
    expect(await countStatements(t.ctx.db, () => invoicePdf(draft.id))).toBe(1);
    // an issued invoice's first render: the one query, the invoice, its pay link, its snapshot,
    // the kept bytes asked by model, then the new bytes kept with older ones dropped in one statement
    const issued = await sentInvoice();
    expect(await countStatements(t.ctx.db, () => invoicePdf(issued))).toBe(6);
  });

  it('when an issued invoice has its PDF kept and held, then its preview is one database statement (session, live inputs and bytes together)', async () => {
    const id = await sentInvoice();
    await invoicePdf(id); // renders and keeps
    await invoicePdf(id); // reads the kept bytes and holds them
    let body: Buffer | undefined;
    const statements = await countStatements(t.ctx.db, async () => {
      body = await invoicePdf(id);
    });
    expect(body!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(statements).toBe(1);
    // ?format=facturx is another document: it checks the session as every route does
    expect((await request(t.app).get(`/api/invoices/${id}/preview?format=facturx`)).status).toBe(401);
    expect((await request(t.app).get(`/api/invoices/${id}/preview?format=nope`)).status).toBe(401);
  });

  it('when members ask for a kept PDF, then the office gets it from the one query, an engineer is refused (403) and a removed member 401, as the session check decides', async () => {
    const id = await sentInvoice();
    await invoicePdf(id); // renders and keeps
    const office = await joinAccount(t.app, user, 'OFFICE');
    const engineer = await joinAccount(t.app, user, 'ENGINEER');
    const path = `/api/invoices/${id}/preview`;
    const byOffice = await pdf(path, office);
    expect(byOffice.status).toBe(200);
    expect(await countStatements(t.ctx.db, async () => expect((await pdf(path, office)).status).toBe(200))).toBe(1);
    // the one query found the session live but serves an engineer nothing: the permission check refuses, without asking again
    let refused = 0;
    expect(await countStatements(t.ctx.db, async () => (refused = (await pdf(path, engineer)).status))).toBe(1);
    expect(refused).toBe(403);
    expect((await request(t.app).delete(`/api/account/members/${office.id}`).set(user.auth)).status).toBe(200);
    expect((await pdf(path, office)).status).toBe(401);
    expect((await pdf(`/api/invoices/${id}/preview`, user)).status).toBe(200);
  });

  it('when the session is signed out by a password change or the user is deleted, then the kept PDF is refused with 401', async () => {
    const owner = await registerUser(t.app);
    await request(t.app).post('/api/company').set(owner.auth).send(sampleCompany()).expect(201);
    const client = await createClient(t.app, owner);
    const inv = await createInvoice(t.app, owner, client.id, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: 50 }], tax: 0 });
    expect((await act(t.app, owner, 'invoices', inv.id, 'send')).status).toBe(200);
    const path = `/api/invoices/${inv.id}/preview`;
    expect((await pdf(path, owner)).status).toBe(200);
    expect((await pdf(path, owner)).status).toBe(200); // now served by the one query
    await t.ctx.db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, owner.id));
    const signedOut = await request(t.app).get(path).set(owner.auth);
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers['content-type']).toMatch(/^application\/json/);
    await t.ctx.db.update(users).set({ tokenVersion: 0 }).where(eq(users.id, owner.id));
    expect((await pdf(path, owner)).status).toBe(200);
    await t.ctx.db.delete(users).where(eq(users.id, owner.id));
    expect((await request(t.app).get(path).set(owner.auth)).status).toBe(401);
  });

  it('when the preview is asked for without a token or with a malformed id, then 401 before anything is read', async () => {
    const id = await sentInvoice();
    await invoicePdf(id);
    expect((await request(t.app).get(`/api/invoices/${id}/preview`)).status).toBe(401);
    expect((await request(t.app).get('/api/invoices/not-an-id/preview')).status).toBe(401);
    expect((await request(t.app).get('/api/invoices/not-an-id/preview').set(user.auth)).status).toBe(400);
  });
});
