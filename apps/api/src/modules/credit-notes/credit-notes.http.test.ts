import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { count, eq } from 'drizzle-orm';
import { createTestApp, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, approvedQuote, createClient, createInvoice, createQuote, getBinary, invoiceBody, quoteBody } from '../../../test/document-fixtures.ts';
import { fingerprint } from '../../../test/adversarial/support.ts';
import { documentHistory } from '../../db/schema.ts';
import { TEMPLATES } from '@docket/schemas/constants';
import { readPdf } from '../../pdf/testing/read-pdf.ts';

let t: TestApp;
let user: TestUser;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1 } });
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, user)).id;
});
afterAll(() => t.close());

const get = async (id: string, u: TestUser = user) => (await request(t.app).get(`/api/invoices/${id}`).set(u.auth)).body.data;
/** invoiceBody's lines: 2 x £150.50 + 1.5 x £10 = £316.00, VAT 20% £63.20, total £379.20. */
async function sentInvoice(u: TestUser = user, c: string = clientId, over: Record<string, unknown> = {}) {
  const invoice = await createInvoice(t.app, u, c, over);
  const res = await act(t.app, u, 'invoices', invoice.id, 'send');
  expect(res.status).toBe(200);
  return res.body.data;
}
const credit = (id: string, body: Record<string, unknown>, u: TestUser = user) =>
  request(t.app).post(`/api/invoices/${id}/credit-notes`).set(u.auth).send(body);
const voidIt = (id: string, body: Record<string, unknown>, u: TestUser = user) => request(t.app).patch(`/api/invoices/${id}/void`).set(u.auth).send(body);
const history = async (path: string) => (await request(t.app).get(`/api/${path}/history`).set(user.auth)).body.data as { action: string; summary: string }[];
const pdf = (path: string, u: TestUser = user) => getBinary(t.app, u, path);
const pdfText = (body: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: body }).toString('utf8');

