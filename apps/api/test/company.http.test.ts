import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { and, eq } from 'drizzle-orm';
import { companies, documentCounters } from '../src/db/schema.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from './test-app.ts';
import { dataUrl, decodeLogo, makeJpeg, makePng } from './image-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function userWithCompany(over: Record<string, unknown> = {}): Promise<TestUser> {
  const user = await registerUser(t.app);
  const res = await request(t.app).post('/api/company').set(user.auth).send(sampleCompany(over));
  expect(res.status).toBe(201);
  return user;
}

const getCompany = (user: TestUser) => request(t.app).get('/api/company').set(user.auth);

describe('company profile', () => {
  it('when no profile exists, then GET answers 404 Company profile not found', async () => {
    const user = await registerUser(t.app);
    const res = await getCompany(user);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Company profile not found', code: 'NOT_FOUND' });
  });

  it('when no profile exists and optional=true is asked, then 200 with data null; with a profile the same answer as without it', async () => {
    const user = await registerUser(t.app);
    const none = await request(t.app).get('/api/company?optional=true').set(user.auth);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ success: true, data: null });
    await request(t.app).post('/api/company').set(user.auth).send(sampleCompany());
    const some = await request(t.app).get('/api/company?optional=true').set(user.auth);
    expect(some.status).toBe(200);
    expect(some.body).toEqual((await getCompany(user)).body);
    const bad = await request(t.app).get('/api/company?optional=maybe').set(user.auth);
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Optional must be true or false');
  });

  it('when a full profile is created, then every section 3 field comes back with bank details nested', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/company').set(user.auth).send(sampleCompany());
    expect(res.status).toBe(201);
    const expected = {
      name: 'Bright Sparks Electrical',
      email: 'hello@brightsparks.example',
      phone: '0161 496 0000',
      address: '12 Mill Lane\nManchester\nM1 2AB',
      website: 'https://brightsparks.example',
      vatNumber: 'GB123456789',
      terms: 'Payment within 30 days.',
      currency: 'GBP',
      currencySymbol: '£',
      template: 'modern',
      quoteNumberPrefix: 'Q',
      invoiceNumberPrefix: 'INV',
      defaultTaxRate: 20,
      logo: null,
      bankDetails: {
        bankName: 'Barclays',
        accountName: 'Bright Sparks Ltd',
        accountNumber: '12345678',
        sortCode: '12-34-56',
        iban: 'GB33BUKB20201555555555',
        swift: 'BUKBGB22',
      },
      nextQuoteNumber: 1,
      nextInvoiceNumber: 1,
    };
    expect(res.body.data).toMatchObject(expected);
    const again = await getCompany(user);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject(expected);
  });

  it('when only name and email are sent, then the defaults apply: modern, Q, INV, 20%, GBP', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).post('/api/company').set(user.auth).send({ name: 'Solo Trader', email: 'solo@example.com' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      template: 'modern',
      quoteNumberPrefix: 'Q',
      invoiceNumberPrefix: 'INV',
      defaultTaxRate: 20,
      currency: 'GBP',
      currencySymbol: '£',
      phone: null,
      website: null,
      bankDetails: { bankName: null, accountName: null, accountNumber: null, sortCode: null, iban: null, swift: null },
    });
  });

  it('when a profile already exists, then POST answers 409 and the profile is unchanged', async () => {
    const user = await userWithCompany();
    const res = await request(t.app)
      .post('/api/company')
      .set(user.auth)
      .send(sampleCompany({ name: 'Second Co' }));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, error: 'Company profile already exists' });
    expect((await getCompany(user)).body.data.name).toBe('Bright Sparks Electrical');
  });

  it('when the profile is updated, then the new values are kept', async () => {
    const user = await userWithCompany();
    const res = await request(t.app)
      .put('/api/company')
      .set(user.auth)
      .send(
        sampleCompany({ name: 'Brighter Sparks', template: 'elegant', defaultTaxRate: 17.5, quoteNumberPrefix: 'QT-', bankDetails: { bankName: 'Monzo' } }),
      );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Brighter Sparks',
      template: 'elegant',
      defaultTaxRate: 17.5,
      quoteNumberPrefix: 'QT-',
      bankDetails: { bankName: 'Monzo', accountName: null, sortCode: null },
    });
    expect((await getCompany(user)).body.data).toMatchObject({ name: 'Brighter Sparks', defaultTaxRate: 17.5 });
  });

  it('when no profile exists, then PUT answers 404 and creates nothing', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app).put('/api/company').set(user.auth).send(sampleCompany());
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Company profile not found');
    expect((await getCompany(user)).status).toBe(404);
  });

  it.each([
    ['GBP', '£'],
    ['USD', '$'],
    ['EUR', '€'],
    ['CAD', 'C$'],
    ['AUD', 'A$'],
  ])('when the currency is %s, then the symbol is %s whatever symbol was sent', async (currency, symbol) => {
    const user = await registerUser(t.app);
    const created = await request(t.app)
      .post('/api/company')
      .set(user.auth)
      .send(sampleCompany({ currency, currencySymbol: '¥' }));
    expect(created.body.data).toMatchObject({ currency, currencySymbol: symbol });
    const updated = await request(t.app)
      .put('/api/company')
      .set(user.auth)
      .send(sampleCompany({ currency, currencySymbol: '¥' }));
    expect(updated.body.data.currencySymbol).toBe(symbol);
  });

  it('when no token is sent, then every company call answers 401', async () => {
    for (const call of [
      request(t.app).get('/api/company'),
      request(t.app).post('/api/company').send(sampleCompany()),
      request(t.app).put('/api/company').send(sampleCompany()),
      request(t.app)
        .post('/api/company/logo')
        .send({ logo: dataUrl('image/png', makePng()) }),
      request(t.app).post('/api/company/reset-quote-counter'),
      request(t.app).post('/api/company/reset-invoice-counter'),
    ]) {
      const res = await call;
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('Authentication required');
    }
  });
});

