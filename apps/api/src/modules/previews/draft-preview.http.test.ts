import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema.ts';
import { createTestApp, joinAccount, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, getBinary } from '../../../test/document-fixtures.ts';
import { countStatements } from '../../../test/count-statements.ts';
import { readPdf } from '../../pdf/testing/read-pdf.ts';
import { dataUrl, makePng } from '../../../test/image-fixtures.ts';
import { createHeldPdfBytes } from '../../cache/pdf-byte-cache.ts';
import { createPreviewsRepository } from './previews.repository.ts';
import { createPreviewsService, type PreviewsSources } from './previews.service.ts';

/**
 * A draft's preview (docs/product.md, "Issued PDFs are kept"): the route's one query checks the
 * session and, for a draft of the account, reads the invoice with its lines, the company and the
 * client with it, so the draft is drawn without another statement.
 */
let t: TestApp;
let owner: TestUser;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  owner = await registerUser(t.app);
  await request(t.app).post('/api/company').set(owner.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, owner, { name: 'Ada Draft Ltd', isBusiness: true })).id;
});
afterAll(() => t.close());

const draftOf = (client: string, description = 'Draft work') =>
  createInvoice(t.app, owner, client, { lineItems: [{ description, quantity: 2, unitPrice: 37.5 }], tax: 20 }) as Promise<{ id: string }>;
const preview = async (id: string, user: TestUser = owner) => getBinary(t.app, user, `/api/invoices/${id}/preview`);
const textOf = async (res: request.Response) => (await readPdf(res.body as Buffer)).text;

/** The previews service over the app's own database, with every read but the route's one query refused. */
function serviceReadingNothingElse() {
  const refused = () => {
    throw new Error('read again');
  };
  const sources: PreviewsSources = {
    invoices: { get: refused },
    company: { get: refused },
    clients: { get: refused },
    quotes: { get: refused },
    creditNotes: { get: refused },
    snapshots: { read: refused, parties: refused, store: refused },
    acceptance: refused,
    issuedPdfs: createPreviewsRepository(t.ctx.db),
  };
  return createPreviewsService(sources, t.ctx.clock, async (row) => (row.logo ? Buffer.from(row.logo) : null), createHeldPdfBytes(1_000_000));
}

