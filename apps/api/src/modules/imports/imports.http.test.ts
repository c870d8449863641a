import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { createTestApp, registerUser, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { isEmbedded, queryRows } from '../../db/client.ts';
import { fingerprint } from '../../../test/adversarial/support.ts';
import { MSG } from '@docket/schemas/messages';
import { VAT_MESSAGES } from '@docket/schemas/vat';
import { planLimitMessage } from '@docket/schemas/plans';
import { IMPORT_MESSAGES, IMPORT_TEMPLATES, importTemplateCsv } from '@docket/schemas/data-transfer';
import { PAYMENT_TERMS_MESSAGE } from '@docket/schemas/company';
import { EMAIL_MESSAGES } from '@docket/schemas/email';
import { sampleCompany } from '../../../test/test-app.ts';
import { createInvoice } from '../../../test/document-fixtures.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/imports');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { maxClients: -1 } });
  user = await registerUser(t.app);
});
afterAll(() => t.close());

const post = (kind: string, body: Buffer | string, u: TestUser, dryRun = true, type = 'text/csv') =>
  request(t.app)
    .post(`/api/imports/${kind}?dryRun=${dryRun}`)
    .set(u.auth)
    .set('Content-Type', type)
    .send(typeof body === 'string' ? body : body.toString('latin1'));
const postBytes = (kind: string, body: Buffer, u: TestUser, dryRun = true) =>
  request(t.app).post(`/api/imports/${kind}?dryRun=${dryRun}`).set(u.auth).set('Content-Type', 'text/csv').send(body);
const clientsOf = async (u: TestUser) => (await request(t.app).get('/api/clients').set(u.auth)).body.data as Record<string, unknown>[];