describe('issued invoices are records', () => {
  it('when an issued invoice is sent with other lines, client or tax, then 409 and the database is unchanged', async () => {
    const invoice = await sentInvoice();
    const other = await createClient(t.app, user, { name: 'Other Ltd' });
    const before = await fingerprint(t.ctx.db);
    for (const body of [
      invoiceBody(clientId, { lineItems: [{ description: 'Fix', quantity: 1, unitPrice: 99.99 }] }),
      invoiceBody(other.id),
      invoiceBody(clientId, { tax: 0 }),
      invoiceBody(clientId, { tax: 0, dueDate: '2031-01-01' }),
    ]) {
      const res = await request(t.app).put(`/api/invoices/${invoice.id}`).set(user.auth).send(body);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe('An issued invoice cannot be changed. Issue a credit note instead.');
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when the body equals the stored invoice, then only the due date is applied and the history names it', async () => {
    const invoice = await sentInvoice();
    const res = await request(t.app)
      .put(`/api/invoices/${invoice.id}`)
      .set(user.auth)
      .send(invoiceBody(clientId, { dueDate: '2031-03-03' }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'SENT', dueDate: '2031-03-03', total: 379.2, invoiceNumber: invoice.invoiceNumber });
    expect((await history(`invoices/${invoice.id}`)).map((h) => h.action)).toEqual(['created', 'sent', 'updated']);
    expect((await history(`invoices/${invoice.id}`))[2]!.summary).toBe('Changed due date to 2031-03-03');
  });

  it('when an issued invoice is deleted, then 409 with the message and nothing changes', async () => {
    const invoice = await sentInvoice();
    const before = await fingerprint(t.ctx.db);
    const res = await request(t.app).delete(`/api/invoices/${invoice.id}`).set(user.auth);
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('An issued invoice cannot be deleted. Void it or issue a credit note.');
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when a draft is deleted, then its history goes with it', async () => {
    const invoice = await createInvoice(t.app, user, clientId);
    expect(await history(`invoices/${invoice.id}`)).toHaveLength(1);
    await request(t.app).delete(`/api/invoices/${invoice.id}`).set(user.auth).expect(200);
    const [row] = await t.ctx.db.select({ n: count() }).from(documentHistory).where(eq(documentHistory.invoiceId, invoice.id));
    expect(row!.n).toBe(0);
  });

  it('when an invoice with a credit note is reverted, then 409 and nothing changes', async () => {
    const invoice = await sentInvoice();
    await credit(invoice.id, { reason: 'Discount', lineItems: [{ description: 'Discount', quantity: 1, unitPrice: 10 }] }).expect(201);
    const before = await fingerprint(t.ctx.db);
    const res = await act(t.app, user, 'invoices', invoice.id, 'revert');
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('An invoice with credit notes cannot be reverted to draft.');
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });
});

describe('PATCH /api/invoices/:id/void', () => {
  it('when a sent invoice is voided with a reason, then VOID, it keeps its number, owes nothing and counts in no total', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const kept = await sentInvoice(u, c.id);
    const invoice = await sentInvoice(u, c.id);
    const res = await voidIt(invoice.id, { reason: 'Raised against the wrong job' }, u);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'VOID',
      invoiceNumber: invoice.invoiceNumber,
      voidReason: 'Raised against the wrong job',
      voidedAt: expect.any(String),
      balanceDue: 0,
    });
    const voids = (await request(t.app).get('/api/invoices?status=VOID').set(u.auth)).body.data.items;
    expect(voids.map((i: { id: string }) => i.id)).toEqual([invoice.id]);
    const dashboard = (await request(t.app).get('/api/dashboard').set(u.auth)).body.data;
    expect(dashboard).toMatchObject({ outstanding: kept.total, totalInvoiced: kept.total, activeInvoices: 1 });
    expect((await request(t.app).get(`/api/invoices/${invoice.id}/history`).set(u.auth)).body.data.at(-1)).toMatchObject({
      action: 'voided',
      summary: 'Voided: Raised against the wrong job',
    });
  });

  it('when the void is refused (no reason, draft, paid, credited, void), then 4xx and nothing changes', async () => {
    const draft = await createInvoice(t.app, user, clientId);
    const paid = await sentInvoice();
    await act(t.app, user, 'invoices', paid.id, 'pay');
    const credited = await sentInvoice();
    await credit(credited.id, { reason: 'Part', lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }] }).expect(201);
    const voided = await sentInvoice();
    await voidIt(voided.id, { reason: 'Wrong' }).expect(200);
    const sent = await sentInvoice();
    const before = await fingerprint(t.ctx.db);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [sent.id, {}, 400, 'Reason is required'],
      [sent.id, { reason: '   ' }, 400, 'Reason is required'],
      [sent.id, { reason: 'x'.repeat(501) }, 400, 'Reason must be 500 characters or less'],
      [draft.id, { reason: 'x' }, 409, 'Cannot void an invoice that is DRAFT'],
      [paid.id, { reason: 'x' }, 409, 'Cannot void an invoice that is PAID'],
      [credited.id, { reason: 'x' }, 409, 'An invoice with credit notes cannot be voided.'],
      [voided.id, { reason: 'x' }, 409, 'Cannot void an invoice that is VOID'],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await voidIt(id, body);
      expect(res.status, message).toBe(status);
      expect(res.body.error).toBe(message);
    }
    // a void invoice is not edited either
    const put = await request(t.app)
      .put(`/api/invoices/${voided.id}`)
      .set(user.auth)
      .send(invoiceBody(clientId, { dueDate: '2035-01-01' }));
    expect(put.status).toBe(409);
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when a void invoice is previewed, then the PDF carries VOID and the reason, and asks for no payment', async () => {
    const invoice = await sentInvoice();
    await voidIt(invoice.id, { reason: 'Duplicate of another invoice' }).expect(200);
    const body = (await pdf(`/api/invoices/${invoice.id}/preview`)).body as Buffer;
    const text = pdfText(body);
    // the rotated watermark is read with pdf.js (pdftotext skips rotated text)
    expect((await readPdf(body)).text).toContain('VOID');
    expect(text).toContain('This invoice is void: Duplicate of another invoice');
    expect(text).not.toContain('Payment due by');
    expect(text).not.toContain('Total due');
  });
});