describe('company validation (docs/product.md, validation messages)', () => {
  it.each([
    [{ name: '' }, 'Company name is required', 'name'],
    [{ name: undefined }, 'Company name is required', 'name'],
    [{ email: 'nope' }, 'Valid email is required', 'email'],
    [{ email: undefined }, 'Valid email is required', 'email'],
    [{ quoteNumberPrefix: '' }, 'Quote prefix is required', 'quoteNumberPrefix'],
    [{ quoteNumberPrefix: 'ABCDEFGHIJK' }, 'Prefix must be 10 characters or less', 'quoteNumberPrefix'],
    [{ invoiceNumberPrefix: ' ' }, 'Invoice prefix is required', 'invoiceNumberPrefix'],
    [{ invoiceNumberPrefix: 'INVOICE-NO-' }, 'Prefix must be 10 characters or less', 'invoiceNumberPrefix'],
    [{ defaultTaxRate: -1 }, 'Tax rate must be 0 or greater', 'defaultTaxRate'],
    [{ defaultTaxRate: 100.01 }, 'Tax rate cannot exceed 100%', 'defaultTaxRate'],
    [{ defaultTaxRate: 'twenty' }, 'Tax rate must be 0 or greater', 'defaultTaxRate'],
    [{ website: 'not a url' }, 'Website must be a valid URL', 'website'],
    [{ currency: 'JPY' }, 'Currency must be one of GBP, USD, EUR, CAD, AUD', 'currency'],
    [{ template: 'fancy' }, 'Template must be one of modern, classic, minimal, professional, elegant', 'template'],
  ])('when %j is sent, then 400 %s on create and update, and nothing changes', async (over, message, field) => {
    const fresh = await registerUser(t.app);
    const created = await request(t.app).post('/api/company').set(fresh.auth).send(sampleCompany(over));
    expect(created.status).toBe(400);
    expect(created.body.error).toBe(message);
    expect(created.body.details).toEqual({ [field]: message });
    expect((await getCompany(fresh)).status).toBe(404);

    const existing = await userWithCompany();
    const updated = await request(t.app)
      .put('/api/company')
      .set(existing.auth)
      .send(sampleCompany({ ...over, phone: '999' }));
    expect(updated.status).toBe(400);
    expect(updated.body.error).toBe(message);
    expect((await getCompany(existing)).body.data.phone).toBe('0161 496 0000');
  });

  it('when several fields fail, then error is the first and details lists each', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app)
      .post('/api/company')
      .set(user.auth)
      .send({ name: '', email: 'x', quoteNumberPrefix: '', invoiceNumberPrefix: 'X'.repeat(11), defaultTaxRate: 101 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Company name is required');
    expect(res.body.details).toEqual({
      name: 'Company name is required',
      email: 'Valid email is required',
      quoteNumberPrefix: 'Quote prefix is required',
      invoiceNumberPrefix: 'Prefix must be 10 characters or less',
      defaultTaxRate: 'Tax rate cannot exceed 100%',
    });
  });

  it('when the website is empty or the tax rate is 0 or 100, then they are accepted', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app)
      .post('/api/company')
      .set(user.auth)
      .send(sampleCompany({ website: '', defaultTaxRate: 0 }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ website: null, defaultTaxRate: 0 });
    const full = await request(t.app)
      .put('/api/company')
      .set(user.auth)
      .send(sampleCompany({ defaultTaxRate: 100 }));
    expect(full.body.data.defaultTaxRate).toBe(100);
  });
});