describe('client imports, one per recognised header dialect', () => {
  const expected: Record<string, Record<string, unknown>[]> = {
    'xero-contacts.csv': [
      {
        name: 'Harbour Lights Ltd',
        email: 'accounts@harbourlights.example',
        phone: '0117 496 0000',
        address: '1 Quay Street\nBristol\nBS1 4DJ\nUnited Kingdom',
        vatNumber: 'GB123456789',
      },
      {
        name: 'Penny Lane Bakery',
        email: 'orders@pennylane.example',
        phone: '0151 496 0001',
        address: '22 Penny Lane\nUnit 3\nLiverpool\nMerseyside\nL18 1DE',
        vatNumber: null,
      },
    ],
    'quickbooks-customers.csv': [
      {
        name: 'Oak & Ash Joinery',
        email: 'hello@oakash.example',
        phone: '01632 960001',
        address: '5 Timber Yard\nLeeds\nWest Yorkshire\nLS1 1AA\nUK',
        vatNumber: 'GB987654321',
      },
      { name: 'Sam Patel', email: 'sam.patel@example.com', phone: '07700 900456', address: '9 Elm Road\nLeicester\nLE1 2AB\nUK', vatNumber: null },
    ],
    'freeagent-contacts.csv': [
      {
        name: 'Northern Roofing',
        email: 'ali@northernroofing.example',
        phone: '0191 496 0002',
        address: '14 Slate Row\nNewcastle\nTyne and Wear\nNE1 4XF\nUnited Kingdom',
        vatNumber: 'GB111222333',
      },
      { name: 'Maria Garcia', email: 'maria.garcia@example.com', phone: null, address: '3 Church Walk\nYork\nYO1 7HH\nUnited Kingdom', vatNumber: null },
    ],
    'invoice-ninja-clients.csv': [
      {
        name: 'Greenfield Garden Care',
        email: 'tom@greenfield.example',
        phone: '01865 496003',
        address: '8 Meadow Lane\nOxford\nOX1 1AA\nUnited Kingdom',
        vatNumber: 'GB444555666',
      },
      {
        name: 'Blue Door Lettings',
        email: 'anna@bluedoor.example',
        phone: null,
        address: '42 Harbour Road\nFlat 2\nBrighton\nEast Sussex\nBN1 1AA\nUnited Kingdom',
        vatNumber: null,
      },
    ],
  };

  it.each(Object.keys(expected))('when %s is dry-run, then every row maps to the right fields and nothing is written', async (file) => {
    const u = await registerUser(t.app);
    const before = await fingerprint(t.ctx.db);
    const res = await postBytes('clients', fixture(file), u, true);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ dryRun: true, rows: 2, created: 0, skipped: 0, errors: [], duplicates: [] });
    // In the user's words: the client screen's labels, "Business"/"Consumer", never isBusiness or true.
    const words = (c: Record<string, unknown>) => ({
      Name: c.name,
      Email: c.email,
      Phone: c.phone ?? '',
      Address: c.address,
      'Customer type': c.vatNumber ? 'Business' : 'Consumer',
      'VAT number': c.vatNumber ?? '',
      'CIS rate': '',
      'Payment terms': '',
    });
    expect(res.body.data.preview.map((p: { values: Record<string, unknown> }) => p.values)).toEqual(expected[file]!.map(words));
    expect(JSON.stringify(res.body.data.preview)).not.toMatch(/isBusiness|vatNumber|true|false/);
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it.each(Object.keys(expected))('when %s is imported for real, then the clients exist as the form would create them', async (file) => {
    const u = await registerUser(t.app);
    const res = await postBytes('clients', fixture(file), u, false);
    expect(res.body.data).toMatchObject({ dryRun: false, rows: 2, created: 2, errors: [] });
    const stored = await clientsOf(u);
    expect(stored).toHaveLength(2);
    // A VAT number (Xero's TaxNumber and the like) makes the client a business.
    expect(stored).toEqual(expect.arrayContaining(expected[file]!.map((c) => expect.objectContaining({ ...c, isBusiness: c.vatNumber !== null }))));
  });

  it('when Docket’s own clients export is imported into another account, then it round-trips', async () => {
    const u = await registerUser(t.app);
    await postBytes('clients', fixture('xero-contacts.csv'), u, false);
    await request(t.app)
      .put(`/api/clients/${(await clientsOf(u)).find((c) => c.name === 'Harbour Lights Ltd')!.id}`)
      .set(u.auth)
      .send({ name: 'Harbour Lights Ltd', email: 'accounts@harbourlights.example', isBusiness: true });
    const csv = await request(t.app).get('/api/exports/clients.csv').set(u.auth);
    const other = await registerUser(t.app);
    const res = await post('clients', csv.text, other, false);
    expect(res.body.data.errors).toEqual([]);
    expect(res.body.data).toMatchObject({ rows: 2, created: 2, errors: [] });
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ id: _i, createdAt: _c, updatedAt: _u, ...rest }) => rest).sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(strip(await clientsOf(other))).toEqual(strip(await clientsOf(u)));
  });
});

