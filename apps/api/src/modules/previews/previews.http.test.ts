import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { companies, invoices } from '../../db/schema.ts';
import { createTestApp, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { readPdf } from '../../pdf/testing/read-pdf.ts';

let t: TestApp;
let owner: TestUser;
let quoteId: string;
let invoiceId: string;
let quoteNumber: string;
let invoiceNumber: string;

/** supertest hands binary bodies back as a Buffer only with a parser like this. */
const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
const getPdf = (path: string, user: TestUser) => request(t.app).get(path).set(user.auth).buffer(true).parse(binary);

const lineItems = [
  { description: 'Rewire kitchen <script>alert(1)</script>', quantity: 2, unitPrice: 150.5 },
  { description: 'Socket', quantity: 1.5, unitPrice: 10 },
];

async function createDocuments(user: TestUser, clientName = 'Zoë Łukasiewicz & Søn') {
  const client = await request(t.app)
    .post('/api/clients')
    .set(user.auth)
    .send(sampleClient({ name: clientName }));
  expect(client.status).toBe(201);
  const quote = await request(t.app).post('/api/quotes').set(user.auth).send({ clientId: client.body.data.id, lineItems, tax: 20 });
  expect(quote.status).toBe(201);
  const invoice = await request(t.app).post('/api/invoices').set(user.auth).send({ clientId: client.body.data.id, lineItems, tax: 20, dueDate: '2026-12-31' });
  expect(invoice.status).toBe(201);
  return { quote: quote.body.data, invoice: invoice.body.data };
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await registerUser(t.app);
  const docs = await createDocuments(owner);
  quoteId = docs.quote.id;
  invoiceId = docs.invoice.id;
  quoteNumber = docs.quote.quoteNumber;
  // A draft has no number yet: its PDF says Draft where the number goes.
  invoiceNumber = docs.invoice.invoiceNumber ?? 'Draft';
});
afterAll(() => t.close());