describe('credit notes', () => {
  it('when the whole invoice is credited, then one credit note for its total, a CN number and the invoice is CREDITED', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const invoice = await sentInvoice(u, c.id);
    const res = await credit(invoice.id, { reason: 'Job cancelled' }, u);
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      creditNoteNumber: 'CN0001',
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      clientId: c.id,
      client: { id: c.id, name: 'Acme Plumbing Ltd' },
      lineItems: invoice.lineItems,
      tax: 20,
      subtotal: 316,
      taxAmount: 63.2,
      total: 379.2,
      reason: 'Job cancelled',
      createdAt: expect.any(String),
      by: { userId: u.id, email: u.email, name: u.email.split('@')[0] },
    });
    expect(await get(invoice.id, u)).toMatchObject({
      status: 'CREDITED',
      amountCredited: 379.2,
      balanceDue: 0,
      creditNotes: [{ id: res.body.data.id, creditNoteNumber: 'CN0001', total: 379.2, by: { userId: u.id, email: u.email, name: u.email.split('@')[0] } }],
    });
    const dashboard = (await request(t.app).get('/api/dashboard').set(u.auth)).body.data;
    expect(dashboard).toMatchObject({ outstanding: 0, activeInvoices: 0, totalInvoiced: 0 });
    expect((await request(t.app).get(`/api/credit-notes/${res.body.data.id}`).set(u.auth)).body.data).toEqual(res.body.data);
    expect((await request(t.app).get(`/api/credit-notes/${res.body.data.id}/history`).set(u.auth)).body.data).toEqual([
      {
        at: expect.any(String),
        action: 'created',
        summary: `Issued CN0001 against ${invoice.invoiceNumber} for £379.20: Job cancelled`,
        by: { userId: u.id, email: u.email, name: u.email.split('@')[0] },
      },
    ]);
  });

  it('when partial credits add up to the total, then each reduces the balance and one penny over is refused', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const invoice = await sentInvoice(u, c.id);
    // 1 x £150.50 at 20% = £180.60
    const first = await credit(invoice.id, { reason: 'One day less', lineItems: [{ description: 'Rewire kitchen', quantity: 1, unitPrice: 150.5 }] }, u);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ creditNoteNumber: 'CN0001', subtotal: 150.5, taxAmount: 30.1, total: 180.6 });
    expect(await get(invoice.id, u)).toMatchObject({ status: 'SENT', amountCredited: 180.6, balanceDue: 198.6 });
    expect((await request(t.app).get('/api/dashboard').set(u.auth)).body.data.outstanding).toBe(198.6);
    // 0.5 x £150.50 = £75.25, VAT £15.05, total £90.30 -> left £108.30
    const second = await credit(invoice.id, { reason: 'Half a day', lineItems: [{ description: 'Rewire kitchen', quantity: 0.5, unitPrice: 150.5 }] }, u);
    expect(second.body.data).toMatchObject({ creditNoteNumber: 'CN0002', total: 90.3 });
    const before = await fingerprint(t.ctx.db);
    // £90.26 + VAT £18.05 = £108.31: one penny more than is left
    const over = await credit(invoice.id, { reason: 'Too much', lineItems: [{ description: 'x', quantity: 1, unitPrice: 90.26 }] }, u);
    expect(over.status).toBe(409);
    expect(over.body.error).toBe('Credit is more than the amount left to credit (£108.30)');
    const whole = await credit(invoice.id, { reason: 'All of it' }, u);
    expect(whole.status).toBe(409);
    expect(whole.body.error).toBe('Credit is more than the amount left to credit (£108.30)');
    expect(await fingerprint(t.ctx.db)).toEqual(before);
    // £90.25 + VAT £18.05 = £108.30 exactly: settles the invoice
    const last = await credit(invoice.id, { reason: 'The rest', lineItems: [{ description: 'x', quantity: 1, unitPrice: 90.25 }] }, u);
    expect(last.body.data).toMatchObject({ creditNoteNumber: 'CN0003', total: 108.3 });
    expect(await get(invoice.id, u)).toMatchObject({ status: 'CREDITED', amountCredited: 379.2, balanceDue: 0 });
    expect((await request(t.app).get(`/api/invoices/${invoice.id}/history`).set(u.auth)).body.data.map((h: { action: string }) => h.action)).toEqual([
      'created',
      'sent',
      'credited',
      'credited',
      'credited',
    ]);
    const listed = (await request(t.app).get(`/api/credit-notes?invoiceId=${invoice.id}`).set(u.auth)).body.data;
    expect(listed.items.map((n: { creditNoteNumber: string }) => n.creditNoteNumber)).toEqual(['CN0003', 'CN0002', 'CN0001']);
  });

  it('when a paid invoice is credited, then it stays PAID (a refund is due) and owes nothing', async () => {
    const invoice = await sentInvoice();
    await act(t.app, user, 'invoices', invoice.id, 'pay');
    await credit(invoice.id, { reason: 'Refund' }).expect(201);
    expect(await get(invoice.id)).toMatchObject({ status: 'PAID', amountCredited: 379.2, balanceDue: 0 });
  });

  it('when a draft or void invoice is credited, or the body is bad, then refused and nothing changes', async () => {
    const draft = await createInvoice(t.app, user, clientId);
    const voided = await sentInvoice();
    await voidIt(voided.id, { reason: 'Wrong' }).expect(200);
    const sent = await sentInvoice();
    const before = await fingerprint(t.ctx.db);
    const cases: [string, Record<string, unknown>, number, string][] = [
      [draft.id, { reason: 'x' }, 409, 'Cannot credit an invoice that is DRAFT'],
      [voided.id, { reason: 'x' }, 409, 'Cannot credit an invoice that is VOID'],
      [sent.id, {}, 400, 'Reason is required'],
      [sent.id, { reason: 'x', lineItems: [] }, 400, 'At least one item is required'],
      [sent.id, { reason: 'x', lineItems: [{ description: 'x', quantity: 0, unitPrice: 1 }] }, 400, 'Quantity must be more than 0'],
      [sent.id, { reason: 'x', lineItems: [{ description: 'x', quantity: 1, unitPrice: 0 }] }, 400, 'A credit note must be for more than £0.00'],
      ['00000000-0000-4000-8000-000000000000', { reason: 'x' }, 404, 'Invoice not found'],
    ];
    for (const [id, body, status, message] of cases) {
      const res = await credit(id, body);
      expect(res.status, message).toBe(status);
      expect(res.body.error).toBe(message);
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when the company sets a credit note prefix and resets the counter, then numbers follow it and skip taken ones', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const company = await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ creditNotePrefix: 'CR' }));
    expect(company.body.data).toMatchObject({ creditNotePrefix: 'CR', nextCreditNoteNumber: 1 });
    const a = await sentInvoice(u, c.id);
    expect((await credit(a.id, { reason: 'x', lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }] }, u)).body.data.creditNoteNumber).toBe('CR0001');
    const reset = await request(t.app).post('/api/company/reset-credit-note-counter').set(u.auth);
    // CR0001 is taken, so the number the next credit note really gets is 2.
    expect(reset.body.data.nextCreditNoteNumber).toBe(2);
    expect((await credit(a.id, { reason: 'x', lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }] }, u)).body.data.creditNoteNumber).toBe('CR0002');
    const bad = await request(t.app)
      .put('/api/company')
      .set(u.auth)
      .send(sampleCompany({ creditNotePrefix: 'ABCDEFGHIJK' }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Prefix must be 10 characters or less');
  });

  it('when 100 credit notes are made at once across invoices, then their numbers are unique and consecutive', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const invoices: { id: string }[] = [];
    for (let i = 0; i < 10; i++) invoices.push(await sentInvoice(u, c.id));
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        credit(invoices[i % 10]!.id, { reason: `Credit ${i}`, lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }] }, u),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const numbers = results.map((r) => r.body.data.creditNoteNumber as string).sort();
    expect(numbers).toEqual(Array.from({ length: 100 }, (_, i) => `CN${String(i + 1).padStart(4, '0')}`));
    for (const inv of invoices) expect((await get(inv.id, u)).amountCredited).toBe(12);
  });

  it('when a credit note is previewed, then the PDF says CREDIT NOTE with its number, the invoice, the reason and VAT as a reduction, in every template', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const invoice = await sentInvoice(u, c.id);
    const note = (await credit(invoice.id, { reason: 'Socket not fitted', lineItems: [{ description: 'Socket', quantity: 1.5, unitPrice: 10 }] }, u)).body.data;
    for (const template of TEMPLATES) {
      // The credit note was frozen at issue; a later template change does not touch it, so check the live
      // template only through a new note.
      await request(t.app).put('/api/company').set(u.auth).send(sampleCompany({ template })).expect(200);
      const fresh = (await credit(invoice.id, { reason: `Reason ${template}`, lineItems: [{ description: 'Socket', quantity: 0.1, unitPrice: 10 }] }, u)).body
        .data;
      const res = await pdf(`/api/credit-notes/${fresh.id}/preview`, u);
      expect(res.status).toBe(200);
      expect(res.headers['content-disposition']).toBe(`inline; filename="${fresh.creditNoteNumber}.pdf"`);
      const text = pdfText(res.body as Buffer).replace(/\s+/g, ' ');
      expect(text, template).toMatch(/credit note/i);
      expect(text).toContain(fresh.creditNoteNumber);
      expect(text).toContain(invoice.invoiceNumber);
      expect(text).toContain(`Reason for credit: Reason ${template}`);
      expect(text).toContain('VAT credited at 20%');
      expect(text).toContain('-£0.20');
      expect(text).toContain('-£1.20');
    }
    const first = pdfText((await pdf(`/api/credit-notes/${note.id}/preview`, u)).body as Buffer).replace(/\s+/g, ' ');
    expect(first).toContain('CREDIT NOTE');
    expect(first).toContain('-£18.00');
  });
});

