import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, registerUser, sampleCompany, type TestApp } from '../../../test/test-app.ts';
import { createClient, createInvoice, createQuote, invoiceBody, quoteBody } from '../../../test/document-fixtures.ts';
import { documentCounters, invoices, quotes } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const padded = (prefix: string, from: number, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(from + i).padStart(4, '0')}`);

describe('document numbering', () => {
  it('when 50 quotes and 50 invoices are created at once, then 50 distinct consecutive numbers each', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    const results = await Promise.all([
      ...Array.from({ length: 50 }, () => request(t.app).post('/api/quotes').set(u.auth).send(quoteBody(c.id))),
      ...Array.from({ length: 50 }, () => request(t.app).post('/api/invoices').set(u.auth).send(invoiceBody(c.id))),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(100).fill(201));
    const quoteNumbers = results.slice(0, 50).map((r) => r.body.data.quoteNumber).sort();
    const invoiceNumbers = results.slice(50).map((r) => r.body.data.invoiceNumber).sort();
    expect(quoteNumbers).toEqual(padded('Q', 1, 50));
    expect(invoiceNumbers).toEqual(padded('INV', 1, 50));
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
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany({ invoiceNumberPrefix: 'BS-' }));
    const c = await createClient(t.app, u);
    const first = await createInvoice(t.app, u, c.id);
    expect(first.invoiceNumber).toBe('BS-0001');
    await request(t.app).delete(`/api/invoices/${first.id}`).set(u.auth);
    await createInvoice(t.app, u, c.id); // BS-0002
    await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect((await createInvoice(t.app, u, c.id)).invoiceNumber).toBe('BS-0001');
    expect((await createInvoice(t.app, u, c.id)).invoiceNumber).toBe('BS-0003');
  });

  it('when INV0001 and INV0002 exist and the counter is reset, then the profile shows 3, the number the next invoice gets', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    await createInvoice(t.app, u, c.id);
    await createInvoice(t.app, u, c.id);
    const reset = await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect(reset.body.data.nextInvoiceNumber).toBe(3);
    expect((await request(t.app).get('/api/company').set(u.auth)).body.data.nextInvoiceNumber).toBe(3);
    expect((await createInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV0003');
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
    await request(t.app).put('/api/company').set(u.auth).send(sampleCompany({ quoteNumberPrefix: 'EST' }));
    expect((await createQuote(t.app, u, c.id)).quoteNumber).toBe('EST0002');
    const edited = await request(t.app).put(`/api/quotes/${old.id}`).set(u.auth).send(quoteBody(c.id, { quoteNumber: 'Z9' }));
    expect(edited.body.data.quoteNumber).toBe('Q0001');
  });

  it('when the counter passes 9999, then the number grows to five digits', async () => {
    const u = await registerUser(t.app);
    const c = await createClient(t.app, u);
    await createInvoice(t.app, u, c.id);
    await t.ctx.db
      .update(documentCounters)
      .set({ nextValue: 9999 })
      .where(and(eq(documentCounters.userId, u.id), eq(documentCounters.kind, 'invoice')));
    expect((await createInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV9999');
    expect((await createInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV10000');
  });
});

describe('numbers of issued documents (red-team finding 5)', () => {
  it('when a sent invoice is deleted and the counter is reset, then its number is never handed out again', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    const sent = await createInvoice(t.app, u, c.id);
    expect(sent.invoiceNumber).toBe('INV0001');
    expect((await request(t.app).patch(`/api/invoices/${sent.id}/send`).set(u.auth)).status).toBe(200);
    // Through the API while it still allows it, else straight in the database: either way it is gone.
    const del = await request(t.app).delete(`/api/invoices/${sent.id}`).set(u.auth);
    if (del.status !== 200) await t.ctx.db.delete(invoices).where(eq(invoices.id, sent.id));
    await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect((await createInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV0002');
    await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect((await createInvoice(t.app, u, c.id)).invoiceNumber).toBe('INV0003');
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
    await t.ctx.db.update(documentCounters).set({ nextValue: 2 }).where(and(eq(documentCounters.userId, u.id), eq(documentCounters.kind, 'quote')));
    expect((await createQuote(t.app, u, c.id)).quoteNumber).toBe('Q0004');
    expect(numbers).toEqual(['Q0001', 'Q0002', 'Q0003']);
  });

  it('when only a draft carried a number, then after it is deleted and the counter reset the number is free again', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
    const c = await createClient(t.app, u);
    const draft = await createInvoice(t.app, u, c.id);
    expect((await request(t.app).delete(`/api/invoices/${draft.id}`).set(u.auth)).status).toBe(200);
    await request(t.app).post('/api/company/reset-invoice-counter').set(u.auth);
    expect((await createInvoice(t.app, u, c.id)).invoiceNumber).toBe(draft.invoiceNumber);
  });
});