describe('client import errors, duplicates and limits', () => {
  const bad = [
    'Name,Email,Phone,Business',
    'Good Co,good@example.com,,yes',
    ',noname@example.com,,',
    'Bad Email,not-an-email,,',
    `Long Phone,long@example.com,${'1'.repeat(51)},`,
    'Odd Flag,odd@example.com,,perhaps',
  ].join('\n');

  it('when rows are invalid, then each is reported by row and column with the form’s message, and a real run writes nothing', async () => {
    const u = await registerUser(t.app);
    const before = await fingerprint(t.ctx.db);
    const res = await post('clients', bad, u, false);
    expect(res.status).toBe(200);
    expect(res.body.data.errors).toEqual([
      { row: 3, column: 'Name', message: MSG.nameRequired },
      { row: 4, column: 'Email', message: MSG.invalidEmail },
      { row: 5, column: 'Phone', message: MSG.tooLong('Phone', 50) },
      { row: 6, column: 'Business', message: IMPORT_MESSAGES.isBusiness },
    ]);
    expect(res.body.data.created).toBe(0);
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when emails repeat an existing client or an earlier row, then those rows are skipped and reported, the rest created', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/clients').set(u.auth).send({ name: 'Existing', email: 'Taken@Example.com' }).expect(201);
    const csv = ['Name,Email', 'Again,taken@example.com', 'New One,new@example.com', 'New Twice,NEW@example.com'].join('\r\n');
    const res = await post('clients', csv, u, false);
    expect(res.body.data).toMatchObject({ rows: 3, created: 1, skipped: 2, errors: [] });
    expect(res.body.data.duplicates).toEqual([
      { row: 2, column: 'Email', message: 'Already exists with the same email' },
      { row: 4, column: 'Email', message: 'Duplicate of an earlier row with the same email' },
    ]);
    expect((await clientsOf(u)).map((c) => c.name).sort()).toEqual(['Existing', 'New One']);
  });

  it('when an import would pass the plan’s client limit, then the row that passes it is reported and nothing is written', async () => {
    const limited = await createTestApp({ planLimitOverrides: { maxClients: 3 } });
    try {
      const u = await registerUser(limited.app);
      await request(limited.app).post('/api/clients').set(u.auth).send({ name: 'One', email: 'one@example.com' }).expect(201);
      const csv = ['Name,Email', 'Two,two@example.com', 'Three,three@example.com', 'Four,four@example.com'].join('\n');
      const res = await request(limited.app).post('/api/imports/clients?dryRun=false').set(u.auth).set('Content-Type', 'text/csv').send(csv);
      expect(res.body.data.errors).toEqual([{ row: 4, column: 'Name', message: planLimitMessage('clients') }]);
      expect(res.body.data.created).toBe(0);
      expect((await request(limited.app).get('/api/clients').set(u.auth)).body.data).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });

  it('when the request is malformed, then it is refused with a clear 4xx and nothing is written', async () => {
    const before = await fingerprint(t.ctx.db);
    const cases: [request.Test, number, string][] = [
      [post('clients', 'Phone\n0123', user), 400, 'Required column "Name" is missing (accepted headers: name, contactname, customer, customername)'],
      [post('clients', 'Name,Email\n', user), 400, 'The file has no rows to import'],
      [post('clients', 'Name,Email\n"unclosed,a@b.example', user), 400, IMPORT_MESSAGES.notCsvAt(2)],
      [
        request(t.app).post('/api/imports/clients?dryRun=perhaps').set(user.auth).set('Content-Type', 'text/csv').send('Name,Email\nA,a@example.com'),
        400,
        'dryRun must be true or false',
      ],
      [
        request(t.app).post('/api/imports/clients').set(user.auth).send({ name: 'A' }),
        400,
        'Send the file as text/csv or as multipart/form-data with a file field',
      ],
      [post('clients', `Name,Email\n${'x'.repeat(5 * 1024 * 1024)},a@example.com`, user), 413, 'The file must be 5 MB or smaller'],
      [post('invoices', 'Name\nA', user), 404, 'Import not found'],
    ];
    for (const [req, status, error] of cases) {
      const res = await req;
      expect([res.status, res.body.error]).toEqual([status, error]);
    }
    expect(await fingerprint(t.ctx.db)).toEqual(before);
  });

  it('when the file comes as multipart/form-data, then it is read like a text/csv body', async () => {
    const u = await registerUser(t.app);
    const res = await request(t.app).post('/api/imports/clients?dryRun=false').set(u.auth).attach('file', fixture('invoice-ninja-clients.csv'), 'clients.csv');
    expect(res.body.data).toMatchObject({ rows: 2, created: 2 });
  });

  it('when an account imports a client another account has, then it is created there and the other account is untouched', async () => {
    const a = await registerUser(t.app);
    const b = await registerUser(t.app);
    await request(t.app).post('/api/clients').set(a.auth).send({ name: 'Shared', email: 'shared@example.com' }).expect(201);
    const res = await post('clients', 'Name,Email\nShared,shared@example.com', b, false);
    expect(res.body.data).toMatchObject({ created: 1, skipped: 0 });
    expect(await clientsOf(a)).toHaveLength(1);
  });
});