describe('company logo', () => {
  it('when a PNG data URL is uploaded, then the profile returns the re-encoded PNG', async () => {
    const user = await userWithCompany();
    const res = await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', makePng(200, 100)) });
    expect(res.status).toBe(200);
    const stored = await decodeLogo(res.body.data.logo);
    expect(stored).toMatchObject({ mime: 'image/png', format: 'png', width: 200, height: 100 });
    expect((await getCompany(user)).body.data.logo).toBe(res.body.data.logo);
  });

  it('when a JPEG data URL is uploaded, then it is kept as image/jpeg', async () => {
    const user = await userWithCompany();
    const res = await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/jpeg', makeJpeg()) });
    expect(res.status).toBe(200);
    expect(await decodeLogo((await getCompany(user)).body.data.logo)).toMatchObject({ mime: 'image/jpeg', format: 'jpeg', width: 8, height: 8 });
  });

  it('when the declared type disagrees with the bytes, then the bytes decide', async () => {
    const user = await userWithCompany();
    const res = await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', makeJpeg()) });
    expect(res.status).toBe(200);
    expect(await decodeLogo(res.body.data.logo)).toMatchObject({ mime: 'image/jpeg', format: 'jpeg' });
  });

  it('when a large logo with metadata and trailing bytes is uploaded, then it is stored downscaled to 1200 x 600 without them', async () => {
    const user = await userWithCompany();
    const big = makePng(3000, 1000, 5000);
    const polyglot = Buffer.concat([big, Buffer.from('PK\x03\x04<html><script>alert(1)</script>')]);
    const res = await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', polyglot) });
    expect(res.status).toBe(200);
    const stored = await decodeLogo(res.body.data.logo);
    expect(stored).toMatchObject({ format: 'png', width: 1200, height: 400 });
    expect(stored.bytes.includes('Comment')).toBe(false);
    expect(stored.bytes.includes('<script>')).toBe(false);
  });

  it.each([
    ['an SVG', dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
    ['an SVG labelled as PNG', dataUrl('image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
    ['a GIF', dataUrl('image/png', Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'))],
    ['garbage bytes', dataUrl('image/jpeg', Buffer.from('hello, this is not an image'))],
    ['a truncated PNG', dataUrl('image/png', makePng().subarray(0, 40))],
    ['plain text instead of a data URL', 'just some text'],
    ['an empty string', ''],
    ['a number', 42],
  ])('when %s is uploaded, then 400 Logo must be a PNG or JPEG image and the logo is unchanged', async (_label, logo) => {
    const user = await userWithCompany();
    const good = dataUrl('image/png', makePng());
    await request(t.app).post('/api/company/logo').set(user.auth).send({ logo: good });
    const res = await request(t.app).post('/api/company/logo').set(user.auth).send({ logo });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: 'Logo must be a PNG or JPEG image' });
    expect(await decodeLogo((await getCompany(user)).body.data.logo)).toMatchObject({ format: 'png', width: 4, height: 3 });
  });

  it('when the logo field is missing, then 400 Logo must be a PNG or JPEG image', async () => {
    const user = await userWithCompany();
    const res = await request(t.app).post('/api/company/logo').set(user.auth).send({});
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Logo must be a PNG or JPEG image');
  });

  it('when the image is exactly 2 MB, then it is accepted', async () => {
    const user = await userWithCompany();
    const base = makePng();
    const png = makePng(4, 3, 2 * 1024 * 1024 - base.length - 20);
    expect(png.length).toBe(2 * 1024 * 1024);
    const res = await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', png) });
    expect(res.status).toBe(200);
  });

  it.each([
    ['just over 2 MB', 2 * 1024 * 1024 + 1],
    ['over the 3 MB body limit', 3 * 1024 * 1024],
  ])('when the decoded image is %s, then 413 Logo must be 2 MB or smaller', async (_label, size) => {
    const user = await userWithCompany();
    const base = makePng();
    const png = makePng(4, 3, size - base.length - 20);
    expect(png.length).toBe(size);
    const res = await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', png) });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, error: 'Logo must be 2 MB or smaller' });
    expect((await getCompany(user)).body.data.logo).toBeNull();
  });

  it('when the logo is removed, then the profile answers logo null and a profile update keeps other fields', async () => {
    const user = await userWithCompany();
    await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', makePng()) });
    const res = await request(t.app).delete('/api/company/logo').set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ logo: null, name: 'Bright Sparks Electrical' });
    expect((await getCompany(user)).body.data.logo).toBeNull();
  });

  it('when the profile is updated after a logo upload, then the logo is kept', async () => {
    const user = await userWithCompany();
    const upload = await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', makePng()) });
    const res = await request(t.app)
      .put('/api/company')
      .set(user.auth)
      .send(sampleCompany({ name: 'New Name' }));
    expect(res.body.data).toMatchObject({ name: 'New Name', logo: upload.body.data.logo });
  });

  it('when no profile exists, then uploading a logo answers 404', async () => {
    const user = await registerUser(t.app);
    const res = await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', makePng()) });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Company profile not found');
  });
});

