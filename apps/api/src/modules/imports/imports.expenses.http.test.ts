import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { fingerprint } from '../../../test/adversarial/support.ts';
import { IMPORT_MESSAGES, IMPORT_TEMPLATES, importTemplateCsv } from '@docket/schemas/data-transfer';
import { MTD_MESSAGES } from '@docket/schemas/mtd';
import { vatReturns } from '../../db/schema.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/imports');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (body: Buffer | string, u: TestUser, dryRun = true, path = '/api/imports/expenses') =>
  request(t.app).post(`${path}?dryRun=${dryRun}`).set(u.auth).set('Content-Type', 'text/csv').send(body);
const expensesOf = async (u: TestUser) =>
  ((await request(t.app).get('/api/expenses').set(u.auth)).body.data as Record<string, unknown>[])
    .map(({ date, supplier, description, category, net, vat, vatAmount, total }) => ({ date, supplier, description, category, net, vat, vatAmount, total }))
    .sort((a, b) => String(a.date).localeCompare(String(b.date)));

describe('expense imports, one per product layout (figures checked by hand)', () => {
  const expected: Record<string, Record<string, unknown>[]> = {
    // Xero bills: net = quantity x unit amount less discount; TaxAmount, else net x rate.
    'xero-bills.csv': [
      {
        date: '2027-04-15',
        supplier: 'Screwfix',
        description: 'Cable and boxes',
        category: 'COST_OF_GOODS',
        net: 250,
        vat: 'STANDARD',
        vatAmount: 50,
        total: 300,
      },
      // 1 x 1000 less 10% = 900; reverse charge: VAT 180 declared, not paid (total 900)
      {
        date: '2027-04-20',
        supplier: 'Second-fix Ltd',
        description: 'Second fix labour (CIS subcontractor)',
        category: 'COST_OF_GOODS',
        net: 900,
        vat: 'RC_STANDARD',
        vatAmount: 180,
        total: 900,
      },
      {
        date: '2027-05-01',
        supplier: 'Van Insure Direct',
        description: 'Van insurance',
        category: 'RENT_RATES_POWER',
        net: 480,
        vat: 'EXEMPT',
        vatAmount: 0,
        total: 480,
      },
      // account 420 (Entertainment) is never allowable
      {
        date: '2027-05-12',
        supplier: 'The Ivy',
        description: 'Lunch with a client',
        category: 'NOT_ALLOWABLE',
        net: 80,
        vat: 'STANDARD',
        vatAmount: 16,
        total: 96,
      },
    ],
    // QuickBooks: no VAT code column; 12 = 20% of 60, 10 = 5% of 200, no VAT = NONE.
    'quickbooks-expenses.csv': [
      {
        date: '2027-06-03',
        supplier: 'Shell',
        description: 'Diesel for the van',
        category: 'CAR_VAN_TRAVEL',
        net: 60,
        vat: 'STANDARD',
        vatAmount: 12,
        total: 72,
      },
      {
        date: '2027-06-04',
        supplier: 'Travis Perkins',
        description: 'Loft insulation',
        category: 'COST_OF_GOODS',
        net: 200,
        vat: 'REDUCED',
        vatAmount: 10,
        total: 210,
      },
      {
        date: '2027-06-10',
        supplier: 'Westminster Council',
        description: 'Parking fine',
        category: 'NOT_ALLOWABLE',
        net: 65,
        vat: 'NONE',
        vatAmount: 0,
        total: 65,
      },
      {
        date: '2027-06-15',
        supplier: 'Lloyds Bank',
        description: 'Monthly account fee',
        category: 'BANK_CHARGES',
        net: 8.5,
        vat: 'NONE',
        vatAmount: 0,
        total: 8.5,
      },
    ],
    // FreeAgent: gross includes VAT; 72 at 20% holds 72 x 20/120 = 12; a given 5.00 is kept; Auto with no amount = none.
    'freeagent-expenses.csv': [
      {
        date: '2027-07-01',
        supplier: 'Diesel for the van',
        description: 'Diesel for the van',
        category: 'CAR_VAN_TRAVEL',
        net: 60,
        vat: 'STANDARD',
        vatAmount: 12,
        total: 72,
      },
      {
        date: '2027-07-02',
        supplier: 'Mobile phone contract',
        description: 'Mobile phone contract',
        category: 'PHONE_STATIONERY',
        net: 25,
        vat: 'STANDARD',
        vatAmount: 5,
        total: 30,
      },
      {
        date: '2027-07-03',
        supplier: 'Lunch with a client',
        description: 'Lunch with a client',
        category: 'NOT_ALLOWABLE',
        net: 45.5,
        vat: 'NONE',
        vatAmount: 0,
        total: 45.5,
      },
    ],
  };

  it.each(Object.keys(expected))('when %s is dry-run, then it previews every row and writes nothing', async (file) => {
    const u = await registerUser(t.app);
    const before = await fingerprint(t.ctx.db);
    const res = await post(fixture(file), u, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ dryRun: true, rows: expected[file]!.length, created: 0, skipped: 0, errors: [], errorCount: 0 });
    expect(res.body.data.preview[0].values).toHaveProperty('Category');
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it.each(Object.keys(expected))(
    'when %s is imported, then each row is an expense with the right figures, and importing it again adds nothing',
    async (file) => {
      const u = await registerUser(t.app);
      const res = await post(fixture(file), u, false);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.created).toBe(expected[file]!.length);
      expect(await expensesOf(u)).toEqual(expected[file]);
      const again = await post(fixture(file), u, false);
      expect(again.body.data).toMatchObject({ created: 0, skipped: expected[file]!.length });
      expect(again.body.data.duplicates[0].message).toBe(IMPORT_MESSAGES.duplicateExisting('date, supplier and amounts'));
    },
  );

  it("when Docket's own expense template is imported, then its one example row is written", async () => {
    const u = await registerUser(t.app);
    const docket = IMPORT_TEMPLATES.expenses.find((x) => x.dialect === 'docket')!;
    const res = await post(importTemplateCsv(docket), u, false);
    expect(res.body.data).toMatchObject({ created: 1, errorCount: 0 });
    expect(await expensesOf(u)).toEqual([
      {
        date: '2027-01-31',
        supplier: 'Screwfix',
        description: 'Cable and boxes',
        category: 'COST_OF_GOODS',
        net: 250,
        vat: 'STANDARD',
        vatAmount: 50,
        total: 300,
      },
    ]);
  });

  it('when every product template is dry-run, then none of them has an error', async () => {
    const u = await registerUser(t.app);
    for (const tpl of IMPORT_TEMPLATES.expenses) {
      const res = await post(importTemplateCsv(tpl), u, true);
      expect(res.body.data, tpl.label).toMatchObject({ rows: 1, errorCount: 0 });
    }
  });
});