describe('issued documents render from their snapshot', () => {
  it('when the company, client and template change after sending, then the invoice PDF text is unchanged; a draft follows live data', async () => {
    const u = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ template: 'classic' }))
      .expect(201);
    const c = await createClient(t.app, u);
    const invoice = await sentInvoice(u, c.id);
    const draft = await createInvoice(t.app, u, c.id);
    const quote = await createQuote(t.app, u, c.id);
    await act(t.app, u, 'quotes', quote.id, 'send').expect(200);
    const before = pdfText((await pdf(`/api/invoices/${invoice.id}/preview`, u)).body as Buffer);
    const quoteBefore = pdfText((await pdf(`/api/quotes/${quote.id}/preview`, u)).body as Buffer);
    await request(t.app)
      .put('/api/company')
      .set(u.auth)
      .send(sampleCompany({ name: 'Renamed Trading Ltd', address: '1 New Street', vatNumber: 'GB999999999', template: 'minimal', terms: 'New terms' }))
      .expect(200);
    await request(t.app)
      .put(`/api/clients/${c.id}`)
      .set(u.auth)
      .send(sampleClient({ name: 'Moved Client', address: '9 Other Road' }))
      .expect(200);
    const after = pdfText((await pdf(`/api/invoices/${invoice.id}/preview`, u)).body as Buffer);
    expect(after).toBe(before);
    expect(pdfText((await pdf(`/api/quotes/${quote.id}/preview`, u)).body as Buffer)).toBe(quoteBefore);
    const live = pdfText((await pdf(`/api/invoices/${draft.id}/preview`, u)).body as Buffer);
    expect(live).toContain('Renamed Trading Ltd');
    expect(live).toContain('Moved Client');
    // A status mark still goes on top of the frozen document.
    await act(t.app, u, 'invoices', invoice.id, 'pay').expect(200);
    const paid = (await pdf(`/api/invoices/${invoice.id}/preview`, u)).body as Buffer;
    expect((await readPdf(paid)).text).toContain('PAID');
    expect(pdfText(paid)).not.toContain('Renamed Trading Ltd');
  });
});

