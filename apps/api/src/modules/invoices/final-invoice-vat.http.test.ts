import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createQuote, getBinary, pdfTextOf } from '../../../test/document-fixtures.ts';

/**
 * A final invoice's VAT per code is what is left of its quote's VAT (docs/product.md, "Invoicing
 * a quote in stages"), which its own net x rate can miss by a penny. Every place that shows the
 * final's figures (answer, PDF, credit note, VAT return, UBL, CSV, what the quote counts as
 * invoiced) must show that stored VAT, never the recomputed one.
 *
 * The quote: £100.03 at 20% (VAT £20.006 → £20.01) and £10.00 at 5% (£0.50): £130.54.
 * A 50% deposit: £50.02 at 20% (VAT £10.004 → £10.00) and £5.00 at 5% (£0.25): £65.27.
 * The final: £50.01 at 20% with VAT £10.01 (not £50.01 x 20% = £10.00) and £5.00 at 5% (£0.25).
 */
let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await registerUser(t.app);
  expect((await request(t.app).post('/api/company').set(user.auth).send(sampleCompany())).status).toBe(201);
});
afterAll(() => t.close());

const binary = (path: string) => getBinary(t.app, user, path);
const pdfText = async (path: string) => {
  const res = await binary(path);
  expect(res.status).toBe(200);
  return pdfTextOf(res.body as Buffer);
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function depositAndFinal() {
  const c = await createClient(t.app, user, { isBusiness: true, vatNumber: 'GB999999973' });
  const quote = await createQuote(t.app, user, c.id, {
    lineItems: [
      { description: 'Rewire', quantity: 1, unitPrice: 100.03, vat: 'STANDARD' },
      { description: 'Insulation', quantity: 1, unitPrice: 10, vat: 'REDUCED' },
    ],
    tax: 20,
  });
  await act(t.app, user, 'quotes', quote.id, 'send');
  await act(t.app, user, 'quotes', quote.id, 'approve');
  const draft = (await request(t.app).post(`/api/quotes/${quote.id}/invoices`).set(user.auth).send({ type: 'DEPOSIT', percent: 50 })).body.data;
  // A final waits for the quote's drafts: the deposit is issued (and numbered) first.
  const deposit = (await act(t.app, user, 'invoices', draft.id, 'send')).body.data;
  const res = await request(t.app).post(`/api/quotes/${quote.id}/invoices`).set(user.auth).send({ type: 'FINAL' });
  expect(res.status).toBe(201);
  return { quote, deposit, final: res.body.data };
}

const standardOf = (doc: { vatBreakdown: { vat: string; net: number; vatAmount: number }[] }) => doc.vatBreakdown.find((g) => g.vat === 'STANDARD');

describe('a final invoice whose VAT per code is what was left of the quote', () => {
  it('when the final is raised, then its VAT breakdown is the remainder per code and adds up to its VAT and total', async () => {
    const { quote, deposit, final } = await depositAndFinal();
    expect(deposit).toMatchObject({ subtotal: 55.02, taxAmount: 10.25, total: 65.27 });
    expect(final).toMatchObject({ subtotal: 55.01, taxAmount: 10.26, total: 65.27 });
    expect(final.vatBreakdown).toEqual([
      { vat: 'STANDARD', rate: 20, net: 50.01, vatAmount: 10.01, reverseCharge: false },
      { vat: 'REDUCED', rate: 5, net: 5, vatAmount: 0.25, reverseCharge: false },
    ]);
    const q = (await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data;
    expect(q).toMatchObject({ total: 130.54, invoicedAmount: 130.54, remainingAmount: 0 });
    // Read back, one and in the list, the answer carries the same stored figures.
    const one = (await request(t.app).get(`/api/invoices/${final.id}`).set(user.auth)).body.data;
    expect(one.vatBreakdown).toEqual(final.vatBreakdown);
    const listed = (await request(t.app).get('/api/invoices?limit=100').set(user.auth)).body.data;
    expect((listed.items ?? listed).find((i: { id: string }) => i.id === final.id).vatBreakdown).toEqual(final.vatBreakdown);
  });

  it('when the final is issued, then its PDF, UBL and CSV row carry the stored VAT', async () => {
    const { final: draft } = await depositAndFinal();
    const sent = await act(t.app, user, 'invoices', draft.id, 'send');
    expect(sent.status).toBe(200);
    const final = sent.body.data;
    const text = await pdfText(`/api/invoices/${final.id}/preview`);
    expect(text).toMatch(/VAT at 20% on £50\.01 £10\.01/);
    expect(text).toMatch(/VAT at 5% on £5\.00 £0\.25/);
    expect(text).toMatch(/Total due £65\.27/);

    const ubl = String((await request(t.app).get(`/api/invoices/${final.id}/ubl`).set(user.auth).buffer(true)).text);
    const subtotals = [...ubl.matchAll(/<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/g)].map((m) => m[0]);
    const standard = subtotals.find((s) => /<cbc:Percent>20(\.00)?<\/cbc:Percent>/.test(s));
    expect(standard).toMatch(/<cbc:TaxableAmount currencyID="GBP">50\.01<\/cbc:TaxableAmount>/);
    expect(standard).toMatch(/<cbc:TaxAmount currencyID="GBP">10\.01<\/cbc:TaxAmount>/);
    expect(ubl).toMatch(/<cbc:TaxInclusiveAmount currencyID="GBP">65\.27<\/cbc:TaxInclusiveAmount>/);

    const csv: string = (await binary(`/api/exports/invoices.csv?from=${day(-1)}&to=${day(1)}`)).body.toString('utf8').replace(/^\uFEFF/, '');
    const [header, ...rows] = csv.trim().split(/\r?\n/);
    const cols = header!.split(',');
    const row = rows.find((r) => r.startsWith(`${final.invoiceNumber},`))!.split(',');
    expect(row[cols.indexOf('VAT STANDARD')]).toBe('10.01');
    expect(row[cols.indexOf('VAT')]).toBe('10.26');
  });

  it('when the whole final is credited, then the credit note credits the same VAT per code, the VAT return nets to nothing and the quote counts only the deposit', async () => {
    const { quote, final } = await depositAndFinal();
    await act(t.app, user, 'invoices', final.id, 'send');
    const before = (
      await request(t.app)
        .get(`/api/reports/vat?from=${day(-1)}&to=${day(1)}&basis=invoice`)
        .set(user.auth)
    ).body.data;
    const cn = await request(t.app).post(`/api/invoices/${final.id}/credit-notes`).set(user.auth).send({ reason: 'Job cancelled' });
    expect(cn.status).toBe(201);
    expect(cn.body.data).toMatchObject({ subtotal: 55.01, taxAmount: 10.26, total: 65.27 });
    expect(standardOf(cn.body.data)).toMatchObject({ net: 50.01, vatAmount: 10.01 });
    const cnText = await pdfText(`/api/credit-notes/${cn.body.data.id}/preview`);
    expect(cnText).toMatch(/VAT credited at 20% on -?£50\.01 -?£10\.01/);
    expect((await request(t.app).get(`/api/invoices/${final.id}`).set(user.auth)).body.data.status).toBe('CREDITED');

    const after = (
      await request(t.app)
        .get(`/api/reports/vat?from=${day(-1)}&to=${day(1)}&basis=invoice`)
        .set(user.auth)
    ).body.data;
    // The final and its credit cancel out exactly: box 1 is back where it was before the final was issued.
    expect(Math.round((after.box1 - before.box1) * 100)).toBe(-1026);
    const q = (await request(t.app).get(`/api/quotes/${quote.id}`).set(user.auth)).body.data;
    // Only the deposit still counts; a final, even credited, closes the quote to further invoicing.
    expect(q).toMatchObject({ invoicedAmount: 65.27, remainingAmount: 0 });
  });
});
