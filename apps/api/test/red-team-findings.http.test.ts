import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import jwt from 'jsonwebtoken';
import bcrypt from 'bcryptjs';
import { users } from '../src/db/schema.ts';
import { createTestApp, registerUser, sampleClient, sampleCompany, TEST_SECRET, uniqueEmail, type TestApp, type TestUser } from './test-app.ts';

/** Findings 3, 4, 6 and 7 of the red-team pass (docs/product.md holds the rules they pin). */
let t: TestApp;
let user: TestUser;
let clientId: string;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany());
  clientId = (await request(t.app).post('/api/clients').set(user.auth).send(sampleClient())).body.data.id;
});
afterAll(() => t.close());

const PASSWORD_BYTES = 'Password must be 72 bytes or less (72 plain letters, fewer with accents or emoji)';
const TOTAL_MAX = 'A document can total at most £1,000,000,000 including VAT';

describe('finding 3: passwords longer than bcrypt reads', () => {
  it("when a password is 72 'A's plus a tail, then sign-up is refused with the byte limit", async () => {
    const res = await request(t.app)
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: `${'A'.repeat(72)}secretTail1` });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: PASSWORD_BYTES, details: { password: PASSWORD_BYTES } });
  });

  it('when an account has a 72-byte password, then only that password opens it: nothing appended does', async () => {
    const email = uniqueEmail();
    const password = 'A'.repeat(72);
    expect((await request(t.app).post('/api/auth/register').send({ email, password })).status).toBe(201);
    const appended = await request(t.app)
      .post('/api/auth/login')
      .send({ email, password: `${password}anything` });
    expect(appended.status).toBe(400);
    expect(appended.body.token).toBeUndefined();
    expect(appended.body.error).toBe(PASSWORD_BYTES);
    expect((await request(t.app).post('/api/auth/login').send({ email, password })).status).toBe(200);
  });

  it('when the password is counted in bytes, then 24 euro signs (72 bytes) pass and 25 (75 bytes) do not', async () => {
    expect(
      (
        await request(t.app)
          .post('/api/auth/register')
          .send({ email: uniqueEmail(), password: '€'.repeat(24) })
      ).status,
    ).toBe(201);
    const over = await request(t.app)
      .post('/api/auth/register')
      .send({ email: uniqueEmail(), password: '€'.repeat(25) });
    expect(over.status).toBe(400);
    expect(over.body.error).toBe(PASSWORD_BYTES);
  });

  it('when a hash stored before the rule exists, then its password still signs in', async () => {
    const email = uniqueEmail();
    await t.ctx.db.insert(users).values({ email, passwordHash: await bcrypt.hash('legacy-password-1', 4) });
    const res = await request(t.app).post('/api/auth/login').send({ email, password: 'legacy-password-1' });
    expect(res.status).toBe(200);
    expect(typeof res.body.data.token).toBe('string');
  });
});

describe('finding 4: money bounds', () => {
  const hugeLines = [
    ...Array.from({ length: 10 }, () => ({ description: 'Big', quantity: 1_000_000, unitPrice: 9_999_999.99 })),
    { description: 'Penny', quantity: 1, unitPrice: 0.01 },
  ];

  it.each(['quotes', 'invoices'])('when %s lines add up past 2^53 pence, then 400 with the document maximum and nothing is stored', async (path) => {
    const before = (await request(t.app).get(`/api/${path}`).set(user.auth)).body.data.length;
    const res = await request(t.app).post(`/api/${path}`).set(user.auth).send({ clientId, lineItems: hugeLines, tax: 20 });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: TOTAL_MAX });
    expect((await request(t.app).get(`/api/${path}`).set(user.auth)).body.data.length).toBe(before);
  });

  it('when VAT takes a total past the maximum, then 400, also with the company default rate', async () => {
    const lineItems = [{ description: 'Works', quantity: 100, unitPrice: 9_000_000 }];
    for (const body of [
      { clientId, lineItems, tax: 20 },
      { clientId, lineItems },
    ]) {
      const res = await request(t.app).post('/api/invoices').set(user.auth).send(body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(TOTAL_MAX);
    }
  });

  it('when documents total just under £1,000,000,000 with VAT, then each is stored exactly and the dashboard adds them exactly', async () => {
    const owner = await registerUser(t.app);
    await request(t.app).post('/api/company').set(owner.auth).send(sampleCompany());
    const client = (await request(t.app).post('/api/clients').set(owner.auth).send(sampleClient())).body.data.id;
    for (let i = 0; i < 3; i++) {
      const res = await request(t.app)
        .post('/api/invoices')
        .set(owner.auth)
        .send({ clientId: client, lineItems: [{ description: 'Works', quantity: 100, unitPrice: 8_333_333.33 }], tax: 20, dueDate: '2099-01-01' });
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({ subtotal: 833_333_333, total: 999_999_999.6 });
      expect((await request(t.app).patch(`/api/invoices/${res.body.data.id}/send`).set(owner.auth)).status).toBe(200);
    }
    const dashboard = await request(t.app).get('/api/dashboard').set(owner.auth);
    expect(dashboard.body.data.outstanding).toBe(2_999_999_998.8);
  });

  it('when an existing document is edited past the maximum, then 400 and it keeps its lines', async () => {
    const created = await request(t.app)
      .post('/api/quotes')
      .set(user.auth)
      .send({ clientId, lineItems: [{ description: 'Small', quantity: 1, unitPrice: 10 }], tax: 20 });
    const res = await request(t.app).put(`/api/quotes/${created.body.data.id}`).set(user.auth).send({ clientId, lineItems: hugeLines, tax: 20 });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(TOTAL_MAX);
    expect((await request(t.app).get(`/api/quotes/${created.body.data.id}`).set(user.auth)).body.data.total).toBe(12);
  });
});