describe('item imports', () => {
  it.each([
    [
      'xero-items.csv',
      [
        { name: 'Copper pipe 15 mm', description: 'Copper pipe, 15 mm, per metre', price: 4.2 },
        { name: 'Labour (hour)', description: 'Skilled labour per hour', price: 45 },
      ],
    ],
    [
      'quickbooks-products.csv',
      [
        { name: 'Boiler service', description: 'Annual boiler service and safety check', price: 85 },
        { name: 'Radiator valve', description: 'Thermostatic radiator valve, 15 mm', price: 1234.5 },
      ],
    ],
    [
      'invoice-ninja-products.csv',
      [
        { name: 'Call-out', description: 'First hour on site', price: 65 },
        { name: 'Fuse box', description: 'Consumer unit replacement', price: 420 },
      ],
    ],
  ])('when %s is imported, then the items have the right name, description and price', async (file, items) => {
    const u = await registerUser(t.app);
    const res = await postBytes('items', fixture(file), u, false);
    expect(res.body.data).toMatchObject({ rows: 2, created: 2, errors: [] });
    const stored = (await request(t.app).get('/api/items').set(u.auth)).body.data;
    expect(stored).toEqual(expect.arrayContaining(items.map((i) => expect.objectContaining(i))));
  });

  it('when prices are not numbers or names repeat, then the form’s messages are reported and duplicates skipped', async () => {
    const u = await registerUser(t.app);
    const res = await post(
      'items',
      ['Name,Description,Price', 'Pipe,Copper,abc', 'Valve,Brass,-1', 'Tap,Chrome,1.00', 'Tap,Again,2', 'Hose,,3', 'Nut,Steel,1.005'].join('\n'),
      u,
      true,
    );
    expect(res.body.data.errors).toEqual([
      { row: 2, column: 'Price', message: MSG.priceNonNegative },
      { row: 3, column: 'Price', message: MSG.priceNonNegative },
      { row: 6, column: 'Description', message: MSG.descriptionRequired },
      { row: 7, column: 'Price', message: MSG.priceDecimals },
    ]);
    expect(res.body.data.duplicates).toEqual([{ row: 5, column: 'Name', message: 'Duplicate of an earlier row with the same name' }]);
  });

  it('when items carry VAT code, kind and unit columns, then they are stored, any case; a bad code or kind gets the form’s message in its column', async () => {
    const u = await registerUser(t.app);
    const header = 'Name,Description,Price,VAT code,Kind,Unit';
    const bad = await post('items', [header, 'Fuse,Cartridge,1,TWENTY,LABOUR,', 'Valve,Brass,2,ZERO,PARTS,'].join('\n'), u, true);
    expect(bad.body.data.errors).toEqual([
      { row: 2, column: 'VAT code', message: VAT_MESSAGES.vatCode },
      { row: 3, column: 'Kind', message: VAT_MESSAGES.kind },
    ]);
    const csv = [header, 'Labour,Per hour,45,standard,LABOUR,hour', 'Insulation,Per metre,3.5,REDUCED,materials,m', 'Pipe,Copper,4.2,,,'].join('\n');
    const res = await post('items', csv, u, false);
    expect(res.body.data).toMatchObject({ rows: 3, created: 3, errors: [] });
    const stored = (await request(t.app).get('/api/items').set(u.auth)).body.data as Record<string, unknown>[];
    const byName = Object.fromEntries(stored.map((i) => [i.name, [i.vat, i.kind, i.unit]]));
    expect(byName).toEqual({ Labour: ['STANDARD', 'LABOUR', 'hour'], Insulation: ['REDUCED', 'MATERIALS', 'm'], Pipe: [undefined, undefined, undefined] });
  });

  it('when 10,000 items are imported, then all are written: in one transaction on PostgreSQL, in batches that give way on PGlite', async () => {
    const u = await registerUser(t.app);
    const csv = ['Name,Description,Price', ...Array.from({ length: 10_000 }, (_, i) => `Item ${i},Description of item ${i},${(i % 997) + 0.99}`)].join('\n');
    const res = await post('items', csv, u, false);
    expect(res.body.data).toMatchObject({ rows: 10_000, created: 10_000, errors: [] });
    // Every row carries the id of the transaction that wrote it (xmin). PostgreSQL writes the file in
    // one transaction; PGlite has one connection, so there each batch commits on its own and other
    // requests run between them (docs/reliability.md).
    // How long the import takes is the bench's question, not a test's.
    const rows = await queryRows<{ rows: number; transactions: number }>(
      t.ctx.db,
      sql`select count(*)::int as rows, count(distinct xmin::text)::int as transactions from items where account_id = ${u.id}`,
    );
    expect(rows[0]?.rows).toBe(10_000);
    if (isEmbedded(t.ctx.db)) expect(rows[0]?.transactions).toBeGreaterThan(1);
    else expect(rows[0]?.transactions).toBe(1);
  });
});

