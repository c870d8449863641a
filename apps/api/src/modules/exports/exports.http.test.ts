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
  await request(t.app).post(`/api/invoices/${sentId}/payments`).set(user.auth).send({ amount: 100.01, method: 'CARD', reference: '=1+1' }).expect(201);
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
    const perCode = [
      'Net STANDARD',
      'VAT STANDARD',
      'Net REDUCED',
      'VAT REDUCED',
      'Net ZERO',
      'Net EXEMPT',
      'Net OUTSIDE_SCOPE',
      'Net RC_STANDARD',
      'Reverse-charge VAT RC_STANDARD',
      'Net RC_REDUCED',
      'Reverse-charge VAT RC_REDUCED',
      'Other rate %',
      'Net other rate',
      'VAT other rate',
    ];
    const pinned: Record<string, string[]> = {
      invoices: [
        'Invoice number',
        'Issue date',
        'Due date',
        'Status',
        'Client',
        'Client email',
        'Client VAT number',
        'Net',
        'VAT',
        'Total',
        'Reverse-charge VAT',
        'CIS deduction',
        'Amount due',
        ...perCode,
        'Credited',
        'Paid',
        'Voided on',
        'Void reason',
      ],
      'invoice-lines': [
        'Invoice number',
        'Issue date',
        'Status',
        'Client',
        'Line',
        'Description',
        'Quantity',
        'Unit price',
        'Discount %',
        'Unit',
        'Kind',
        'Net',
        'VAT code',
        'VAT rate %',
        'VAT category',
      ],
      'credit-notes': [
        'Credit note number',
        'Issue date',
        'Invoice number',
        'Client',
        'Client email',
        'Client VAT number',
        'Reason',
        'Net',
        'VAT',
        'Total',
        'Reverse-charge VAT',
        ...perCode,
      ],
      payments: ['Date', 'Invoice number', 'Client', 'Amount', 'Method', 'Reference'],
      quotes: ['Quote number', 'Issue date', 'Status', 'Client', 'Client email', 'Net', 'VAT', 'Total', ...perCode],
      clients: ['Name', 'Email', 'Phone', 'Address', 'Business', 'VAT number', 'CIS rate', 'Payment terms (days)', 'Created'],
      items: ['Name', 'Description', 'Price', 'VAT code', 'Kind', 'Unit', 'Created'],
      expenses: [
        'Date',
        'Supplier',
        'Description',
        'Category',
        'Category name',
        'Allowable',
        'Net',
        'VAT code',
        'VAT',
        'Total',
        'Paid from',
        'Client',
        'Receipt',
      ],
      'bank-lines': ['Date', 'Bank account', 'Description', 'Amount', 'Balance', 'Bank transaction id', 'Explained as'],
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
      // A draft has no number yet: the export says Draft in its place.
      const row = rows.find((r) => r['Invoice number'] === (inv.invoiceNumber ?? 'Draft'))!;
      expect(row.Net).toBe(pounds(inv.subtotal));
      expect(row.VAT).toBe(pounds(inv.taxAmount));
      expect(row.Total).toBe(pounds(inv.total));
      expect(row.Paid).toBe(pounds(inv.amountPaid));
      expect(row.Credited).toBe(pounds(inv.amountCredited));
      expect(row['Due date']).toBe(inv.dueDate);
      expect(row['Issue date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.Client).toBe('Café Zoë £ Ltd');
      expect([row['Reverse-charge VAT'], row['CIS deduction'], row['Amount due']]).toEqual(['0.00', '', pounds(inv.total)]);
      // A document without per-line VAT counts at its own rate: 20% is STANDARD, 0% is ZERO.
      if (inv.tax > 0) {
        expect([row['Net STANDARD'], row['VAT STANDARD'], row['Net ZERO']]).toEqual([pounds(inv.subtotal), pounds(inv.taxAmount), '']);
      } else {
        expect([row['Net STANDARD'], row['VAT STANDARD'], row['Net ZERO']]).toEqual(['', '', pounds(inv.subtotal)]);
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
    expect(payments).toEqual([
      { Date: inv.payments[0].date, 'Invoice number': inv.invoiceNumber, Client: 'Café Zoë £ Ltd', Amount: '100.01', Method: 'CARD', Reference: "'=1+1" },
    ]);
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
    for (const file of ['invoices', 'invoice-lines', 'credit-notes', 'payments', 'quotes', 'clients', 'items', 'expenses', 'bank-lines']) {
      const { rows } = await csvOf(`/api/exports/${file}.csv`, stranger);
      expect(rows, file).toEqual([]);
    }
  });
});