describe('finding 6: spoofing characters', () => {
  it.each([
    ['right-to-left override', 'INV\u202E'],
    ['left-to-right embedding', '\u202AQ'],
    ['first-strong isolate', 'Q\u2068X\u2069'],
    ['zero-width space', 'IN\u200BV'],
  ])('when a prefix carries a %s, then 400 and the profile is unchanged', async (_label, prefix) => {
    for (const field of ['invoiceNumberPrefix', 'quoteNumberPrefix']) {
      const res = await request(t.app)
        .put('/api/company')
        .set(user.auth)
        .send(sampleCompany({ [field]: prefix }));
      expect(res.status).toBe(400);
      expect(res.body.details[field]).toBe('Prefix cannot contain invisible or text-direction characters');
    }
    const company = (await request(t.app).get('/api/company').set(user.auth)).body.data;
    expect(company).toMatchObject({ invoiceNumberPrefix: 'INV', quoteNumberPrefix: 'Q' });
  });

  it('when a VAT number or bank identifier carries a direction override, then 400 naming the field', async () => {
    const vat = await request(t.app)
      .put('/api/company')
      .set(user.auth)
      .send(sampleCompany({ vatNumber: 'GB123\u202E456' }));
    expect(vat.status).toBe(400);
    expect(vat.body.details.vatNumber).toBe('VAT number cannot contain invisible or text-direction characters');
    const iban = await request(t.app)
      .put('/api/company')
      .set(user.auth)
      .send(sampleCompany({ bankDetails: { iban: 'GB33\u2066BUKB\u2069' } }));
    expect(iban.status).toBe(400);
    expect(iban.body.details['bankDetails.iban']).toBe('IBAN cannot contain invisible or text-direction characters');
  });

  it.each([
    ['a lone zero-width space', '\u200B'],
    ['zero-width joiners and word joiners', '\u200D\u2060\uFEFF'],
    ['a direction mark and a soft hyphen', '\u200F\u00AD'],
    ['a Hangul filler', '\u3164'],
    ['a blank Braille cell', '\u2800'],
  ])('when a required name is only %s, then it reads as missing', async (_label, name) => {
    const client = await request(t.app).post('/api/clients').set(user.auth).send(sampleClient({ name }));
    expect(client.status).toBe(400);
    expect(client.body.details.name).toBe('Name is required');
    const item = await request(t.app).post('/api/items').set(user.auth).send({ name, description: 'x', price: 1 });
    expect(item.body.details.name).toBe('Name is required');
    const company = await request(t.app).put('/api/company').set(user.auth).send(sampleCompany({ name }));
    expect(company.body.details.name).toBe('Company name is required');
    const quote = await request(t.app)
      .post('/api/quotes')
      .set(user.auth)
      .send({ clientId, lineItems: [{ description: name, quantity: 1, unitPrice: 1 }] });
    expect(quote.body.details['lineItems.0.description']).toBe('Description is required');
  });

  it('when a name has visible letters beside invisible ones or is written right to left, then it is kept as typed', async () => {
    for (const name of ['Zoë\u200B Ltd', 'شركة البناء', '🔧 Fix-it']) {
      const res = await request(t.app).post('/api/clients').set(user.auth).send(sampleClient({ name }));
      expect(res.status).toBe(201);
      expect(res.body.data.name).toBe(name);
    }
  });
});

describe('finding 7: tokens without an expiry', () => {
  it('when a token signed with the server secret has no exp, then 401 on every protected route', async () => {
    const forever = jwt.sign({}, TEST_SECRET, { algorithm: 'HS256', subject: user.id });
    expect(jwt.decode(forever)).not.toHaveProperty('exp');
    for (const path of ['/api/auth/me', '/api/clients', '/api/company']) {
      const res = await request(t.app).get(path).set('Authorization', `Bearer ${forever}`);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, error: 'Authentication required' });
    }
    const withExp = jwt.sign({}, TEST_SECRET, { algorithm: 'HS256', subject: user.id, expiresIn: '1h' });
    expect((await request(t.app).get('/api/auth/me').set('Authorization', `Bearer ${withExp}`)).status).toBe(200);
  });
});