describe('imports that guide the user (issue 34.7)', () => {
  it('when a Xero contacts file has an empty EmailAddress and a TaxNumber, then the file is accepted and the contact is a business with that VAT number', async () => {
    const u = await registerUser(t.app);
    const csv = ['*ContactName,EmailAddress,TaxNumber', 'Mrs Jones,,', 'Tower Builders Ltd,,GB987654321', 'Pat Smith,pat@example.com,'].join('\r\n');
    const res = await post('clients', csv, u, false);
    expect(res.body.data).toMatchObject({ rows: 3, created: 3, errorCount: 0 });
    const byName = Object.fromEntries((await clientsOf(u)).map((c) => [c.name, [c.email, c.isBusiness, c.vatNumber]]));
    expect(byName).toEqual({ 'Mrs Jones': ['', false, null], 'Tower Builders Ltd': ['', true, 'GB987654321'], 'Pat Smith': ['pat@example.com', false, null] });
  });

  it('when a clients file has a Payment terms column, then "14" and "14 days" set the terms, empty keeps the company\'s, and a bad one gets the form\'s message', async () => {
    const u = await registerUser(t.app);
    const csv = ['Name,Payment terms (days)', 'Quick Pay Ltd,7', 'Slow Pay Ltd,45 days', 'Standard Homes,', 'Bad Terms Ltd,400'].join('\r\n');
    const dry = await post('clients', csv, u);
    expect(dry.body.data).toMatchObject({ rows: 4, errorCount: 1 });
    expect(dry.body.data.errors).toEqual([{ row: 5, column: 'Payment terms (days)', message: PAYMENT_TERMS_MESSAGE }]);
    expect(dry.body.data.preview.map((p: { values: Record<string, string> }) => p.values['Payment terms'])).toEqual(['7 days', '45 days', '']);
    const res = await post('clients', csv.split('\r\n').slice(0, 4).join('\r\n'), u, false);
    expect(res.body.data).toMatchObject({ created: 3, errorCount: 0 });
    const terms = Object.fromEntries((await clientsOf(u)).map((c) => [c.name, c.paymentTermsDays]));
    expect(terms).toEqual({ 'Quick Pay Ltd': 7, 'Slow Pay Ltd': 45, 'Standard Homes': undefined });
  });

  it('when a client without an email is sent an invoice without an address, then 400 asks for one and nothing is queued', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const created = await request(t.app).post('/api/clients').set(u.auth).send({ name: 'Homeowner' });
    expect(created.status, created.text).toBe(201);
    expect(created.body.data.email).toBe('');
    const invoice = (await createInvoice(t.app, u, created.body.data.id)) as { id: string };
    const res = await request(t.app).post(`/api/invoices/${invoice.id}/email`).set(u.auth).send({});
    expect([res.status, res.body.error]).toEqual([400, EMAIL_MESSAGES.noRecipient]);
    expect((await request(t.app).get(`/api/invoices/${invoice.id}`).set(u.auth)).body.data.status).toBe('DRAFT');
  });

  it('when some rows are bad, then skipInvalid imports the good ones, the bad ones download with their reasons, and all-or-nothing still writes nothing', async () => {
    const u = await registerUser(t.app);
    const csv = ['Name,Email,Phone', 'Good One,one@example.com,', ',nameless@example.com,', 'Good Two,two@example.com,', 'Bad Mail,not-an-email,"=1+2"'].join(
      '\r\n',
    );
    const strict = await post('clients', csv, u, false);
    expect(strict.body.data).toMatchObject({ created: 0, errorCount: 2, invalidRows: 2 });
    expect(await clientsOf(u)).toHaveLength(0);
    const partial = await request(t.app).post('/api/imports/clients?dryRun=false&skipInvalid=true').set(u.auth).set('Content-Type', 'text/csv').send(csv);
    expect(partial.body.data).toMatchObject({ created: 2, errorCount: 2, invalidRows: 2 });
    expect((await clientsOf(u)).map((c) => c.name).sort()).toEqual(['Good One', 'Good Two']);
    const rejected = await request(t.app).post('/api/imports/clients/rejected.csv').set(u.auth).set('Content-Type', 'text/csv').send(csv);
    expect(rejected.status).toBe(200);
    expect(rejected.headers['content-type']).toMatch(/^text\/csv/);
    expect(
      rejected.text
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n'),
    ).toEqual([
      'Name,Email,Phone,Problem',
      `,nameless@example.com,,Name: ${MSG.nameRequired}`,
      // the formula stays guarded in the file the user downloads
      `Bad Mail,not-an-email,'=1+2,Email: ${MSG.invalidEmail}`,
    ]);
    expect((await clientsOf(u)).map((c) => c.name).sort()).toEqual(['Good One', 'Good Two']);
  });

  it.each([
    ...IMPORT_TEMPLATES.clients.map((tpl) => ['clients', tpl.label, tpl] as const),
    ...IMPORT_TEMPLATES.items.map((tpl) => ['items', tpl.label, tpl] as const),
  ])('when the %s template "%s" is imported as downloaded, then its example row is read without errors', async (kind, _label, template) => {
    const u = await registerUser(t.app);
    const res = await post(kind, importTemplateCsv(template), u, true);
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ rows: 1, errorCount: 0, errors: [] });
    expect(res.body.data.preview[0].values.Name).toBe(template.example[0]);
  });

  it('when counts are one, then messages are singular', async () => {
    const { plural } = await import('@docket/schemas/data-transfer');
    expect([plural(1, 'row'), plural(2, 'row'), plural(1, 'duplicate'), plural(1_000, 'duplicate')]).toEqual([
      '1 row',
      '2 rows',
      '1 duplicate',
      '1,000 duplicates',
    ]);
  });
});

