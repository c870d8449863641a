import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import { createApp } from '../../app.ts';
import { SHARE_MESSAGES } from '@docket/schemas/messages';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';
import { dataUrl, makeJpeg, makePng } from '../../../test/image-fixtures.ts';
import { readPdf } from '../../pdf/testing/read-pdf.ts';
import { listen } from '../../../test/adversarial/support.ts';

let t: TestApp;
let a: TestUser;
let b: TestUser;
let clientA: string;
let clientB: string;

/** Rows of a raw query, on either driver. */
const rowsOf = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => ((await t.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  a = await registerUser(t.app);
  b = await registerUser(t.app);
  await request(t.app).post('/api/company').set(a.auth).send(sampleCompany()).expect(201);
  await request(t.app)
    .post('/api/company')
    .set(b.auth)
    .send(sampleCompany({ name: 'Other Trader' }))
    .expect(201);
  clientA = (await createClient(t.app, a)).id;
  clientB = (await createClient(t.app, b, { name: 'Bertha Customer' })).id;
});
afterAll(() => t.close());

const tokenOf = (url: string) => url.split('/p/')[1]!;
async function share(kind: 'quotes' | 'invoices', id: string, u: TestUser = a) {
  const res = await request(t.app).post(`/api/${kind}/${id}/share`).set(u.auth);
  expect(res.status, res.text).toBe(201);
  return { ...(res.body.data as { url: string; expiresAt: string }), token: tokenOf(res.body.data.url) };
}
async function sharedQuote(u: TestUser = a, c: string = clientA) {
  const quote = (await createQuote(t.app, u, c)) as { id: string; quoteNumber: string };
  return { quote, ...(await share('quotes', quote.id, u)) };
}
const view = (token: string) => request(t.app).get(`/api/public/documents/${token}`);
const accept = (token: string, body: Record<string, unknown> = { name: 'Pat Customer', agreeTerms: true, version: 1 }) =>
  request(t.app).post(`/api/public/quotes/${token}/accept`).send(body);
const decline = (token: string, body: Record<string, unknown> = {}) => request(t.app).post(`/api/public/quotes/${token}/decline`).send(body);
const history = async (kind: string, id: string) =>
  (await request(t.app).get(`/api/${kind}/${id}/history`).set(a.auth)).body.data as { action: string; summary: string }[];
const notes = async (u: TestUser = a) => (await request(t.app).get('/api/notifications').set(u.auth).expect(200)).body.data;
const randomToken = () => randomBytes(32).toString('base64url');

