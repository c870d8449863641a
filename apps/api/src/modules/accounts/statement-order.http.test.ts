import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, getBinary } from '../../../test/document-fixtures.ts';
import { dataUrl, makePng } from '../../../test/image-fixtures.ts';

/** issue 34, points 6 and 10: same-day entries in the order they were recorded; the statement carries the logo. */
let t: TestApp;
let user: TestUser;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1 } });
  user = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, user, { name: 'Same Day Ltd' })).id;
});
afterAll(() => t.close());

async function issued(pounds: number) {
  const inv = await createInvoice(t.app, user, clientId, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: pounds }], tax: 0 });
  const sent = await act(t.app, user, 'invoices', inv.id, 'send');
  expect(sent.status).toBe(200);
  return sent.body.data as { id: string; invoiceNumber: string };
}
const pay = (id: string, amount: number, reference: string) =>
  request(t.app).post(`/api/invoices/${id}/payments`).set(user.auth).send({ amount, reference }).expect(201);
const pdfText = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, ' ');

describe('same-day order (docs/product.md, "Client accounts" and "Exports")', () => {
  it('when two invoices and two payments fall on one day, then the statement lists them in the order they were recorded', async () => {
    const first = await issued(500);
    const second = await issued(300);
    await pay(first.id, 100, 'PART');
    await pay(first.id, 400, 'FINAL');
    const res = await getBinary(t.app, user, `/api/clients/${clientId}/statement`);
    expect(res.status).toBe(200);
    const text = pdfText(res.body as Buffer);
    const at = (needle: string) => {
      const i = text.indexOf(needle);
      expect(i, needle).toBeGreaterThanOrEqual(0);
      return i;
    };
    expect(at(`Invoice ${first.invoiceNumber}`)).toBeLessThan(at(`Invoice ${second.invoiceNumber}`));
    expect(at('(PART)')).toBeLessThan(at('(FINAL)'));
  });

  it('when eight payments are recorded on one day, then the payments CSV lists them in that order', async () => {
    const inv = await issued(2000);
    const amounts = [200, 217.98, 308.61, 12.5, 99.99, 150, 40.01, 75];
    for (const [i, amount] of amounts.entries()) await pay(inv.id, amount, `R${i}`);
    const res = await getBinary(t.app, user, '/api/exports/payments.csv');
    expect(res.status).toBe(200);
    const refs = [...(res.body as Buffer).toString('utf8').matchAll(/,R(\d)\r?$/gm)].map((m) => Number(m[1]));
    expect(refs).toEqual(amounts.map((_, i) => i));
  });

  it('when the company has a logo, then the client statement PDF embeds it, as its invoices do', async () => {
    const before = await getBinary(t.app, user, `/api/clients/${clientId}/statement`);
    expect((before.body as Buffer).toString('latin1')).not.toContain('/Subtype /Image');
    await request(t.app)
      .post('/api/company/logo')
      .set(user.auth)
      .send({ logo: dataUrl('image/png', makePng(40, 20)) })
      .expect(200);
    const after = await getBinary(t.app, user, `/api/clients/${clientId}/statement`);
    expect(after.status).toBe(200);
    expect((after.body as Buffer).toString('latin1')).toContain('/Subtype /Image');
  });
});
