import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { parse as parseCsv } from 'csv-parse/sync';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';

let t: TestApp;
let user: TestUser;
let stranger: TestUser;
let clientId: string;
let sentId: string;
let zeroRatedId: string;
let draftId: string;

const download = (p: string, u: TestUser = user) =>
  request(t.app)
    .get(p)
    .set(u.auth)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
/** The file's rows as objects keyed by header, after checking the BOM. */
async function csvOf(p: string, u: TestUser = user) {
  const res = await download(p, u);
  expect(res.status, String(res.body)).toBe(200);
  const body = res.body as Buffer;
  expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = body.toString('utf8').slice(1);
  const rows = parseCsv(text, { relax_column_count: false }) as string[][];
  const [header, ...data] = rows;
  return { res, header: header!, rows: data.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!]))) };
}
const pounds = (n: number) => n.toFixed(2);

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  user = await registerUser(t.app);
  stranger = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  const client = await createClient(t.app, user, { name: 'Café Zoë £ Ltd', vatNumber: 'GB999999973', isBusiness: true });
  clientId = client.id;
  const sent = await createInvoice(t.app, user, clientId, {
    lineItems: [
      { description: '=HYPERLINK("http://evil.example","click")', quantity: 2, unitPrice: 150.5 },
      { description: '+cmd|calc', quantity: 1.5, unitPrice: 10.01 },
      { description: '-2+3', quantity: 1, unitPrice: 0.05 },
      { description: '@SUM(A1:A2)', quantity: 1, unitPrice: 1 },
      { description: 'Tabbed', quantity: 1, unitPrice: 1 },
      { description: 'Return', quantity: 1, unitPrice: 1 },
    ],
  });
  sentId = sent.id;
  expect((await act(t.app, user, 'invoices', sentId, 'send')).status).toBe(200);
  await request(t.app).post(`/api/invoices/${sentId}/payments`).set(user.auth).send({ amount: 100.01, method: 'CARD', reference: "=1+1" }).expect(201);
  await request(t.app)
    .post(`/api/invoices/${sentId}/credit-notes`)
    .set(user.auth)
    .send({ reason: 'Overcharged', lineItems: [{ description: 'Refund', quantity: 1, unitPrice: 10.01 }] })
    .expect(201);
  const zero = await createInvoice(t.app, user, clientId, { tax: 0, lineItems: [{ description: 'Zero-rated', quantity: 3, unitPrice: 33.33 }] });
  zeroRatedId = zero.id;
  expect((await act(t.app, user, 'invoices', zeroRatedId, 'send')).status).toBe(200);
  draftId = (await createInvoice(t.app, user, clientId)).id;
  const quote = await createQuote(t.app, user, clientId);
  expect((await act(t.app, user, 'quotes', quote.id, 'send')).status).toBe(200);
  await createQuote(t.app, user, clientId);
  await request(t.app).post('/api/items').set(user.auth).send({ name: '=cmd', description: 'Copper pipe, 15 mm', price: 4.2 }).expect(201);
});
afterAll(() => t.close());