describe('sharing a document', () => {
  it('when a reverse-charge invoice with mixed rates is shared, then the page has one VAT row per treatment, the legend, and the reverse-charge VAT outside the total', async () => {
    const builder = (await createClient(t.app, a, { name: 'Tower Builders Ltd', vatNumber: 'GB987654321', isBusiness: true })).id;
    const lines = [
      { description: 'Rewire (reverse charge)', quantity: 1, unitPrice: 1000, vat: 'RC_STANDARD' },
      { description: 'Insulation', quantity: 2, unitPrice: 50, vat: 'REDUCED', kind: 'MATERIALS', discountPercent: 10 },
      { description: 'Safety certificate', quantity: 1, unitPrice: 40, vat: 'EXEMPT' },
    ];
    const invoice = (await createInvoice(t.app, a, builder, { lineItems: lines })) as { id: string };
    const { token } = await share('invoices', invoice.id);
    const doc = (await view(token).expect(200)).body.data;
    expect(doc.vatBreakdown).toEqual(
      expect.arrayContaining([
        { label: 'Domestic reverse charge at the standard rate', rate: 20, net: 1000, vat: 200, reverseCharge: true },
        { label: 'Reduced rate', rate: 5, net: 90, vat: 4.5, reverseCharge: false },
        { label: 'Exempt', rate: 0, net: 40, vat: 0, reverseCharge: false },
      ]),
    );
    expect(doc.reverseChargeLegend).toBe('Reverse charge: Customer to pay the VAT to HMRC');
    // The customer pays only the VAT charged: £4.50 on the insulation, not the £200 they account for.
    expect(doc).toMatchObject({ subtotal: 1130, taxAmount: 4.5, total: 1134.5, amountDue: 1134.5, balanceDue: 1134.5, cis: null });
    expect(doc.lines[1]).toEqual({ description: 'Insulation', quantity: 2, unitPrice: 50, discountPercent: 10, amount: 90 });
    expect(doc.lines[0].discountPercent).toBeNull();
  });

  it('when a draft quote is shared, then it is issued (SENT), the link lives 90 days and only the token hash is stored', async () => {
    const { quote, url, expiresAt, token } = await sharedQuote();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/p\/[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(a.auth)).body.data.status).toBe('SENT');
    const rows = await rowsOf<{ token_hash: string }>(sql`select token_hash from share_links where quote_id = ${quote.id}`);
    expect(rows).toEqual([{ token_hash: createHash('sha256').update(token).digest('hex') }]);
    expect((await history('quotes', quote.id)).map((h) => h.action)).toEqual(['created', 'sent', 'shared']);
  });

  it('when a document is shared again, then the old link stops working with the same 404 as a random token', async () => {
    const { quote, token: first } = await sharedQuote();
    const { token: second } = await share('quotes', quote.id);
    const random = await view(randomToken());
    const old = await view(first);
    expect(old.status).toBe(404);
    expect(old.body).toEqual(random.body);
    expect(random.body).toEqual({ success: false, error: SHARE_MESSAGES.linkInvalid, code: 'NOT_FOUND' });
    expect((await view(second)).status).toBe(200);
  });

  it('when a link is revoked or expired, then it answers exactly what a random token does', async () => {
    const { quote, token } = await sharedQuote();
    expect((await request(t.app).delete(`/api/quotes/${quote.id}/share`).set(a.auth).expect(200)).body.data).toEqual({ revoked: true });
    const random = await view(randomToken());
    const revoked = await view(token);
    expect([revoked.status, revoked.body]).toEqual([404, random.body]);
    expect((await request(t.app).delete(`/api/quotes/${quote.id}/share`).set(a.auth).expect(200)).body.data).toEqual({ revoked: false });

    const other = await sharedQuote();
    t.setNow(new Date(Date.now() + 91 * 86_400_000));
    try {
      const expired = await view(other.token);
      expect([expired.status, expired.body]).toEqual([404, random.body]);
      expect((await accept(other.token)).body).toEqual(random.body);
    } finally {
      t.setNow(null);
    }
    expect((await view(other.token)).status).toBe(200);
  });

  it("when B shares or revokes A's quote, then 404 and A's link still works", async () => {
    const { quote, token } = await sharedQuote();
    expect((await request(t.app).post(`/api/quotes/${quote.id}/share`).set(b.auth)).status).toBe(404);
    expect((await request(t.app).delete(`/api/quotes/${quote.id}/share`).set(b.auth)).status).toBe(404);
    expect((await request(t.app).get(`/api/quotes/${quote.id}/acceptance`).set(b.auth)).status).toBe(404);
    expect((await view(token)).status).toBe(200);
  });

  it('when a void invoice is shared, then 409 and no link is made', async () => {
    const inv = await createInvoice(t.app, a, clientA);
    await act(t.app, a, 'invoices', inv.id, 'send').expect(200);
    await request(t.app).patch(`/api/invoices/${inv.id}/void`).set(a.auth).send({ reason: 'Wrong client' }).expect(200);
    const res = await request(t.app).post(`/api/invoices/${inv.id}/share`).set(a.auth);
    expect([res.status, res.body.error]).toEqual([409, SHARE_MESSAGES.notShareable]);
  });
});