describe('GET /api/{quotes|invoices}/:id/preview', () => {
  it('when there is no company profile, then 409 with the JSON envelope', async () => {
    const res = await request(t.app).get(`/api/quotes/${quoteId}/preview`).set(owner.auth);
    expect(res.status).toBe(409);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ success: false, error: 'Create your company profile before generating PDFs' });
    const inv = await request(t.app).get(`/api/invoices/${invoiceId}/preview`).set(owner.auth);
    expect(inv.status).toBe(409);
  });

  it('when no token is sent, then 401 and no PDF', async () => {
    const res = await request(t.app).get(`/api/quotes/${quoteId}/preview`);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('when the profile exists, then a quote preview is an inline PDF named after its number', async () => {
    const company = await request(t.app)
      .post('/api/company')
      .set(owner.auth)
      .send(sampleCompany({ template: 'classic' }));
    expect(company.status).toBe(201);
    const res = await getPdf(`/api/quotes/${quoteId}/preview`, owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${quoteNumber}.pdf"`);
    const pdf = await readPdf(res.body as Buffer);
    expect(pdf.text).toContain('Bright Sparks Electrical');
    expect(pdf.text).toContain('Zoë Łukasiewicz & Søn');
    expect(pdf.text).toContain('Rewire kitchen <script>alert(1)</script>');
    expect(pdf.text).toContain('£379.20');
    expect(pdf.text).toContain('DRAFT');
    expect(pdf.text).not.toContain('Barclays');
  });

  it('when an invoice is previewed, then it carries bank details, the due date and VAT number', async () => {
    const res = await getPdf(`/api/invoices/${invoiceId}/preview`, owner);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="${invoiceNumber}.pdf"`);
    const pdf = await readPdf(res.body as Buffer);
    expect(pdf.text).toContain(invoiceNumber);
    expect(pdf.text).toContain('Barclays');
    expect(pdf.text).toContain('Payment due by 31 December 2026');
    expect(pdf.text).toContain('GB123456789');
  });

  it('when the invoice is PAID, then the PDF says PAID and not DRAFT', async () => {
    await t.ctx.db.update(invoices).set({ status: 'PAID', invoiceNumber: 'INV0001' }).where(eq(invoices.id, invoiceId));
    const pdf = await readPdf((await getPdf(`/api/invoices/${invoiceId}/preview`, owner)).body as Buffer);
    expect(pdf.text).toContain('PAID');
    expect(pdf.text).not.toContain('DRAFT');
  });

  it("when another user asks for the owner's documents, then 404 and no PDF", async () => {
    const stranger = await registerUser(t.app);
    await request(t.app).post('/api/company').set(stranger.auth).send(sampleCompany());
    for (const path of [`/api/quotes/${quoteId}/preview`, `/api/invoices/${invoiceId}/preview`]) {
      const res = await request(t.app).get(path).set(stranger.auth);
      expect(res.status).toBe(404);
      expect(res.body.success).toBe(false);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('when the id is unknown or malformed, then 404 or 400 in the JSON envelope', async () => {
    const unknown = await request(t.app).get('/api/invoices/00000000-0000-4000-8000-000000000000/preview').set(owner.auth);
    expect(unknown.status).toBe(404);
    const malformed = await request(t.app).get('/api/quotes/not-a-uuid/preview').set(owner.auth);
    expect(malformed.status).toBe(400);
  });

  it('when the client name is 5,000 characters, then the preview still renders and wraps it', async () => {
    const name = 'Very Long Client Name '.repeat(230).slice(0, 5000).trim();
    const docs = await createDocuments(owner, name);
    const res = await getPdf(`/api/invoices/${docs.invoice.id}/preview`, owner);
    expect(res.status).toBe(200);
    const pdf = await readPdf(res.body as Buffer);
    expect(pdf.pageCount).toBeGreaterThan(1);
    expect(pdf.text).toContain('Very Long Client Name Very Long Client Name');
  });
});

describe('a PDF that fails to render', () => {
  it('when the renderer fails on one document, then that request answers 500 Failed to generate PDF preview and the API keeps serving', async () => {
    const user = await registerUser(t.app);
    await request(t.app).post('/api/company').set(user.auth).send(sampleCompany());
    const docs = await createDocuments(user);
    // Bytes that break pdfkit's PNG decoder, marked as already normalised: the worker must absorb it.
    const badZlibPng = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAGQAAABkCAYAAABw4pVUAAAACElEQVRub3QgemxpYlVpEfcAAAAASUVORK5CYII=', 'base64');
    await t.ctx.db.update(companies).set({ logo: badZlibPng, logoMimeType: 'image/png', logoNormalised: true }).where(eq(companies.userId, user.id));
    const failed = await request(t.app).get(`/api/quotes/${docs.quote.id}/preview`).set(user.auth);
    expect(failed.status).toBe(500);
    expect(failed.headers['content-type']).toMatch(/^application\/json/);
    expect(failed.body).toEqual({ success: false, error: 'Failed to generate PDF preview', code: 'INTERNAL' });
    expect((await request(t.app).get('/api/health')).status).toBe(200);
    const other = await getPdf(`/api/invoices/${invoiceId}/preview`, owner);
    expect(other.status).toBe(200);
    expect(other.headers['content-type']).toBe('application/pdf');
  });
});

describe("a draft invoice's preview", () => {
  it("when a business client's draft is previewed, then the company is read once, with the session and the client", async () => {
    const { logStatements } = await import('../../../test/statement-log.ts');
    const user = await registerUser(t.app);
    expect((await request(t.app).post('/api/company').set(user.auth).send(sampleCompany())).status).toBeLessThan(300);
    const client = await request(t.app)
      .post('/api/clients')
      .set(user.auth)
      .send(sampleClient({ isBusiness: true }));
    const draft = await request(t.app).post('/api/invoices').set(user.auth).send({ clientId: client.body.data.id, lineItems, tax: 20, dueDate: '2026-12-31' });
    let res: request.Response | undefined;
    const sent = await logStatements(t.ctx.db, async () => {
      res = await getPdf(`/api/invoices/${draft.body.data.id}/preview`, user);
    });
    expect(res!.status).toBe(200);
    // the late-payment notice and the page's letterhead come from one read of the company, the route's one query
    const companyReads = sent.filter((s) => /"companies"/.test(s) && /"logo"/.test(s));
    expect(companyReads).toHaveLength(1);
    expect(companyReads[0]).toMatch(/"memberships"/);
    expect(companyReads[0]).toMatch(/"invoice_lines"/);
    expect(companyReads[0]).toMatch(/from "accounts"/);
  });
});
