import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { CSV_PRESETS } from '@docket/schemas/bank';
import { createTestApp, joinAccount, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let u: TestUser;
let other: TestUser;
const fixture = (name: string) => readFileSync(new URL(`../../../test/fixtures/statements/${name}`, import.meta.url));
const newAccount = async (who: TestUser, body: Record<string, unknown> = { name: 'Business current' }) => {
  const res = await request(t.app).post('/api/bank-accounts').set(who.auth).send(body);
  expect(res.status, res.text).toBe(201);
  return res.body.data as { id: string };
};
const upload = (who: TestUser, id: string, query: string, body: Buffer | string, type = 'text/csv') =>
  request(t.app)
    .post(`/api/bank-accounts/${id}/statements?${query}`)
    .set(who.auth)
    .set('content-type', type)
    .send(Buffer.isBuffer(body) ? body : Buffer.from(body));
const lines = async (who: TestUser, id: string, status = '') =>
  (await request(t.app).get(`/api/bank-accounts/${id}/lines${status}`).set(who.auth)).body.data as {
    amount: number;
    date: string;
    description: string;
    suggestions: { invoiceNumber: string; amount: number; confidence: number }[];
  }[];

beforeAll(async () => {
  t = await createTestApp();
  u = await registerUser(t.app);
  other = await registerUser(t.app);
  await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
});
afterAll(() => t.close());

describe('POST /api/bank-accounts', () => {
  it('when a bank account is added, then it is listed with no lines; bad sort codes and unknown keys are refused', async () => {
    const a = await newAccount(u, { name: 'Lloyds business', sortCode: '30-12-34', accountNumber: '12345678' });
    const list = (await request(t.app).get('/api/bank-accounts').set(u.auth)).body.data;
    expect(list.find((b: { id: string }) => b.id === a.id)).toMatchObject({
      name: 'Lloyds business',
      sortCode: '301234',
      accountNumber: '12345678',
      lines: 0,
      unexplained: 0,
    });
    for (const body of [
      { name: 'x', sortCode: '12-34' },
      { name: 'x', accountNumber: '1234' },
      { name: '' },
      { name: 'x', iban: 'GB00' },
      { name: 'x', csvMapping: { date: 'Date', description: 'Memo' } },
    ]) {
      expect((await request(t.app).post('/api/bank-accounts').set(u.auth).send(body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await request(t.app).get('/api/bank-accounts').set(other.auth)).body.data).toEqual([]);
  });
});

describe('statement import', () => {
  it.each(CSV_PRESETS)('when a %s CSV export is imported, then its three lines are read in pence with UK dates', async (preset) => {
    const a = await newAccount(u);
    const res = await upload(u, a.id, `format=csv&preset=${preset}`, fixture(`${preset}.csv`));
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toEqual({ imported: 3, duplicates: 0, byRules: 0, from: '2031-03-05', to: '2031-03-12' });
    const got = await lines(u, a.id);
    expect(got.map((l) => [l.date, l.amount])).toEqual([
      ['2031-03-05', 1200],
      ['2031-03-10', -45.6],
      ['2031-03-12', -12],
    ]);
    expect(got[1]!.description.toUpperCase()).toContain('SCREWFIX');
  });

  it.each([
    ['ofx1-sgml.ofx', '2031-03-05', 1200, -45.6],
    ['ofx2-xml.ofx', '2031-03-06', 360, -12],
  ])('when %s is imported, then its lines are read and importing it again adds nothing', async (file, first, credit, debit) => {
    const a = await newAccount(u);
    const res = await upload(u, a.id, 'format=ofx', fixture(file), 'application/x-ofx');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ imported: 2, duplicates: 0, from: first });
    expect((await lines(u, a.id)).map((l) => l.amount)).toEqual([credit, debit]);
    expect((await upload(u, a.id, 'format=ofx', fixture(file), 'application/x-ofx')).body.data).toMatchObject({ imported: 0, duplicates: 2 });
  });

  it('when an overlapping CSV without transaction ids is imported again, then only the new lines are added, and two identical coffees stay two', async () => {
    const a = await newAccount(u);
    const head = 'Date,Description,Amount,Balance\n';
    const first = `${head}01/04/2031,COFFEE,-3.00,100.00\n01/04/2031,COFFEE,-3.00,100.00\n02/04/2031,SHELL,-40.00,60.00\n`;
    expect((await upload(u, a.id, 'format=csv&preset=santander', first)).body.data).toMatchObject({ imported: 3, duplicates: 0 });
    const overlap = `${head}02/04/2031,SHELL,-40.00,60.00\n03/04/2031,TOOLSTATION,-20.00,40.00\n`;
    expect((await upload(u, a.id, 'format=csv&preset=santander', overlap)).body.data).toMatchObject({ imported: 1, duplicates: 1 });
    expect((await upload(u, a.id, 'format=csv&preset=santander', first)).body.data).toMatchObject({ imported: 0, duplicates: 3 });
    expect(await lines(u, a.id)).toHaveLength(4);
  });

  it('when a file has a bad line, then 400 names the line and nothing is written', async () => {
    const a = await newAccount(u);
    const bad = 'Number,Date,Account,Amount,Subcategory,Memo\n,05/03/2031,x,10.00,a,OK\n,31/02/2031,x,10.00,a,BAD DATE\n';
    const res = await upload(u, a.id, 'format=csv&preset=barclays', bad);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Line 3: date "31/02/2031" is not a DD/MM/YYYY date');
    const amount = await upload(u, a.id, 'format=csv&preset=barclays', 'Number,Date,Account,Amount,Subcategory,Memo\n,05/03/2031,x,ten,a,OK\n');
    expect(amount.body.error).toBe('Line 2: amount "ten" is not an amount');
    const header = await upload(u, a.id, 'format=csv&preset=lloyds', fixture('barclays.csv'));
    expect(header.body.error).toMatch(/^Line 1: no header row with the columns Transaction Date/);
    const ofx = fixture('ofx2-xml.ofx').toString('utf8').replace('</STMTTRN>\n          <STMTTRN>', '</STMTTRN>\n          </BANKTRANLIST>');
    const broken = await upload(u, a.id, 'format=ofx', ofx, 'application/x-ofx');
    expect(broken.status).toBe(400);
    // the second transaction now sits outside the list: its closing tag is the first that does not nest
    expect(broken.body.error).toBe('Line 35: </STMTTRN> does not close <STMTRS> (line 15)');
    const badAmount = await upload(
      u,
      a.id,
      'format=ofx',
      fixture('ofx1-sgml.ofx').toString('utf8').replace('<TRNAMT>-45.60', '<TRNAMT>-45,6O'),
      'application/x-ofx',
    );
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.error).toBe('Line 47: TRNAMT "-45.6O" is not an amount');
    expect(await lines(u, a.id)).toEqual([]);
    expect((await upload(u, a.id, 'format=qif', 'x')).status).toBe(400);
    expect((await upload(u, a.id, 'format=csv&preset=metro', 'x')).status).toBe(400);
  });

  it('when a bank has no preset, then its columns are mapped once on the account and the mapping is used', async () => {
    const a = await newAccount(u, {
      name: 'Metro',
      csvMapping: { date: 'Posted', description: 'Details', paidIn: 'In', paidOut: 'Out', dateFormat: 'DD-MM-YYYY' },
    });
    const res = await upload(u, a.id, 'format=csv', 'Posted,Details,In,Out\n05-03-2031,J SMITH,"1,200.00",\n06-03-2031,B&Q,,9.99\n');
    expect(res.status, res.text).toBe(200);
    expect((await lines(u, a.id)).map((l) => l.amount)).toEqual([1200, -9.99]);
    const none = await newAccount(u);
    expect((await upload(u, none.id, 'format=csv&preset=mapping', 'a,b\n')).body.error).toBe(
      'This bank account has no saved column mapping: save one, or pick a preset',
    );
  });
});