describe('company number counters', () => {
  it.each([
    ['quote', 'reset-quote-counter', 'nextQuoteNumber', 'nextInvoiceNumber'],
    ['invoice', 'reset-invoice-counter', 'nextInvoiceNumber', 'nextQuoteNumber'],
  ] as const)('when the %s counter is reset, then document_counters holds 1 for it and the other is untouched', async (kind, path, field, other) => {
    const user = await userWithCompany();
    await t.ctx.db.insert(documentCounters).values([
      { userId: user.id, kind: 'quote', nextValue: 7 },
      { userId: user.id, kind: 'invoice', nextValue: 9 },
    ]);
    const before = await getCompany(user);
    expect(before.body.data).toMatchObject({ nextQuoteNumber: 7, nextInvoiceNumber: 9 });
    const res = await request(t.app).post(`/api/company/${path}`).set(user.auth);
    expect(res.status).toBe(200);
    expect(res.body.data[field]).toBe(1);
    expect(res.body.data[other]).toBe(before.body.data[other]);
    const [row] = await t.ctx.db
      .select()
      .from(documentCounters)
      .where(and(eq(documentCounters.userId, user.id), eq(documentCounters.kind, kind)));
    expect(row?.nextValue).toBe(1);
  });

  it('when a counter was never used, then resetting it creates it at 1', async () => {
    const user = await userWithCompany();
    const res = await request(t.app).post('/api/company/reset-invoice-counter').set(user.auth);
    expect(res.status).toBe(200);
    const rows = await t.ctx.db.select().from(documentCounters).where(eq(documentCounters.userId, user.id));
    expect(rows).toEqual([{ userId: user.id, kind: 'invoice', nextValue: 1 }]);
  });
});

describe('company tenancy', () => {
  it('when another user has a profile, then this user still sees 404 for read, update, logo and counter resets', async () => {
    const owner = await userWithCompany({ name: 'Owner Co' });
    await t.ctx.db.insert(documentCounters).values({ userId: owner.id, kind: 'quote', nextValue: 5 });
    const other = await registerUser(t.app);
    for (const call of [
      request(t.app).get('/api/company'),
      request(t.app)
        .put('/api/company')
        .send(sampleCompany({ name: 'Hijacked' })),
      request(t.app)
        .post('/api/company/logo')
        .send({ logo: dataUrl('image/png', makePng()) }),
      request(t.app).post('/api/company/reset-quote-counter'),
      request(t.app).post('/api/company/reset-invoice-counter'),
    ]) {
      const res = await call.set(other.auth);
      expect(res.status).toBe(404);
      expect(res.body.error).toBe('Company profile not found');
    }
    const mine = await getCompany(owner);
    expect(mine.body.data).toMatchObject({ name: 'Owner Co', logo: null, nextQuoteNumber: 5 });
  });

  it('when another user creates their own profile, then each sees only their own', async () => {
    const owner = await userWithCompany({ name: 'Owner Co' });
    const other = await registerUser(t.app);
    const res = await request(t.app)
      .post('/api/company')
      .set(other.auth)
      .send(sampleCompany({ name: 'Other Co' }));
    expect(res.status).toBe(201);
    expect((await getCompany(owner)).body.data.name).toBe('Owner Co');
    expect((await getCompany(other)).body.data.name).toBe('Other Co');
    const rows = await t.ctx.db.select().from(companies).where(eq(companies.userId, owner.id));
    expect(rows.map((r) => r.name)).toEqual(['Owner Co']);
  });
});