describe('expenses export', () => {
  it('when expenses are exported by date, then each row carries the API figures and a formula-like supplier is made inert', async () => {
    await request(t.app)
      .post('/api/expenses')
      .set(user.auth)
      .send({ date: '2031-02-03', supplier: '=HYPERLINK("x")', category: 'COST_OF_GOODS', net: 10.03, vat: 'STANDARD', paidFrom: 'CARD' })
      .expect(201);
    await request(t.app)
      .post('/api/expenses')
      .set(user.auth)
      .send({ date: '2031-03-03', supplier: 'Builder Ltd', category: 'NOT_ALLOWABLE', net: 500, vat: 'RC_STANDARD' })
      .expect(201);
    const { rows } = await csvOf('/api/exports/expenses.csv?from=2031-02-01&to=2031-03-31');
    expect(rows).toEqual([
      {
        Date: '2031-02-03',
        Supplier: `'=HYPERLINK("x")`,
        Description: '',
        Category: 'COST_OF_GOODS',
        'Category name': 'Cost of goods (materials)',
        Allowable: 'yes',
        Net: '10.03',
        'VAT code': 'STANDARD',
        VAT: '2.01',
        Total: '12.04',
        'Paid from': 'CARD',
        Client: '',
        Receipt: 'no',
      },
      {
        Date: '2031-03-03',
        Supplier: 'Builder Ltd',
        Description: '',
        Category: 'NOT_ALLOWABLE',
        'Category name': 'Not allowable (personal, entertaining)',
        Allowable: 'no',
        Net: '500.00',
        'VAT code': 'RC_STANDARD',
        VAT: '100.00',
        Total: '500.00',
        'Paid from': '',
        Client: '',
        Receipt: 'no',
      },
    ]);
    expect((await csvOf('/api/exports/expenses.csv?from=2031-03-01&to=2031-03-31')).rows).toHaveLength(1);
  });
});

describe('bank lines export', () => {
  it('when a statement has been imported, then each line exports with its account, amount in pounds and balance, filtered by date', async () => {
    const account = await request(t.app).post('/api/bank-accounts').set(user.auth).send({ name: 'Business current' }).expect(201);
    const statement =
      'Number,Date,Account,Amount,Subcategory,Memo\n,05/03/2031,20-12-34 12345678,1200.00,Counter Credit,J SMITH INV0001\n,10/03/2031,20-12-34 12345678,-45.60,Debit,=SCREWFIX DIRECT\n';
    await request(t.app)
      .post(`/api/bank-accounts/${account.body.data.id}/statements?format=csv&preset=barclays`)
      .set(user.auth)
      .set('content-type', 'text/csv')
      .send(statement)
      .expect(200);
    const { rows } = await csvOf('/api/exports/bank-lines.csv?from=2031-03-01&to=2031-03-31');
    expect(rows).toEqual([
      {
        Date: '2031-03-05',
        'Bank account': 'Business current',
        Description: 'J SMITH INV0001',
        Amount: '1200.00',
        Balance: '',
        'Bank transaction id': '',
        'Explained as': '',
      },
      {
        Date: '2031-03-10',
        'Bank account': 'Business current',
        Description: `'=SCREWFIX DIRECT`,
        Amount: '-45.60',
        Balance: '',
        'Bank transaction id': '',
        'Explained as': '',
      },
    ]);
    expect((await csvOf('/api/exports/bank-lines.csv?from=2031-03-06&to=2031-03-31')).rows).toHaveLength(1);
  });
});