describe('error answers stay small (issue 30.6)', () => {
  it('when a file has thousands of bad rows, then the answer lists the first 100 errors and counts them all', async () => {
    const u = await registerUser(t.app);
    const csv = ['Name,Email,Phone', ...Array.from({ length: 3000 }, (_, i) => `,bad-${i},${'1'.repeat(60)}`)].join('\n');
    const res = await post('clients', csv, u, true);
    expect(res.body.data).toMatchObject({ rows: 3000, errorCount: 9000, invalidRows: 3000 });
    expect(res.body.data.errors).toHaveLength(100);
    expect(res.body.data.errors[0]).toEqual({ row: 2, column: 'Name', message: MSG.nameRequired });
    expect(res.body.data.errors.at(-1).row).toBe(35);
  });

  it('when a file has thousands of duplicates, then the first 100 are listed and skipped counts them all', async () => {
    const u = await registerUser(t.app);
    const csv = ['Name,Price', ...Array.from({ length: 1000 }, () => 'Same,1')].join('\n');
    const res = await post('items', csv, u, true);
    expect(res.body.data).toMatchObject({ rows: 1000, skipped: 999 });
    expect(res.body.data.duplicates).toHaveLength(100);
  });
});

describe('file encodings (issue 30.13)', () => {
  const text = 'Name,Address\r\nO’Brien Plumbing,Unit 3 – Mill Lane\r\nCafé “Crème”,€5 Street\r\n';
  const expectedNames = [
    ['O’Brien Plumbing', 'Unit 3 – Mill Lane'],
    ['Café “Crème”', '€5 Street'],
  ];
  const utf16be = (s: string) => {
    const le = Buffer.from(s, 'utf16le');
    for (let i = 0; i < le.length; i += 2) [le[i], le[i + 1]] = [le[i + 1]!, le[i]!];
    return le;
  };
  it.each([
    [
      'Windows-1252',
      Buffer.from(
        [...'Name,Address\r\nO']
          .map((c) => c.charCodeAt(0))
          .concat(
            [0x92],
            [...'Brien Plumbing,Unit 3 '].map((c) => c.charCodeAt(0)),
            [0x96],
            [...' Mill Lane\r\nCaf'].map((c) => c.charCodeAt(0)),
            [0xe9, 0x20, 0x93],
            [...'Cr'].map((c) => c.charCodeAt(0)),
            [0xe8],
            [...'me'].map((c) => c.charCodeAt(0)),
            [0x94, 0x2c, 0x80],
            [...'5 Street\r\n'].map((c) => c.charCodeAt(0)),
          ),
      ),
    ],
    ['UTF-8 without BOM', Buffer.from(text, 'utf8')],
    ['UTF-8 with BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ['UTF-16 BE with BOM', Buffer.concat([Buffer.from([0xfe, 0xff]), utf16be(text)])],
  ])('when the file is %s, then curly quotes, dashes, accents and € read as written', async (_label, bytes) => {
    const u = await registerUser(t.app);
    const res = await postBytes('clients', bytes, u, true);
    expect(res.body.data.errors).toEqual([]);
    expect(res.body.data.preview.map((p: { values: Record<string, string> }) => [p.values.Name, p.values.Address])).toEqual(expectedNames);
  });
});

describe('round trips: export, then import, loses nothing (issues 30.14 and 34.8)', () => {
  it('when clients with every field set (CIS rate, payment terms, business, VAT number, a "+44" phone and "=" name) are exported and imported elsewhere, then they match', async () => {
    const u = await registerUser(t.app);
    const clients = [
      {
        name: '=Tower Builders Ltd',
        email: 'tower@example.com',
        phone: '+44 7700 900123',
        address: '-1 Dock Road\nHull',
        isBusiness: true,
        vatNumber: 'GB987654321',
        cisRate: 20,
        paymentTermsDays: 7,
      },
      { name: 'Mrs Jones', email: '', phone: '@home 0117 496 0000', address: null, isBusiness: false, vatNumber: null, cisRate: 0, paymentTermsDays: 0 },
      { name: 'Plain Customer', email: 'plain@example.com', phone: null, address: null, isBusiness: false, vatNumber: null },
    ];
    for (const c of clients) await request(t.app).post('/api/clients').set(u.auth).send(c).expect(201);
    const csv = await request(t.app).get('/api/exports/clients.csv').set(u.auth).expect(200);
    expect(csv.text).toContain("'+44 7700 900123");
    expect(csv.text.split('\r\n')[0]).toContain('CIS rate,Payment terms (days)');
    const other = await registerUser(t.app);
    const res = await post('clients', csv.text, other, false);
    expect(res.body.data).toMatchObject({ rows: 3, created: 3, errorCount: 0 });
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ id: _i, createdAt: _c, updatedAt: _u, ...rest }) => rest).sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(strip(await clientsOf(other))).toEqual(strip(await clientsOf(u)));
    expect((await clientsOf(other)).find((c) => c.name === '=Tower Builders Ltd')).toMatchObject({
      phone: '+44 7700 900123',
      cisRate: 20,
      isBusiness: true,
      paymentTermsDays: 7,
    });
    expect((await clientsOf(other)).find((c) => c.name === 'Mrs Jones')).toMatchObject({ paymentTermsDays: 0 });
    expect((await clientsOf(other)).find((c) => c.name === 'Plain Customer')!.paymentTermsDays).toBeUndefined();
  });

  it('when items with every field set are exported and imported elsewhere, then they match', async () => {
    const u = await registerUser(t.app);
    const items = [
      { name: 'Labour', description: '-Skilled labour', price: 45, vat: 'STANDARD', kind: 'LABOUR', unit: 'hour' },
      { name: 'Insulation', description: 'Per metre', price: 3.5, vat: 'RC_REDUCED', kind: 'MATERIALS', unit: 'm' },
      { name: 'Plain', description: 'Nothing else', price: 1234.56 },
    ];
    for (const i of items) await request(t.app).post('/api/items').set(u.auth).send(i).expect(201);
    const csv = await request(t.app).get('/api/exports/items.csv').set(u.auth).expect(200);
    const other = await registerUser(t.app);
    const res = await post('items', csv.text, other, false);
    expect(res.body.data).toMatchObject({ rows: 3, created: 3, errorCount: 0 });
    const itemsOf = async (who: TestUser) =>
      ((await request(t.app).get('/api/items').set(who.auth)).body.data as Record<string, unknown>[])
        .map(({ id: _i, createdAt: _c, updatedAt: _u, ...rest }) => rest)
        .sort((a, b) => String(a.name).localeCompare(String(b.name)));
    expect(await itemsOf(other)).toEqual(await itemsOf(u));
    expect((await itemsOf(other)).find((i) => i.name === 'Labour')).toMatchObject({ description: '-Skilled labour' });
  });
});