describe('expense imports that are refused', () => {
  it('when a quote is left open on line 3, then 400 names the line and nothing is written', async () => {
    const u = await registerUser(t.app);
    const before = await fingerprint(t.ctx.db);
    const csv = 'Date,Supplier,Category,Net\r\n2027-01-02,Screwfix,COST_OF_GOODS,10\r\n2027-01-03,"Wickes,COST_OF_GOODS,20\r\n';
    const res = await post(csv, u, false);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(IMPORT_MESSAGES.notCsvAt(3));
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when the file has no amount column, then 400 names the column it needs', async () => {
    const u = await registerUser(t.app);
    const res = await post('Date,Supplier,Category\r\n2027-01-02,Screwfix,COST_OF_GOODS\r\n', u, false);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/^Required column "Net or Total" is missing/);
  });

  it('when rows have a bad date, an unknown category, a refund and bad VAT, then each is reported by row and column and a real run writes nothing', async () => {
    const u = await registerUser(t.app);
    const csv = [
      'dated_on,category,description,type,gross_value,sales_tax_rate',
      '31/02/2027,Motor Expenses,Diesel,Payment,72.00,20',
      '01/03/2027,Yacht,Boat polish,Payment,10.00,20',
      '02/03/2027,Motor Expenses,Fuel refund,Refund,20.00,20',
      '03/03/2027,Motor Expenses,Fuel,Payment,20.00,17.5%',
      '04/03/2027,Motor Expenses,Fuel,Payment,24.00,20',
    ].join('\r\n');
    const before = await fingerprint(t.ctx.db);
    const res = await post(csv, u, false);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ created: 0, rows: 5, invalidRows: 4 });
    expect(res.body.data.errors).toEqual([
      { row: 2, column: 'dated_on', message: IMPORT_MESSAGES.expenseDate },
      { row: 3, column: 'category', message: IMPORT_MESSAGES.expenseCategory },
      { row: 4, column: 'gross_value', message: IMPORT_MESSAGES.expenseNet },
      { row: 5, column: 'sales_tax_rate', message: IMPORT_MESSAGES.expenseVat },
    ]);
    expect(await fingerprint(t.ctx.db)).toEqual(before);
    const partial = await post(csv, u, false, '/api/imports/expenses');
    expect(partial.body.data.created).toBe(0);
    const skipping = await request(t.app).post('/api/imports/expenses?dryRun=false&skipInvalid=true').set(u.auth).set('Content-Type', 'text/csv').send(csv);
    expect(skipping.body.data.created).toBe(1);
  });

  it('when the rows with problems are asked for, then they come back as CSV with their reasons', async () => {
    const u = await registerUser(t.app);
    const csv = 'Date,Supplier,Category,Net\r\n2027-01-02,Screwfix,COST_OF_GOODS,10\r\n2027-13-01,Wickes,COST_OF_GOODS,20\r\n';
    const res = await request(t.app).post('/api/imports/expenses/rejected.csv').set(u.auth).set('Content-Type', 'text/csv').send(csv);
    expect(res.status).toBe(200);
    expect(res.text).toContain(`2027-13-01,Wickes,COST_OF_GOODS,20,Date: ${IMPORT_MESSAGES.expenseDate}`);
    expect(res.text).not.toContain('Screwfix');
  });
});

describe('expense imports and filed VAT returns', () => {
  it('when a row is dated in a VAT return already filed, then the import is refused with 409 in plain words and nothing is written', async () => {
    const u = await registerUser(t.app);
    await t.ctx.db.insert(vatReturns).values({
      accountId: u.id, // an owner's own business account has the owner's id
      vrn: '123456782',
      periodKey: '27A1',
      periodStart: '2027-04-01',
      periodEnd: '2027-06-30',
      basis: 'invoice',
      body: {},
      processingDate: '2027-07-10T10:00:00Z',
      formBundleNumber: '123456789012',
    });
    const before = await fingerprint(t.ctx.db);
    for (const dryRun of [true, false]) {
      const res = await post(fixture('xero-bills.csv'), u, dryRun);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MTD_MESSAGES.locked('2027-04-01 to 2027-06-30'));
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
    // FreeAgent's rows are dated in July, after the filed quarter: they import.
    expect((await post(fixture('freeagent-expenses.csv'), u, false)).body.data.created).toBe(3);
  });
});