describe('CSV exports with VAT per line, reverse charge and CIS', () => {
  it('when invoices mix VAT codes, reverse charge, CIS and a custom rate, then each code’s figures sit in its own columns and equal the API’s', async () => {
    const u = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ cisSubcontractor: true }))
      .expect(201);
    const contractor = await createClient(t.app, u, { name: 'Main Contractor Ltd', vatNumber: 'GB999999973', isBusiness: true, cisRate: 20 });
    const issue = async (over: Record<string, unknown>) => {
      const draft = await createInvoice(t.app, u, contractor.id, over);
      expect((await act(t.app, u, 'invoices', draft.id, 'send')).status).toBe(200);
      return (await request(t.app).get(`/api/invoices/${draft.id}`).set(u.auth)).body.data;
    };
    const mixed = await issue({
      lineItems: [
        { description: 'Rewire', quantity: 2, unitPrice: 150.5, vat: 'STANDARD', discountPercent: 10, unit: 'hour', kind: 'LABOUR' },
        { description: 'Insulation', quantity: 1.5, unitPrice: 10.01, vat: 'REDUCED', unit: 'm', kind: 'MATERIALS' },
        { description: 'Boots', quantity: 1, unitPrice: 20, vat: 'ZERO', kind: 'MATERIALS' },
        { description: 'Insurance', quantity: 1, unitPrice: 50, vat: 'EXEMPT', kind: 'MATERIALS' },
        { description: 'Disbursement', quantity: 1, unitPrice: 12.34, vat: 'OUTSIDE_SCOPE', kind: 'MATERIALS' },
      ],
    });
    const rc = await issue({
      lineItems: [
        { description: 'Second fix', quantity: 1, unitPrice: 1000, vat: 'RC_STANDARD', kind: 'MATERIALS' },
        { description: 'Heat pump', quantity: 1, unitPrice: 100, vat: 'RC_REDUCED', kind: 'MATERIALS' },
      ],
    });
    const custom = await issue({ tax: 17.5, lineItems: [{ description: 'Old rate', quantity: 1, unitPrice: 100, kind: 'MATERIALS' }] });
    // The API: 270.90 at 20% (54.18), 15.02 at 5% (0.75); CIS 20% of the 270.90 labour = 54.18.
    expect([mixed.subtotal, mixed.taxAmount, mixed.total, mixed.cis.deduction, mixed.amountDue]).toEqual([368.26, 54.93, 423.19, 54.18, 369.01]);
    expect([rc.taxAmount, rc.reverseChargeVat, rc.total]).toEqual([0, 205, 1100]);

    const { rows } = await csvOf('/api/exports/invoices.csv', u);
    const row = (inv: { invoiceNumber: string }) => rows.find((r) => r['Invoice number'] === inv.invoiceNumber)!;
    const byCode = (inv: { invoiceNumber: string }) =>
      Object.fromEntries(
        Object.entries(row(inv)).filter(([h, v]) => / (STANDARD|REDUCED|ZERO|EXEMPT|OUTSIDE_SCOPE|RC_STANDARD|RC_REDUCED)$|other rate/i.test(h) && v !== ''),
      );
    const fromApi = (inv: { vatBreakdown?: { vat: string; net: number; vatAmount: number; rate: number; reverseCharge: boolean }[] }) =>
      Object.fromEntries(
        inv.vatBreakdown!.flatMap((g) => [
          [`Net ${g.vat}`, pounds(g.net)],
          ...(g.reverseCharge ? [[`Reverse-charge VAT ${g.vat}`, pounds(g.vatAmount)]] : g.rate > 0 ? [[`VAT ${g.vat}`, pounds(g.vatAmount)]] : []),
        ]),
      );
    expect(byCode(mixed)).toEqual(fromApi(mixed));
    expect(byCode(mixed)).toEqual({
      'Net STANDARD': '270.90',
      'VAT STANDARD': '54.18',
      'Net REDUCED': '15.02',
      'VAT REDUCED': '0.75',
      'Net ZERO': '20.00',
      'Net EXEMPT': '50.00',
      'Net OUTSIDE_SCOPE': '12.34',
    });
    expect([row(mixed).Net, row(mixed).VAT, row(mixed).Total, row(mixed)['Reverse-charge VAT'], row(mixed)['CIS deduction'], row(mixed)['Amount due']]).toEqual(
      [pounds(mixed.subtotal), pounds(mixed.taxAmount), pounds(mixed.total), '0.00', pounds(mixed.cis.deduction), pounds(mixed.amountDue)],
    );
    expect(byCode(rc)).toEqual(fromApi(rc));
    expect(byCode(rc)).toEqual({
      'Net RC_STANDARD': '1000.00',
      'Reverse-charge VAT RC_STANDARD': '200.00',
      'Net RC_REDUCED': '100.00',
      'Reverse-charge VAT RC_REDUCED': '5.00',
    });
    expect([row(rc).VAT, row(rc)['Reverse-charge VAT'], row(rc)['CIS deduction'], row(rc)['Amount due']]).toEqual(['0.00', '205.00', '0.00', '1100.00']);
    expect(byCode(custom)).toEqual({ 'Other rate %': '17.5', 'Net other rate': '100.00', 'VAT other rate': '17.50' });
    expect([row(custom).VAT, row(custom).Total]).toEqual([pounds(custom.taxAmount), pounds(custom.total)]);

    const lines = (await csvOf('/api/exports/invoice-lines.csv', u)).rows.filter((r) => r['Invoice number'] !== custom.invoiceNumber);
    expect(lines.map((l) => [l['VAT code'], l['VAT rate %'], l['VAT category'], l.Kind, l['Discount %'], l.Unit, l.Quantity, l.Net])).toEqual([
      ['STANDARD', '20', 'S', 'LABOUR', '10', 'hour', '2', '270.90'],
      ['REDUCED', '5', 'S', 'MATERIALS', '', 'm', '1.5', '15.02'],
      ['ZERO', '0', 'Z', 'MATERIALS', '', '', '1', '20.00'],
      ['EXEMPT', '0', 'E', 'MATERIALS', '', '', '1', '50.00'],
      ['OUTSIDE_SCOPE', '0', 'O', 'MATERIALS', '', '', '1', '12.34'],
      ['RC_STANDARD', '20', 'AE', 'MATERIALS', '', '', '1', '1000.00'],
      ['RC_REDUCED', '5', 'AE', 'MATERIALS', '', '', '1', '100.00'],
    ]);
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
    const issued = (invoices.items ?? invoices)
      .filter((i: { status: string }) => i.status !== 'DRAFT')
      .map((i: { invoiceNumber: string }) => `invoices/${i.invoiceNumber}.pdf`);
    expect(names).toEqual(
      expect.arrayContaining([
        'invoices.csv',
        'invoice-lines.csv',
        'credit-notes.csv',
        'payments.csv',
        'quotes.csv',
        'clients.csv',
        'items.csv',
        'expenses.csv',
        'bank-lines.csv',
        ...issued,
      ]),
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
