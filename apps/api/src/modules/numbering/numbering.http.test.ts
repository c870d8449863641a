import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, registerUser, sampleCompany, type TestApp } from '../../../test/test-app.ts';
import { approvedQuote, createClient, createInvoice, createIssuedInvoice, createQuote, invoiceBody, quoteBody } from '../../../test/document-fixtures.ts';
import { STAGE_MESSAGES } from '@docket/schemas/stage-invoice';
import { documentCounters, invoices, quotes } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const padded = (prefix: string, from: number, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${String(from + i).padStart(4, '0')}`);

describe('document numbering', () => {
  it('when 50 quotes and 50 invoices are created at once and the invoices issued at once, then 50 distinct consecutive numbers each', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => request(t.app).post('/api/quotes').set(u.auth).send(quoteBody(c.id))),
      ...Array.from({ length: 50 }, () => request(t.app).post('/api/invoices').set(u.auth).send(invoiceBody(c.id))),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const quoteNumbers = results
      .slice(0, 50)
      .map((r) => r.body.data.quoteNumber)
      .sort();
    expect(quoteNumbers).toEqual(padded('Q', 1, 50));
    // Quotes are numbered at creation; invoices at issue (docs/product.md, "Document numbers").
    expect(results.slice(50).map((r) => r.body.data.invoiceNumber)).toEqual(Array(50).fill(null));
    const sent = await Promise.all(results.slice(50).map((r) => request(t.app).patch(`/api/invoices/${r.body.data.id}/send`).set(u.auth)));
    expect(sent.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(sent.map((r) => r.body.data.invoiceNumber).sort()).toEqual(padded('INV', 1, 50));
  });

  it('when two users create documents, then each has their own sequence', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await createQuote(t.app, a, (await createClient(t.app, a)).id);
    const bq = await createQuote(t.app, b, (await createClient(t.app, b)).id);
    expect(bq.quoteNumber).toBe('Q0001');
  });

  it('when the counter is reset while numbers are in use, then allocation skips them and reuses freed ones', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    const q1 = await createQuote(t.app, u, c.id);
    await createQuote(t.app, u, c.id);
    await createQuote(t.app, u, c.id);
    const reset = await request(t.app).post('/api/company/reset-quote-counter').set(u.auth);
    expect(reset.status).toBe(200);
    expect((await createQuote(t.app, u, c.id)).quoteNumber).toBe('Q0004');
    await request(t.app).delete(`/api/quotes/${q1.id}`).set(u.auth);
    await request(t.app).post('/api/company/reset-quote-counter').set(u.auth);
    expect((await createQuote(t.app, u, c.id)).quoteNumber).toBe('Q0001');
    expect((await createQuote(t.app, u, c.id)).quoteNumber).toBe('Q0005');
  });

  it('when the invoice counter is reset, then numbering restarts at 1 past numbers in use', async () => {
    const u = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ invoiceNumberPrefix: 'BS-' }));
    const c = await createClient(t.app, u);
    const first = await createIssuedInvoice(t.app, u, c.id);
    expect(first.invoiceNumber).toBe('BS-0001');
    // Only a number never issued is free again: BS-0001 is gone for good once sent, so the reset steps over it.
    await createIssuedInvoice(t.app, u, c.id); // BS-0002
    await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('BS-0003');
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('BS-0004');
  });

  it('when INV0001 and INV0002 exist and the counter is reset, then the profile shows 3, the number the next invoice gets', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    await createIssuedInvoice(t.app, u, c.id);
    await createIssuedInvoice(t.app, u, c.id);
    const reset = await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect(reset.body.data.nextInvoiceNumber).toBe(3);
    expect((await request(t.app).get('/api/company').set(u.auth)).body.data.nextInvoiceNumber).toBe(3);
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV0003');
    expect((await request(t.app).get('/api/company').set(u.auth)).body.data.nextInvoiceNumber).toBe(4);
    // A freed number is offered again after the next reset.
    const quote = await createQuote(t.app, u, c.id);
    await request(t.app).delete(`/api/quotes/${quote.id}`).set(u.auth);
    expect((await request(t.app).post('/api/company/reset-quote-counter').set(u.auth)).body.data.nextQuoteNumber).toBe(1);
  });

  it('when the prefix changes, then new numbers use it and old numbers never change, even on edit', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    const old = await createQuote(t.app, u, c.id);
    await request(t.app)
      .put('/api/company')
      .set(u.auth)
      .send(sampleCompany({ quoteNumberPrefix: 'EST' }));
    expect((await createQuote(t.app, u, c.id)).quoteNumber).toBe('EST0002');
    // A number is never the client's to set: the key is refused (strict bodies), and an edit keeps it.
    const refused = await request(t.app)
      .put(`/api/quotes/${old.id}`)
      .set(u.auth)
      .send(quoteBody(c.id, { quoteNumber: 'Z9' }));
    expect([refused.status, refused.body.details?.quoteNumber]).toEqual([400, 'Unknown field: quoteNumber']);
    const edited = await request(t.app).put(`/api/quotes/${old.id}`).set(u.auth).send(quoteBody(c.id));
    expect(edited.body.data.quoteNumber).toBe('Q0001');
  });

  it('when the counter passes 9999, then the number grows to five digits', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    await createIssuedInvoice(t.app, u, c.id);
    await t.ctx.db
      .update(documentCounters)
      .set({ nextValue: 9999 })
      .where(and(eq(documentCounters.userId, u.id), eq(documentCounters.kind, 'invoice')));
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV9999');
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV10000');
  });
});

describe('numbers of issued documents (red-team finding 5)', () => {
  it('when a sent invoice is deleted and the counter is reset, then its number is never handed out again', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    const sent = await createIssuedInvoice(t.app, u, c.id);
    expect(sent.invoiceNumber).toBe('INV0001');
    // Through the API while it still allows it, else straight in the database: either way it is gone.
    const del = await request(t.app).delete(`/api/invoices/${sent.id}`).set(u.auth);
    if (del.status !== 200) await t.ctx.db.delete(invoices).where(eq(invoices.id, sent.id));
    await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV0002');
    await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV0003');
  });

  it('when the counter is set back onto an issued number that no document carries now, then allocation steps over it', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    const numbers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const q = await createQuote(t.app, u, c.id);
      numbers.push(q.quoteNumber);
      expect((await request(t.app).patch(`/api/quotes/${q.id}/send`).set(u.auth)).status).toBe(200);
    }
    await t.ctx.db.delete(quotes).where(eq(quotes.userId, u.id));
    await t.ctx.db
      .update(documentCounters)
      .set({ nextValue: 2 })
      .where(and(eq(documentCounters.userId, u.id), eq(documentCounters.kind, 'quote')));
    expect((await createQuote(t.app, u, c.id)).quoteNumber).toBe('Q0004');
    expect(numbers).toEqual(['Q0001', 'Q0002', 'Q0003']);
  });

  it('when drafts are deleted between issues, then the issued numbers still run without a gap (red-team finding 16)', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    const drafts = [];
    for (let i = 0; i < 6; i++) drafts.push(await createInvoice(t.app, u, c.id));
    expect(drafts.map((d) => d.invoiceNumber)).toEqual(Array(6).fill(null));
    const issued: string[] = [];
    for (const [i, d] of drafts.entries()) {
      if (i % 2 === 0) expect((await request(t.app).delete(`/api/invoices/${d.id}`).set(u.auth)).status).toBe(200);
      else issued.push((await request(t.app).patch(`/api/invoices/${d.id}/send`).set(u.auth)).body.data.invoiceNumber);
    }
    expect(issued).toEqual(['INV0001', 'INV0002', 'INV0003']);
    const list = (await request(t.app).get('/api/invoices').set(u.auth)).body.data as { invoiceNumber: string | null }[];
    expect(list.map((i) => i.invoiceNumber).sort()).toEqual(['INV0001', 'INV0002', 'INV0003']);
    expect((await request(t.app).get('/api/company').set(u.auth)).body.data.nextInvoiceNumber).toBe(4);
  });

  it('when an issued invoice is reverted to draft and sent again, then it keeps its number and the next issue takes the next one', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const first = await createIssuedInvoice(t.app, u, c.id);
    const reverted = await request(t.app).patch(`/api/invoices/${first.id}/revert`).set(u.auth);
    expect([reverted.body.data.status, reverted.body.data.invoiceNumber]).toEqual(['DRAFT', 'INV0001']);
    expect((await request(t.app).patch(`/api/invoices/${first.id}/send`).set(u.auth)).body.data.invoiceNumber).toBe('INV0001');
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV0002');
  });

  it('when an issue is refused (due before the issue date), then no number is used', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const early = await createInvoice(t.app, u, c.id, { dueDate: '2020-01-01' });
    expect((await request(t.app).patch(`/api/invoices/${early.id}/send`).set(u.auth)).status).toBe(409);
    expect((await request(t.app).get(`/api/invoices/${early.id}`).set(u.auth)).body.data.invoiceNumber).toBeNull();
    expect((await createIssuedInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV0001');
  });

  it('when the database is asked to issue an invoice without a number, then it refuses (a check constraint)', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const draft = await createInvoice(t.app, u, c.id);
    await expect(t.ctx.db.update(invoices).set({ status: 'SENT' }).where(eq(invoices.id, draft.id))).rejects.toThrow();
  });

  it('when a final invoice is asked for while the deposit is still a draft, then 409 says to send or delete the draft first', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const quote = await approvedQuote(t.app, u, c.id);
    const deposit = await request(t.app).post(`/api/quotes/${quote.id}/invoices`).set(u.auth).send({ type: 'DEPOSIT', percent: 30 });
    expect([deposit.status, deposit.body.data.invoiceNumber]).toEqual([201, null]);
    const final = await request(t.app).post(`/api/quotes/${quote.id}/invoices`).set(u.auth).send({ type: 'FINAL' });
    expect([final.status, final.body.error]).toEqual([409, STAGE_MESSAGES.finalAfterDrafts]);
    expect((await request(t.app).patch(`/api/invoices/${deposit.body.data.id}/send`).set(u.auth)).body.data.invoiceNumber).toBe('INV0001');
    const made = await request(t.app).post(`/api/quotes/${quote.id}/invoices`).set(u.auth).send({ type: 'FINAL' });
    expect(made.status).toBe(201);
    expect(made.body.data.lineItems.map((l: { description: string }) => l.description).join('\n')).toMatch(/^Less deposit INV0001/m);
  });
});
