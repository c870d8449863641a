import { execFileSync } from 'node:child_process';
import request from 'supertest';
import type { Express } from 'express';
import { sampleClient, type TestUser } from './test-app.ts';

/** Fixtures for quote, invoice and calendar HTTP tests: each helper fails loudly on a non-2xx. */
function expectOk(res: request.Response, what: string) {
  if (res.status >= 300) throw new Error(`${what} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

export async function createClient(app: Express, user: TestUser, over: Record<string, unknown> = {}) {
  return expectOk(await request(app).post('/api/clients').set(user.auth).send(sampleClient(over)), 'create client') as {
    id: string;
    name: string;
  };
}

export const quoteBody = (clientId: string, over: Record<string, unknown> = {}) => ({
  clientId,
  lineItems: [
    { description: 'Rewire kitchen', quantity: 2, unitPrice: 150.5 },
    { description: 'Socket', quantity: 1.5, unitPrice: 10 },
  ],
  tax: 20,
  ...over,
});

export const invoiceBody = (clientId: string, over: Record<string, unknown> = {}) => ({
  ...quoteBody(clientId),
  dueDate: '2030-01-31',
  ...over,
});

export async function createQuote(app: Express, user: TestUser, clientId: string, over: Record<string, unknown> = {}) {
  return expectOk(await request(app).post('/api/quotes').set(user.auth).send(quoteBody(clientId, over)), 'create quote');
}

export async function createInvoice(app: Express, user: TestUser, clientId: string, over: Record<string, unknown> = {}) {
  return expectOk(await request(app).post('/api/invoices').set(user.auth).send(invoiceBody(clientId, over)), 'create invoice');
}

/** A new invoice, issued: it has its number (given at issue; a draft has none). */
export async function createIssuedInvoice(app: Express, user: TestUser, clientId: string, over: Record<string, unknown> = {}) {
  const draft = await createInvoice(app, user, clientId, over);
  return expectOk(await request(app).patch(`/api/invoices/${draft.id}/send`).set(user.auth), 'send invoice');
}

/** PATCH /api/<kind>/<id>/<action>, answering the response. */
export const act = (app: Express, user: TestUser, kind: 'quotes' | 'invoices', id: string, action: string) =>
  request(app).patch(`/api/${kind}/${id}/${action}`).set(user.auth);

export async function approvedQuote(app: Express, user: TestUser, clientId: string) {
  const quote = await createQuote(app, user, clientId);
  expectOk(await act(app, user, 'quotes', quote.id, 'send'), 'send quote');
  return expectOk(await act(app, user, 'quotes', quote.id, 'approve'), 'approve quote');
}

/** GET `path` as raw bytes (a PDF, a zip, a CSV with its BOM), whatever its content type. */
export const getBinary = (app: Express, user: TestUser, path: string) =>
  request(app)
    .get(path)
    .set(user.auth)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });

/** The text of a PDF as pdftotext reads it (`-raw` keeps the reading order), white space folded. */
export const pdfTextOf = (pdf: Buffer, mode: '-raw' | '-layout' = '-raw'): string =>
  execFileSync('pdftotext', [mode, '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');