describe('PUT /api/bank-accounts/{id}/csv-mapping', () => {
  it('when the columns of a bank without a preset are mapped after the account exists, then format=csv uses them, and null forgets them', async () => {
    const a = await newAccount(u);
    const mapping = { date: 'Posted', description: 'Details', amount: 'Value', dateFormat: 'DD-MM-YYYY' };
    const put = (who: TestUser, body: unknown) =>
      request(t.app)
        .put(`/api/bank-accounts/${a.id}/csv-mapping`)
        .set(who.auth)
        .send(body as object);
    expect((await put(other, { csvMapping: mapping })).status).toBe(404);
    for (const bad of [{}, { csvMapping: { date: 'Posted' } }, { csvMapping: mapping, name: 'x' }])
      expect((await put(u, bad)).status, JSON.stringify(bad)).toBe(400);
    const saved = await put(u, { csvMapping: mapping });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toMatchObject({ id: a.id, csvMapping: mapping });
    const res = await upload(u, a.id, 'format=csv', 'Posted,Details,Value\n05-03-2031,J SMITH,250.00\n06-03-2031,B&Q,-9.99\n');
    expect(res.status, res.text).toBe(200);
    expect((await lines(u, a.id)).map((l) => l.amount)).toEqual([250, -9.99]);
    expect((await put(u, { csvMapping: null })).body.data.csvMapping).toBeNull();
    expect((await upload(u, a.id, 'format=csv', 'Posted,Details,Value\n07-03-2031,X,1.00\n')).status).toBe(400);
  });
});