describe('CSV exports', () => {
  it('when each export is downloaded, then its columns are exactly the pinned set', async () => {
    const perCategory = ['Net S', 'VAT S', 'Net Z', 'Net E', 'Net O', 'Net AE'];
    const pinned: Record<string, string[]> = {
      invoices: [
        'Invoice number', 'Issue date', 'Due date', 'Status', 'Client', 'Client email', 'Client VAT number', 'VAT category', 'VAT rate %',
        'Net', 'VAT', 'Total', ...perCategory, 'Credited', 'Paid', 'Voided on', 'Void reason',
      ],
      'invoice-lines': ['Invoice number', 'Issue date', 'Status', 'Client', 'Line', 'Description', 'Quantity', 'Unit price', 'Net', 'VAT category', 'VAT rate %'],
      'credit-notes': [
        'Credit note number', 'Issue date', 'Invoice number', 'Client', 'Client email', 'Client VAT number', 'Reason', 'VAT category', 'VAT rate %',
        'Net', 'VAT', 'Total', ...perCategory,
      ],
      payments: ['Date', 'Invoice number', 'Client', 'Amount', 'Method', 'Reference'],
      quotes: ['Quote number', 'Issue date', 'Status', 'Client', 'Client email', 'VAT category', 'VAT rate %', 'Net', 'VAT', 'Total'],
      clients: ['Name', 'Email', 'Phone', 'Address', 'Business', 'VAT number', 'Created'],
      items: ['Name', 'Description', 'Price', 'Created'],
    };
    for (const [file, headers] of Object.entries(pinned)) {
      const { res, header } = await csvOf(`/api/exports/${file}.csv`);
      expect(header, file).toEqual(headers);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="docket-${file}.csv"`);
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it('when invoices are exported, then every money figure equals the API’s, in pounds with 2 places, and dates are ISO', async () => {
    const { rows } = await csvOf('/api/exports/invoices.csv');
    expect(rows.map((r) => r.Status)).toEqual(['SENT', 'SENT', 'DRAFT']);
    for (const id of [sentId, zeroRatedId, draftId]) {
      const inv = (await request(t.app).get(`/api/invoices/${id}`).set(user.auth)).body.data;
      const row = rows.find((r) => r['Invoice number'] === inv.invoiceNumber)!;
      expect(row.Net).toBe(pounds(inv.subtotal));
      expect(row.VAT).toBe(pounds(inv.taxAmount));
      expect(row.Total).toBe(pounds(inv.total));
      expect(row.Paid).toBe(pounds(inv.amountPaid));
      expect(row.Credited).toBe(pounds(inv.amountCredited));
      expect(row['Due date']).toBe(inv.dueDate);
      expect(row['Issue date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.Client).toBe('Café Zoë £ Ltd');
      if (inv.tax > 0) {
        expect([row['VAT category'], row['VAT rate %'], row['Net S'], row['VAT S'], row['Net Z']]).toEqual(['S', '20', pounds(inv.subtotal), pounds(inv.taxAmount), '']);
      } else {
        expect([row['VAT category'], row['VAT rate %'], row['Net S'], row['VAT S'], row['Net Z']]).toEqual(['Z', '0', '', '', pounds(inv.subtotal)]);
      }
    }
  });

  it('when lines, credit notes, payments and quotes are exported, then their figures equal the API’s', async () => {
    const inv = (await request(t.app).get(`/api/invoices/${sentId}`).set(user.auth)).body.data;
    const lines = (await csvOf('/api/exports/invoice-lines.csv')).rows.filter((r) => r['Invoice number'] === inv.invoiceNumber);
    expect(lines.map((l) => [l.Quantity, l['Unit price']])).toEqual(
      inv.lineItems.map((l: { quantity: number; unitPrice: number }) => [String(l.quantity), pounds(l.unitPrice)]),
    );
    // 2 x 150.50, 1.5 x 10.01 (15.015 rounds half-up), then 0.05, 1, 1, 1
    expect(lines.map((l) => l.Net)).toEqual(['301.00', '15.02', '0.05', '1.00', '1.00', '1.00']);
    expect(pounds(lines.reduce((sum, l) => sum + Math.round(Number(l.Net) * 100), 0) / 100)).toBe(pounds(inv.subtotal));
    const notes = (await csvOf('/api/exports/credit-notes.csv')).rows;
    const note = (await request(t.app).get(`/api/credit-notes/${inv.creditNotes[0].id}`).set(user.auth)).body.data;
    expect(notes).toHaveLength(1);
    expect([notes[0]!.Net, notes[0]!.VAT, notes[0]!.Total, notes[0]!['Invoice number']]).toEqual([
      pounds(note.subtotal),
      pounds(note.taxAmount),
      pounds(note.total),
      inv.invoiceNumber,
    ]);
    const payments = (await csvOf('/api/exports/payments.csv')).rows;
    expect(payments).toEqual([{ Date: inv.payments[0].date, 'Invoice number': inv.invoiceNumber, Client: 'Café Zoë £ Ltd', Amount: '100.01', Method: 'CARD', Reference: "'=1+1" }]);
    const quotes = (await csvOf('/api/exports/quotes.csv')).rows;
    expect(quotes.map((q) => [q.Status, q.Net, q.VAT, q.Total])).toEqual([
      ['SENT', '316.00', '63.20', '379.20'],
      ['DRAFT', '316.00', '63.20', '379.20'],
    ]);
  });

  it('when a cell starts with =, +, - or @, then it is neutralised with a leading apostrophe (tab and CR: csv.test.ts; forms trim them)', async () => {
    const lines = (await csvOf('/api/exports/invoice-lines.csv')).rows.map((r) => r.Description);
    expect(lines).toEqual(expect.arrayContaining(['\'=HYPERLINK("http://evil.example","click")', "'+cmd|calc", "'-2+3", "'@SUM(A1:A2)"]));
    expect((await csvOf('/api/exports/items.csv')).rows[0]).toMatchObject({ Name: "'=cmd", Price: '4.20' });
  });

  it('when from and to are given, then only documents issued in those London days are exported; bad ranges answer 400', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect((await csvOf(`/api/exports/invoices.csv?from=${today}&to=${today}`)).rows.length).toBeGreaterThanOrEqual(0);
    expect((await csvOf('/api/exports/invoices.csv?from=2000-01-01&to=2000-12-31')).rows).toEqual([]);
    expect((await csvOf('/api/exports/payments.csv?from=2000-01-01&to=2000-12-31')).rows).toEqual([]);
    expect((await csvOf('/api/exports/invoices.csv?from=2000-01-01')).rows).toHaveLength(3);
    const bad = await request(t.app).get('/api/exports/invoices.csv?from=2026-02-30').set(user.auth);
    expect([bad.status, bad.body.error]).toEqual([400, 'from must be a date (YYYY-MM-DD)']);
    const reversed = await request(t.app).get('/api/exports/invoices.csv?from=2026-02-01&to=2026-01-01').set(user.auth);
    expect([reversed.status, reversed.body.error]).toEqual([400, 'from must be on or before to']);
    expect((await request(t.app).get('/api/exports/secrets.csv').set(user.auth)).status).toBe(404);
  });

  it('when another account exports, then none of this account’s records appear', async () => {
    for (const file of ['invoices', 'invoice-lines', 'credit-notes', 'payments', 'quotes', 'clients', 'items']) {
      const { rows } = await csvOf(`/api/exports/${file}.csv`, stranger);
      expect(rows, file).toEqual([]);
    }
  });
});

describe('account.zip', () => {
  it('when the whole account is downloaded, then the zip holds every CSV and each issued document’s PDF, and no draft', async () => {
    const res = await download('/api/exports/account.zip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const dir = mkdtempSync(path.join(tmpdir(), 'docket-zip-'));
    const file = path.join(dir, 'account.zip');
    writeFileSync(file, res.body as Buffer);
    const names = execFileSync('zipinfo', ['-1', file]).toString('utf8').trim().split('\n').sort();
    const invoices = (await request(t.app).get('/api/invoices').set(user.auth)).body.data;
    const issued = (invoices.items ?? invoices).filter((i: { status: string }) => i.status !== 'DRAFT').map((i: { invoiceNumber: string }) => `invoices/${i.invoiceNumber}.pdf`);
    expect(names).toEqual(
      expect.arrayContaining(['invoices.csv', 'invoice-lines.csv', 'credit-notes.csv', 'payments.csv', 'quotes.csv', 'clients.csv', 'items.csv', ...issued]),
    );
    expect(names.filter((n) => n.endsWith('.pdf'))).toHaveLength(issued.length + 2); // + the sent quote and the credit note
    execFileSync('unzip', ['-q', '-t', file]);
    const sent = (await request(t.app).get(`/api/invoices/${sentId}`).set(user.auth)).body.data;
    const pdf = execFileSync('unzip', ['-p', file, `invoices/${sent.invoiceNumber}.pdf`]);
    const preview = await download(`/api/invoices/${sentId}/preview`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = (b: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: b }).toString('utf8');
    expect(text(pdf)).toBe(text(preview.body as Buffer));
    expect(text(pdf)).toContain('Café Zoë £ Ltd');
    const csv = execFileSync('unzip', ['-p', file, 'invoices.csv']);
    expect(csv.equals((await download('/api/exports/invoices.csv')).body as Buffer)).toBe(true);
  });

  it('when another account downloads its zip, then it holds only empty CSVs', async () => {
    const res = await download('/api/exports/account.zip', stranger);
    const dir = mkdtempSync(path.join(tmpdir(), 'docket-zip-'));
    const file = path.join(dir, 'account.zip');
    writeFileSync(file, res.body as Buffer);
    const names = execFileSync('zipinfo', ['-1', file]).toString('utf8').trim().split('\n');
    expect(names.every((n) => n.endsWith('.csv'))).toBe(true);
  });
});
