import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from './test-app.ts';
import { ROUTES, type OwnIds } from './adversarial/routes.ts';
import { fillPath, fingerprint } from './adversarial/support.ts';

/**
 * Issue 30, point 15 (docs/product.md, "Strict request bodies"): a key no schema knows is refused
 * with 400 naming it, on every route that takes a body, and nothing is written.
 */
let t: TestApp;
let user: TestUser;
let ids: OwnIds;
const line = { description: 'Labour', quantity: 1, unitPrice: 40 };
beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, quotesPerMonth: -1, maxClients: -1 } });
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  const clientId = (await request(t.app).post('/api/clients').set(user.auth).send(sampleClient()).expect(201)).body.data.id;
  const itemId = (await request(t.app).post('/api/items').set(user.auth).send({ name: 'Pipe', description: '15 mm', price: 3 }).expect(201)).body.data.id;
  const quoteId = (
    await request(t.app)
      .post('/api/quotes')
      .set(user.auth)
      .send({ clientId, lineItems: [line], tax: 20 })
      .expect(201)
  ).body.data.id;
  const invoiceId = (
    await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send({ clientId, lineItems: [line], tax: 20 })
      .expect(201)
  ).body.data.id;
  const sentInvoiceId = (
    await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send({ clientId, lineItems: [line], tax: 20 })
      .expect(201)
  ).body.data.id;
  await request(t.app).patch(`/api/invoices/${sentInvoiceId}/send`).set(user.auth).expect(200);
  const eventId = (
    await request(t.app)
      .post('/api/calendar')
      .set(user.auth)
      .send({ title: 'Visit', startDate: '2030-01-01T09:00:00Z', endDate: '2030-01-01T10:00:00Z' })
      .expect(201)
  ).body.data.id;
  const recurringId = (
    await request(t.app)
      .post('/api/recurring-invoices')
      .set(user.auth)
      .send({ clientId, lineItems: [line], tax: 20, frequency: 'MONTHLY', startDate: '2030-01-31', dueDays: 14, autoSend: false })
      .expect(201)
  ).body.data.id;
  ids = { clientId, itemId, quoteId, invoiceId, sentInvoiceId, eventId, recurringId };
});
afterAll(() => t.close());

const send = (method: string, path: string, body: object, auth = true) => {
  const r = (request(t.app) as unknown as Record<string, (p: string) => request.Test>)[method]!(`/api${path}`);
  return (auth ? r.set(user.auth) : r).send(body);
};
const UNKNOWN = 'zzNotAField';

describe('point 15: unknown keys in a body', () => {
  const withBodies = ROUTES.filter((r) => r.body);
  it.each(withBodies.map((r) => [`${r.method.toUpperCase()} ${r.path}`, r] as const))(
    'when %s gets an unknown key beside a valid body, then 400 names it and nothing is written',
    async (_label, r) => {
      const path = fillPath(r.path, Object.fromEntries(Object.entries(r.own ?? {}).map(([param, key]) => [param, ids[key]!])));
      const before = await fingerprint(t.ctx.db);
      const signedIn = !r.path.startsWith('/auth/') || ['/auth/resend-verification', '/auth/switch', '/auth/me'].includes(r.path);
      const res = await send(r.method, path, { ...r.body!.valid(ids), [UNKNOWN]: 1 }, signedIn);
      expect(res.status, res.text).toBe(400);
      expect(res.body.details?.[UNKNOWN]).toBe(`Unknown field: ${UNKNOWN}`);
      expect(await fingerprint(t.ctx.db)).toEqual(before);
    },
  );

  it("when a credit note says 'lines' instead of 'lineItems', then 400 'Unknown field: lines' and nothing is credited (not the whole invoice)", async () => {
    const res = await send('post', `/invoices/${ids.sentInvoiceId}/credit-notes`, {
      reason: 'Refund',
      lines: [{ description: 'Part', quantity: 1, unitPrice: 12 }],
    });
    expect([res.status, res.body.error]).toEqual([400, 'Unknown field: lines']);
    expect((await send('get', `/invoices/${ids.sentInvoiceId}`, {})).body.data).toMatchObject({ amountCredited: 0, creditNotes: [] });
  });

  it('when a nested object carries an unknown key (a line, bank details, a template), then 400 names its path', async () => {
    const lineRes = await send('post', '/quotes', { clientId: ids.clientId, tax: 20, lineItems: [{ ...line, amount: 40 }] });
    expect([lineRes.status, lineRes.body.error]).toEqual([400, 'Unknown field: lineItems.0.amount']);
    const bank = await send('put', '/company', sampleCompany({ bankDetails: { bankName: 'Barclays', branch: 'Leeds' } }));
    expect([bank.status, bank.body.error]).toEqual([400, 'Unknown field: bankDetails.branch']);
    const template = await send('put', '/company/email-templates', { quote: { subject: 'Quote', body: 'Hello', footer: 'x' } });
    expect([template.status, template.body.error]).toEqual([400, 'Unknown field: quote.footer']);
    const totals = await send('post', '/invoices', { clientId: ids.clientId, lineItems: [line], tax: 20, total: 1 });
    expect([totals.status, totals.body.error]).toEqual([400, 'Unknown field: total']);
  });

  it('when the public accept or decline of a live link gets an unknown key, then 400 names it and the quote stays SENT', async () => {
    const url = (await send('post', `/quotes/${ids.quoteId}/share`, {}).expect(201)).body.data.url as string;
    const token = url.split('/p/')[1]!;
    const version = (await request(t.app).get(`/api/public/documents/${token}`).expect(200)).body.data.version;
    const accept = await send('post', `/public/quotes/${token}/accept`, { name: 'Pat', agreeTerms: true, version, [UNKNOWN]: 1 }, false);
    expect([accept.status, accept.body.error]).toEqual([400, `Unknown field: ${UNKNOWN}`]);
    const decline = await send('post', `/public/quotes/${token}/decline`, { reason: 'Too dear', [UNKNOWN]: 1 }, false);
    expect([decline.status, decline.body.error]).toEqual([400, `Unknown field: ${UNKNOWN}`]);
    expect((await send('get', `/quotes/${ids.quoteId}`, {})).body.data.status).toBe('SENT');
  });
});