describe('GET /api/bank-accounts/{id}/lines', () => {
  it('when money in matches an open invoice by amount, number or name, then it is suggested with a confidence, best first', async () => {
    const client = await createClient(t.app, u, { name: 'J Smith' });
    const inv = await request(t.app)
      .post('/api/invoices')
      .set(u.auth)
      .send(invoiceBody(client.id, { lineItems: [{ description: 'Rewire', quantity: 1, unitPrice: 1000 }], tax: 20, dueDate: '2031-04-30' }));
    const sent = await act(t.app, u, 'invoices', inv.body.data.id, 'send');
    expect(sent.status).toBe(200);
    // The number is given at issue.
    const number = sent.body.data.invoiceNumber as string;
    expect(number).toMatch(/^INV/);
    const a = await newAccount(u);
    const csv =
      `Date,Description,Amount,Balance\n05/03/2099,FROM J SMITH REF ${number},1200.00,\n06/03/2099,SOMEONE ELSE,1200.00,\n07/03/2099,SCREWFIX,-1200.00,\n` +
      `08/03/2099,J SMITH PART PAYMENT,300.00,\n09/03/2099,J SMITH,5000.00,\n`;
    await upload(u, a.id, 'format=csv&preset=santander', csv);
    const got = await lines(u, a.id, '?status=unexplained');
    expect(got[0]!.suggestions[0]).toMatchObject({ invoiceNumber: number, amount: 1200, confidence: 1 });
    expect(got[1]!.suggestions[0]).toMatchObject({ invoiceNumber: number, confidence: 0.6 });
    expect(got[2]!.suggestions).toEqual([]);
    // The name alone: a part payment of the client's invoice (name 0.2, dated after it 0.1), never more than its balance.
    expect(got[3]!.suggestions).toContainEqual(expect.objectContaining({ invoiceNumber: number, amount: 1200, confidence: 0.3 }));
    expect(got[4]!.suggestions.map((s) => s.invoiceNumber)).not.toContain(number);
    expect(await lines(u, a.id, '?status=explained')).toEqual([]);
    expect((await request(t.app).get(`/api/bank-accounts/${a.id}/lines?status=maybe`).set(u.auth)).status).toBe(400);
  });

  it('when another account names this bank account, then 404 for lines, statements and the account, and nothing is written', async () => {
    const a = await newAccount(u);
    expect((await request(t.app).get(`/api/bank-accounts/${a.id}`).set(other.auth)).status).toBe(404);
    expect((await request(t.app).get(`/api/bank-accounts/${a.id}/lines`).set(other.auth)).status).toBe(404);
    expect((await upload(other, a.id, 'format=csv&preset=barclays', fixture('barclays.csv'))).status).toBe(404);
    expect(await lines(u, a.id)).toEqual([]);
  });

  it('when an engineer asks, then 403; an accountant reads lines but cannot import', async () => {
    const a = await newAccount(u);
    const engineer = await joinAccount(t.app, u, 'ENGINEER');
    const accountant = await joinAccount(t.app, u, 'ACCOUNTANT');
    expect((await request(t.app).get('/api/bank-accounts').set(engineer.auth)).status).toBe(403);
    expect((await request(t.app).get(`/api/bank-accounts/${a.id}/lines`).set(accountant.auth)).status).toBe(200);
    expect((await upload(accountant, a.id, 'format=csv&preset=barclays', fixture('barclays.csv'))).status).toBe(403);
    expect(await lines(u, a.id)).toEqual([]);
  });
});