describe("a draft invoice's preview", () => {
  it('when a draft is previewed, then it is one statement: the session, the invoice with its lines, the company and the client together', async () => {
    const draft = await draftOf(clientId, 'One statement');
    let res: request.Response | undefined;
    expect(await countStatements(t.ctx.db, async () => (res = await preview(draft.id)))).toBe(1);
    expect(res!.status).toBe(200);
    expect(res!.headers['content-disposition']).toBe('inline; filename="Draft.pdf"');
    const text = await textOf(res!);
    expect(text).toContain('One statement');
    expect(text).toContain('Ada Draft Ltd');
    expect(text).toContain('Bright Sparks Electrical');
    expect(text).toContain('£90.00');
  });

  it("when the session's query has read a draft, then the service draws it from that read alone", async () => {
    const draft = await draftOf(clientId, 'Drawn from the query');
    const service = serviceReadingNothingElse();
    const found = await service.keptInvoiceForSession({ userId: owner.id, accountId: owner.id, tokenVersion: 0, sessionKey: null }, draft.id);
    expect(found?.pdf).toBeNull();
    expect(found?.draft?.invoice.id).toBe(draft.id);
    const drawn = await service.invoice(owner.id, draft.id, { keptMissed: true, draft: found!.draft });
    expect((await readPdf(drawn.pdf)).text).toContain('Drawn from the query');
  });

  it('when the draft is previewed after an edit, then the PDF prints the edit: nothing of a draft is kept', async () => {
    const draft = await draftOf(clientId, 'First wording');
    expect(await textOf(await preview(draft.id))).toContain('First wording');
    const other = await createClient(t.app, owner, { name: 'Bea Moved Ltd' });
    const edit = await request(t.app)
      .put(`/api/invoices/${draft.id}`)
      .set(owner.auth)
      .send({ clientId: other.id, lineItems: [{ description: 'Second wording', quantity: 1, unitPrice: 5 }], tax: 0, dueDate: '2027-01-31' });
    expect(edit.status).toBe(200);
    const text = await textOf(await preview(draft.id));
    expect(text).toContain('Second wording');
    expect(text).toContain('Bea Moved Ltd');
    expect(text).not.toContain('Ada Draft Ltd');
  });

  it('when the invoice is sent, then its preview is the issued PDF, not the draft', async () => {
    const draft = await draftOf(clientId, 'Sent now');
    expect(await textOf(await preview(draft.id))).toContain('DRAFT');
    expect((await act(t.app, owner, 'invoices', draft.id, 'send')).status).toBe(200);
    const text = await textOf(await preview(draft.id));
    expect(text).not.toContain('DRAFT');
    expect(text).toMatch(/INV\d{4}/);
  });

  it("when a business client's draft is previewed and the company gives late-payment notices, then the notice comes from the same read", async () => {
    await t.ctx.db.update(companies).set({ latePaymentNotice: true }).where(eq(companies.userId, owner.id));
    const notice = await textOf(await preview((await draftOf(clientId)).id));
    await t.ctx.db.update(companies).set({ latePaymentNotice: false }).where(eq(companies.userId, owner.id));
    const none = await textOf(await preview((await draftOf(clientId)).id));
    expect(notice).toMatch(/Late\s+Payment\s+of\s+Commercial/);
    expect(none).not.toMatch(/Late\s+Payment\s+of\s+Commercial/);
  });

  it("when the company has a logo, then the draft's PDF embeds it from the same read", async () => {
    const user = await registerUser(t.app);
    await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
    const client = await createClient(t.app, user);
    const draft = await createInvoice(t.app, user, client.id, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: 5 }], tax: 0 });
    const without = await getBinary(t.app, user, `/api/invoices/${draft.id}/preview`);
    expect((without.body as Buffer).includes('/Subtype /Image')).toBe(false);
    expect(
      (
        await request(t.app)
          .post('/api/company/logo')
          .set(user.auth)
          .send({ logo: dataUrl('image/png', makePng(40, 20)) })
      ).status,
    ).toBe(200);
    let res: request.Response | undefined;
    expect(await countStatements(t.ctx.db, async () => (res = await getBinary(t.app, user, `/api/invoices/${draft.id}/preview`)))).toBe(1);
    expect(res!.status).toBe(200);
    expect((res!.body as Buffer).includes('/Subtype /Image')).toBe(true);
  });

  it('when the account has no company profile, then a draft preview is 409 in the JSON envelope', async () => {
    const user = await registerUser(t.app);
    const client = await createClient(t.app, user);
    const draft = await createInvoice(t.app, user, client.id, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: 5 }], tax: 0 });
    const res = await request(t.app).get(`/api/invoices/${draft.id}/preview`).set(user.auth);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: 'Create your company profile before generating PDFs' });
  });

  it("when another account, an engineer or a signed-out session asks for a draft's preview, then 404, 403 and 401, and no PDF", async () => {
    const draft = await draftOf(clientId, 'Not yours');
    const path = `/api/invoices/${draft.id}/preview`;
    const stranger = await registerUser(t.app);
    await request(t.app).post('/api/company').set(stranger.auth).send(sampleCompany()).expect(201);
    const theirs = await request(t.app).get(path).set(stranger.auth);
    expect(theirs.status).toBe(404);
    expect(theirs.headers['content-type']).toMatch(/^application\/json/);
    const engineer = await joinAccount(t.app, owner, 'ENGINEER');
    const refused = await request(t.app).get(path).set(engineer.auth);
    expect(refused.status).toBe(403);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    const office = await joinAccount(t.app, owner, 'OFFICE');
    expect((await preview(draft.id, office)).status).toBe(200);
    expect((await request(t.app).delete(`/api/account/members/${office.id}`).set(owner.auth)).status).toBe(200);
    const removed = await request(t.app).get(path).set(office.auth);
    expect(removed.status).toBe(401);
  });
});