describe('the public document', () => {
  it('when the customer opens a quote link, then they see the page and nothing more, with noindex and no-referrer', async () => {
    const { quote, token } = await sharedQuote();
    const res = await view(token);
    expect(res.status).toBe(200);
    expect(res.headers['x-robots-tag']).toContain('noindex');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const doc = res.body.data;
    expect(doc).toMatchObject({
      kind: 'quote',
      status: 'SENT',
      company: { name: 'Bright Sparks Electrical', vatNumber: 'GB123456789', email: 'hello@brightsparks.example' },
      customer: { name: 'Acme Plumbing Ltd' },
      terms: 'Payment within 30 days.',
      balanceDue: null,
      bank: null,
      acceptance: null,
    });
    expect(doc.vatBreakdown).toEqual([
      { label: `VAT at ${doc.vatBreakdown[0].rate}%`, rate: expect.any(Number), net: doc.subtotal, vat: doc.taxAmount, reverseCharge: false },
    ]);
    expect(doc).toMatchObject({ reverseChargeLegend: null, cis: null, amountDue: null, siteAddress: null });
    expect(doc.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // No ids of any record, no user email.
    expect(res.text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/);
    expect(res.text).not.toContain(quote.id);
    expect(res.text).not.toContain(a.email);
  });

  it('when the link is viewed twice, then history and notifications record the first view only; the business views never count', async () => {
    const { quote, token } = await sharedQuote();
    await request(t.app).get(`/api/quotes/${quote.id}`).set(a.auth).expect(200);
    await request(t.app).get(`/api/quotes/${quote.id}/preview`).set(a.auth).expect(200);
    expect((await history('quotes', quote.id)).filter((h) => h.action === 'viewed')).toHaveLength(0);
    await view(token).expect(200);
    await request(t.app).get(`/api/public/documents/${token}/pdf`).expect(200);
    await view(token).expect(200);
    expect((await history('quotes', quote.id)).filter((h) => h.action === 'viewed')).toHaveLength(1);
    const mine = (await notes()).items.filter((n: { documentId: string; kind: string }) => n.documentId === quote.id && n.kind === 'viewed');
    expect(mine).toHaveLength(1);
  });

  it('when an invoice link is opened, then the balance due, bank details and payment reference show', async () => {
    const inv = await createInvoice(t.app, a, clientA);
    const { token } = await share('invoices', inv.id);
    const doc = (await view(token).expect(200)).body.data;
    // Sharing the draft issued it, and issuing gave it its number.
    const issued = (await request(t.app).get(`/api/invoices/${inv.id}`).set(a.auth)).body.data;
    expect(issued.invoiceNumber).toMatch(/^INV\d{4}$/);
    expect(doc).toMatchObject({
      kind: 'invoice',
      status: 'SENT',
      number: issued.invoiceNumber,
      paymentReference: issued.invoiceNumber,
      balanceDue: inv.total,
      bank: { bankName: 'Barclays', accountName: 'Bright Sparks Ltd', accountNumber: '12345678', sortCode: '12-34-56' },
      validUntil: null,
    });
    expect(doc.dueDate).toBe(inv.dueDate);
    // An invoice token names no quote: accepting through it is the same 404.
    expect((await accept(token)).status).toBe(404);
  });

  it('when the PDF is fetched through the link, then it is the same PDF as the preview', async () => {
    const { quote, token } = await sharedQuote();
    const pub = await request(t.app).get(`/api/public/documents/${token}/pdf`).buffer(true).parse(binary).expect(200);
    const own = await request(t.app).get(`/api/quotes/${quote.id}/preview`).set(a.auth).buffer(true).parse(binary).expect(200);
    expect(pub.headers['content-type']).toBe('application/pdf');
    expect((await readPdf(pub.body as Buffer)).text).toBe((await readPdf(own.body as Buffer)).text);
  });

  it("when A's token is used with B's or A's bearer token, then it answers the same and reaches only A's document", async () => {
    const { token } = await sharedQuote();
    const bare = await view(token);
    const withA = await view(token).set(a.auth);
    const withB = await view(token).set(b.auth);
    expect(withA.body).toEqual(bare.body);
    expect(withB.body).toEqual(bare.body);
    expect(bare.body.data.company.name).toBe('Bright Sparks Electrical');
    // B's bearer token does not open B's own quotes through the public routes.
    const bQuote = await createQuote(t.app, b, clientB);
    expect((await request(t.app).get(`/api/public/documents/${bQuote.id}`).set(b.auth)).status).toBe(404);
  });
});

describe('accepting and declining', () => {
  it('when name or terms are missing, then 400 with the exact messages and the quote stays SENT', async () => {
    const { quote, token } = await sharedQuote();
    const noName = await accept(token, { name: '  ', agreeTerms: true, version: 1 });
    expect([noName.status, noName.body.error]).toEqual([400, SHARE_MESSAGES.nameRequired]);
    const noTerms = await accept(token, { name: 'Pat', agreeTerms: false, version: 1 });
    expect([noTerms.status, noTerms.body.error]).toEqual([400, SHARE_MESSAGES.agreeTerms]);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(a.auth)).body.data.status).toBe('SENT');
  });

  it('when a live link gets junk bodies, then each is a 400 and the quote stays SENT with no answer recorded', async () => {
    const { quote, token } = await sharedQuote();
    const bad: unknown[] = [
      { name: 1, agreeTerms: true, version: 1 },
      { name: 'Pat', agreeTerms: 'yes' },
      { name: 'Pat' },
      { name: 'a'.repeat(201), agreeTerms: true, version: 1 },
      { name: 'Pat\u0000', agreeTerms: true, version: 1 },
      { name: 'Pat', agreeTerms: true, version: 1, signature: 5 },
      { name: 'Pat', agreeTerms: true, version: 1, signature: 'javascript:alert(1)' },
      [],
    ];
    for (const body of bad) {
      const res = await request(t.app)
        .post(`/api/public/quotes/${token}/accept`)
        .send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const longReason = await decline(token, { reason: 'x'.repeat(1001) });
    expect(longReason.status).toBe(400);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(a.auth)).body.data.status).toBe('SENT');
    expect(await rowsOf(sql`select 1 from quote_responses where quote_id = ${quote.id}`)).toHaveLength(0);
  });

  it('when a wrong token carries a bad body, then still the 404 (nothing tells tokens apart)', async () => {
    const res = await accept(randomToken(), { name: '' });
    expect([res.status, res.body.error]).toEqual([404, SHARE_MESSAGES.linkInvalid]);
    const short = await accept('abc', {});
    expect([short.status, short.body.error]).toEqual([404, SHARE_MESSAGES.linkInvalid]);
  });

  it('when the token is wrong or %00, then 404 before the body is parsed (malformed JSON or a non-JSON body included)', async () => {
    for (const token of [randomToken(), '%00', 'abc']) {
      const broken = await request(t.app).post(`/api/public/quotes/${token}/accept`).set('Content-Type', 'application/json').send('{"name": "Pat", ');
      expect([broken.status, broken.body.error], token).toEqual([404, SHARE_MESSAGES.linkInvalid]);
      const text = await request(t.app).post(`/api/public/quotes/${token}/decline`).set('Content-Type', 'text/plain').send('hello');
      expect([text.status, text.body.error], token).toEqual([404, SHARE_MESSAGES.linkInvalid]);
    }
  });

  it('when a quote is already accepted, then a second accept answers 409 before its signature is decoded (an undecodable image is never looked at)', async () => {
    const { token } = await sharedQuote();
    await accept(token).expect(200);
    const notAnImage = `data:image/png;base64,${Buffer.from('not a png at all').toString('base64')}`;
    const res = await accept(token, { name: 'Pat Customer', agreeTerms: true, signature: notAnImage });
    expect([res.status, res.body.error]).toEqual([409, SHARE_MESSAGES.alreadyAccepted]);
    const junk = await request(t.app).post(`/api/public/quotes/${token}/accept`).set('Content-Type', 'application/json').send('{"name": ');
    expect([junk.status, junk.body.error]).toEqual([409, SHARE_MESSAGES.alreadyAccepted]);
  });

  it('when the customer accepts with a signature, then APPROVED, the record is kept, history and notification, and the PDF prints it', async () => {
    const { quote, token } = await sharedQuote();
    const signature = dataUrl('image/png', makePng(300, 100));
    const res = await accept(token, { name: 'Pat Customer', agreeTerms: true, version: 1, signature }).set('User-Agent', 'PhoneBrowser/1.0');
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status).toBe('APPROVED');
    expect(res.body.data.acceptance).toMatchObject({ name: 'Pat Customer', signature: expect.stringMatching(/^data:image\/png;base64,/) });
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(a.auth)).body.data.status).toBe('APPROVED');
    const [record] = await rowsOf<Record<string, unknown>>(
      sql`select decision, name, ip, user_agent, signature is not null as signed from quote_responses where quote_id = ${quote.id}`,
    );
    expect(record).toMatchObject({ decision: 'accepted', name: 'Pat Customer', user_agent: 'PhoneBrowser/1.0', signed: true });
    expect(record!.ip).toEqual(expect.any(String));
    expect((await history('quotes', quote.id)).at(-1)).toMatchObject({ action: 'accepted', summary: 'Accepted by Pat Customer' });
    const n = (await notes()).items[0];
    expect(n).toMatchObject({ kind: 'accepted', documentId: quote.id, documentKind: 'quote', readAt: null });
    const own = (await request(t.app).get(`/api/quotes/${quote.id}/acceptance`).set(a.auth).expect(200)).body.data;
    expect(own).toMatchObject({ name: 'Pat Customer', signature: expect.stringMatching(/^data:image\/png/) });
    const pdf = await request(t.app).get(`/api/quotes/${quote.id}/preview`).set(a.auth).buffer(true).parse(binary).expect(200);
    const { text, raw } = await readPdf(pdf.body as Buffer);
    expect(text).toMatch(/Accepted by Pat Customer on \d{1,2} \w+ \d{4}/);
    expect(raw).toMatch(/\/Subtype\s*\/Image/);
  });

  it('when accepted twice or declined after, then 409 "already been accepted" and nothing changes', async () => {
    const { quote, token } = await sharedQuote();
    await accept(token).expect(200);
    const again = await accept(token);
    expect([again.status, again.body.error]).toEqual([409, SHARE_MESSAGES.alreadyAccepted]);
    const flip = await decline(token, { reason: 'Changed my mind' });
    expect([flip.status, flip.body.error]).toEqual([409, SHARE_MESSAGES.alreadyAccepted]);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(a.auth)).body.data.status).toBe('APPROVED');
  });

  it('when the customer declines with a reason, then DECLINED; replaying an acceptance cannot flip it', async () => {
    const { quote, token } = await sharedQuote();
    const res = await decline(token, { reason: 'Too dear' });
    expect([res.status, res.body.data?.status]).toEqual([200, 'DECLINED']);
    expect((await history('quotes', quote.id)).at(-1)).toMatchObject({ action: 'declined', summary: 'Declined by the client: Too dear' });
    const replay = await accept(token, { name: 'Pat', agreeTerms: true, version: 1, signature: dataUrl('image/png', makePng()) });
    expect([replay.status, replay.body.error]).toEqual([409, SHARE_MESSAGES.alreadyDeclined]);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(a.auth)).body.data.status).toBe('DECLINED');
    const n = (await notes()).items.find((x: { documentId: string; kind: string }) => x.documentId === quote.id && x.kind === 'declined');
    expect(n.summary).toContain('Too dear');
  });

  it('when the business approved, declined or reverted the quote meanwhile, then 409 with why, or the 404 for a draft', async () => {
    const { quote, token } = await sharedQuote();
    await act(t.app, a, 'quotes', quote.id, 'approve').expect(200);
    expect((await decline(token)).body.error).toBe(SHARE_MESSAGES.alreadyAccepted);
    const other = await sharedQuote();
    await act(t.app, a, 'quotes', other.quote.id, 'decline').expect(200);
    expect((await accept(other.token)).body.error).toBe(SHARE_MESSAGES.alreadyDeclined);
    // Back to draft: not for the customer's eyes until issued again.
    await act(t.app, a, 'quotes', other.quote.id, 'revert').expect(200);
    expect((await accept(other.token)).status).toBe(404);
    expect((await view(other.token)).status).toBe(404);
  });

  it('when two accepts arrive at once, then one APPROVED and one 409', async () => {
    const { quote, token } = await sharedQuote();
    const results = await Promise.all([
      accept(token, { name: 'First', agreeTerms: true, version: 1 }),
      accept(token, { name: 'Second', agreeTerms: true, version: 1 }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await rowsOf<{ n: number }>(sql`select count(*)::int as n from quote_responses where quote_id = ${quote.id}`);
    expect(rows[0]!.n).toBe(1);
  });

  it('when the signature is not a PNG, too large or not an image, then 400 and the quote stays SENT', async () => {
    const { quote, token } = await sharedQuote();
    const base = { name: 'Pat', agreeTerms: true, version: 1 };
    const jpeg = await accept(token, { ...base, signature: dataUrl('image/jpeg', makeJpeg()) });
    expect([jpeg.status, jpeg.body.error]).toEqual([400, SHARE_MESSAGES.signatureType]);
    const fake = await accept(token, { ...base, signature: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` });
    expect([fake.status, fake.body.error]).toEqual([400, SHARE_MESSAGES.signatureType]);
    const big = await accept(token, { ...base, signature: dataUrl('image/png', makePng(4, 3, 210 * 1024)) });
    expect([big.status, big.body.error]).toEqual([400, SHARE_MESSAGES.signatureSize]);
    expect((await request(t.app).get(`/api/quotes/${quote.id}`).set(a.auth)).body.data.status).toBe('SENT');
  });
});

describe('notifications', () => {
  it('when a payment is recorded, then a "payment recorded" notification; marking by id and all clears the unread count', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = (await createClient(t.app, u)).id;
    const inv = await createInvoice(t.app, u, c);
    await act(t.app, u, 'invoices', inv.id, 'send').expect(200);
    await request(t.app).post(`/api/invoices/${inv.id}/payments`).set(u.auth).send({ amount: 1, method: 'CASH' }).expect(201);
    const q = await createQuote(t.app, u, c);
    const { token } = await share('quotes', q.id, u);
    await view(token).expect(200);
    const list = await notes(u);
    expect(list.unread).toBe(2);
    expect(list.items.map((n: { kind: string }) => n.kind)).toEqual(['viewed', 'payment recorded']);
    const paged = (await request(t.app).get('/api/notifications?limit=1').set(u.auth).expect(200)).body.data;
    expect(paged.items).toHaveLength(1);
    const next = (await request(t.app).get(`/api/notifications?limit=1&cursor=${paged.nextCursor}`).set(u.auth).expect(200)).body.data;
    expect(next.items[0].kind).toBe('payment recorded');
    // B cannot mark U's notifications read.
    await request(t.app)
      .post('/api/notifications/read')
      .set(b.auth)
      .send({ ids: [list.items[0].id] })
      .expect(200);
    expect((await notes(u)).unread).toBe(2);
    expect(
      (
        await request(t.app)
          .post('/api/notifications/read')
          .set(u.auth)
          .send({ ids: [list.items[0].id] })
          .expect(200)
      ).body.data,
    ).toEqual({ unread: 1 });
    expect((await request(t.app).post('/api/notifications/read').set(u.auth).send({}).expect(200)).body.data).toEqual({ unread: 0 });
    expect(
      (
        await request(t.app)
          .post('/api/notifications/read')
          .set(u.auth)
          .send({ ids: ['nope'] })
      ).status,
    ).toBe(400);
  });
});

describe('logs', () => {
  it('when a link is used, then the request log prints :token in its place, never the token', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = createApp({ ...t.ctx, logger });
    const { token } = await sharedQuote();
    await request(app).get(`/api/public/documents/${token}`).expect(200);
    await request(app).post(`/api/public/quotes/${token}/decline`).send({ reason: 'Too dear' }).expect(200);
    const text = lines.join('');
    expect(text).toContain('/api/public/documents/:token');
    expect(text).toContain('/api/public/quotes/:token/decline');
    expect(text).not.toContain(token);
    expect(text).not.toContain('Too dear');
  });
});

describe('guessing tokens', () => {
  it('when 1,000 random tokens are tried, then every one is the same 404', async () => {
    // one listening server and kept-alive connections for the thousand (supertest listens anew each time)
    const server = await listen(t.app);
    try {
      const bodies = new Set<string>();
      for (let i = 0; i < 1000; i++) {
        const res = await server.send('get', `/api/public/documents/${randomToken()}`);
        expect(res.status).toBe(404);
        bodies.add(res.text);
      }
      expect(bodies.size).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('when one IP goes over the public limit, then 429 (the rate limit engages)', async () => {
    const limited = await createTestApp({ publicRateLimitPerMinute: 20 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push((await request(limited.app).get(`/api/public/documents/${randomToken()}`)).status);
      expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
      expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    } finally {
      await limited.close();
    }
  });
});