describe('quotes', () => {
  it('when an approved quote is edited, then 409 and it is unchanged; a sent quote stays editable', async () => {
    const quote = await approvedQuote(t.app, user, clientId);
    const before = await fingerprint(t.ctx.db);
    const res = await request(t.app)
      .put(`/api/quotes/${quote.id}`)
      .set(user.auth)
      .send(quoteBody(clientId, { tax: 0 }));
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('An approved quote cannot be changed. Revert it to draft first.');
    expect(await fingerprint(t.ctx.db)).toEqual(before);
    const sent = await createQuote(t.app, user, clientId);
    await act(t.app, user, 'quotes', sent.id, 'send');
    const ok = await request(t.app)
      .put(`/api/quotes/${sent.id}`)
      .set(user.auth)
      .send(quoteBody(clientId, { tax: 0 }));
    expect(ok.status).toBe(200);
    expect((await history(`quotes/${sent.id}`)).map((h) => [h.action, h.summary])).toEqual([
      ['created', `Created ${sent.quoteNumber} for £379.20`],
      ['sent', 'Sent to the client'],
      ['updated', 'Changed tax'],
    ]);
  });
});

describe('cross-account', () => {
  it("when another user uses the new routes on the owner's documents, then 404 and nothing changes", async () => {
    const invoice = await sentInvoice();
    const note = (await credit(invoice.id, { reason: 'x', lineItems: [{ description: 'x', quantity: 1, unitPrice: 1 }] })).body.data;
    const quote = await createQuote(t.app, user, clientId);
    const other = await registerUser(t.app);
    await request(t.app).post('/api/company').set(other.auth).send(sampleCompany()).expect(201);
    const before = await fingerprint(t.ctx.db);
    const calls = [
      request(t.app).get(`/api/invoices/${invoice.id}/history`).set(other.auth),
      request(t.app).get(`/api/quotes/${quote.id}/history`).set(other.auth),
      request(t.app).get(`/api/credit-notes/${note.id}/history`).set(other.auth),
      request(t.app).get(`/api/credit-notes/${note.id}`).set(other.auth),
      request(t.app).get(`/api/credit-notes/${note.id}/preview`).set(other.auth),
      request(t.app).patch(`/api/invoices/${invoice.id}/void`).set(other.auth).send({ reason: 'x' }),
      request(t.app).post(`/api/invoices/${invoice.id}/credit-notes`).set(other.auth).send({ reason: 'x' }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await request(t.app).get('/api/credit-notes').set(other.auth)).body.data).toEqual([]);
    expect((await request(t.app).get(`/api/credit-notes?invoiceId=${invoice.id}`).set(other.auth)).body.data.items).toEqual([]);
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });
});
