import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let u: TestUser;
let clientId: string;

interface Line {
  id: string;
  amount: number;
  explained: boolean;
  explanation: Record<string, unknown> | null;
  suggestions: { invoiceId: string; invoiceNumber: string; amount: number; confidence: number }[];
}
const explain = (id: string, body: unknown) =>
  request(t.app)
    .post(`/api/bank-lines/${id}/explain`)
    .set(u.auth)
    .send(body as object);
const undo = (id: string) => request(t.app).delete(`/api/bank-lines/${id}/explain`).set(u.auth);
const invoice = async (pounds: number) => {
  const res = await request(t.app)
    .post('/api/invoices')
    .set(u.auth)
    .send(invoiceBody(clientId, { lineItems: [{ description: 'Work', quantity: 1, unitPrice: pounds }], tax: 0, dueDate: '2031-04-30' }));
  expect((await act(t.app, u, 'invoices', res.body.data.id, 'send')).status).toBe(200);
  // The number is given at issue: read the sent invoice, not the draft's answer.
  return (await request(t.app).get(`/api/invoices/${res.body.data.id}`).set(u.auth)).body.data as { id: string; invoiceNumber: string };
};
const getInvoice = async (id: string) =>
  (await request(t.app).get(`/api/invoices/${id}`).set(u.auth)).body.data as { status: string; balanceDue: number; total: number };
async function statement(rows: [string, number][]) {
  const a = await request(t.app)
    .post('/api/bank-accounts')
    .set(u.auth)
    .send({ name: `Bank ${Math.random()}` });
  const csv = `Date,Description,Amount,Balance\n${rows.map(([d, amt], i) => `01/03/2099,${d} ${i},${amt.toFixed(2)},`).join('\n')}\n`;
  expect(
    (
      await request(t.app)
        .post(`/api/bank-accounts/${a.body.data.id}/statements?format=csv&preset=santander`)
        .set(u.auth)
        .set('content-type', 'text/csv')
        .send(csv)
    ).status,
  ).toBe(200);
  const lines = async (status = '') => (await request(t.app).get(`/api/bank-accounts/${a.body.data.id}/lines${status}`).set(u.auth)).body.data as Line[];
  return { id: a.body.data.id as string, lines };
}

beforeAll(async () => {
  t = await createTestApp();
  u = await registerUser(t.app);
  await request(t.app).post('/api/company').set(u.auth).send(sampleCompany());
  clientId = (await createClient(t.app, u, { name: 'Hilda Baker' })).id;
});
afterAll(() => t.close());

describe('POST /api/bank-lines/{id}/explain', () => {
  it('when a suggested match is confirmed, then a BANK payment is recorded, the invoice is PAID, and undo puts it back', async () => {
    const inv = await invoice(250);
    const s = await statement([[`HILDA BAKER ${inv.invoiceNumber}`, 250]]);
    const [line] = await s.lines('?status=unexplained');
    expect(line!.suggestions[0]).toMatchObject({ invoiceId: inv.id, confidence: 1 });
    const res = await explain(line!.id, { type: 'INVOICE_PAYMENT', allocations: [{ invoiceId: inv.id, amount: 250 }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ explained: true, explanation: { type: 'INVOICE_PAYMENT' } });
    expect((await getInvoice(inv.id)).status).toBe('PAID');
    const pays = (await request(t.app).get('/api/payments').set(u.auth)).body.data as { invoiceId: string; method: string; reference: string }[];
    expect(pays.find((p) => p.invoiceId === inv.id)).toMatchObject({ method: 'BANK_TRANSFER', reference: expect.stringContaining('HILDA BAKER') });
    expect((await explain(line!.id, { type: 'OTHER_INCOME' })).status).toBe(409);
    expect((await undo(line!.id)).body.data).toMatchObject({ explained: false });
    expect(await getInvoice(inv.id)).toMatchObject({ status: 'SENT', balanceDue: 250 });
    expect(await s.lines('?status=explained')).toEqual([]);
  });

  it('when one line pays two invoices, then both become PAID; allocations that do not add up change nothing', async () => {
    const a = await invoice(100);
    const b = await invoice(60.5);
    const s = await statement([['TWO INVOICES', 160.5]]);
    const [line] = await s.lines();
    const short = await explain(line!.id, { type: 'INVOICE_PAYMENT', allocations: [{ invoiceId: a.id, amount: 100 }] });
    expect([short.status, short.body.error]).toEqual([400, 'The allocations must add up to the money in on the line (£160.50)']);
    const over = await explain(line!.id, {
      type: 'INVOICE_PAYMENT',
      allocations: [
        { invoiceId: a.id, amount: 150 },
        { invoiceId: b.id, amount: 10.5 },
      ],
    });
    expect(over.status).toBe(409);
    expect((await getInvoice(a.id)).status).toBe('SENT');
    expect(
      (
        await explain(line!.id, {
          type: 'INVOICE_PAYMENT',
          allocations: [
            { invoiceId: a.id, amount: 100 },
            { invoiceId: b.id, amount: 60.5 },
          ],
        })
      ).status,
    ).toBe(200);
    expect((await getInvoice(a.id)).status).toBe('PAID');
    expect((await getInvoice(b.id)).status).toBe('PAID');
  });

  it('when money out becomes an expense, then the expense is paid from the bank and undo deletes it; the wrong total is refused', async () => {
    const s = await statement([['SCREWFIX', -120]]);
    const [line] = await s.lines();
    const expense = { date: '2099-03-01', supplier: 'Screwfix', category: 'COST_OF_GOODS', net: 100, vat: 'STANDARD' };
    expect((await explain(line!.id, { type: 'EXPENSE', expense: { ...expense, net: 90 } })).body.error).toBe(
      'The expense total must equal the money out on the line (£120.00)',
    );
    expect((await explain(line!.id, { type: 'INVOICE_PAYMENT', allocations: [{ invoiceId: clientId, amount: 1 }] })).status).toBe(400);
    const res = await explain(line!.id, { type: 'EXPENSE', expense });
    expect(res.status, res.text).toBe(200);
    const expenseId = res.body.data.explanation.expenseId as string;
    expect((await request(t.app).get(`/api/expenses/${expenseId}`).set(u.auth)).body.data).toMatchObject({ total: 120, vatAmount: 20, paidFrom: 'BANK' });
    await undo(line!.id);
    expect((await request(t.app).get(`/api/expenses/${expenseId}`).set(u.auth)).status).toBe(404);
  });

  it('when a line is marked transfer, drawings, tax or other income, then the direction must fit; bad bodies and other accounts change nothing', async () => {
    const s = await statement([
      ['TO SAVINGS', -500],
      ['HMRC VAT', -300],
      ['INTEREST', 1.2],
    ]);
    const all = await s.lines();
    const named = (text: string) => all.find((l) => (l as unknown as { description: string }).description.startsWith(text));
    const [out, tax, interest] = [named('TO SAVINGS'), named('HMRC VAT'), named('INTEREST')];
    expect((await explain(out!.id, { type: 'OTHER_INCOME' })).status).toBe(400);
    expect((await explain(out!.id, { type: 'TRANSFER', note: 'Savings' })).body.data).toMatchObject({
      explained: true,
      explanation: { type: 'TRANSFER', note: 'Savings' },
    });
    expect((await explain(tax!.id, { type: 'TAX' })).status).toBe(200);
    expect((await explain(interest!.id, { type: 'DRAWINGS' })).status).toBe(400);
    expect((await explain(interest!.id, { type: 'OTHER_INCOME', extra: 1 })).status).toBe(400);
    expect((await explain(interest!.id, { type: 'GIFT' })).status).toBe(400);
    const stranger = await registerUser(t.app);
    expect((await request(t.app).post(`/api/bank-lines/${interest!.id}/explain`).set(stranger.auth).send({ type: 'OTHER_INCOME' })).status).toBe(404);
    expect((await request(t.app).delete(`/api/bank-lines/${out!.id}/explain`).set(stranger.auth)).status).toBe(404);
    expect((await s.lines('?status=unexplained')).map((l) => l.id)).toEqual([interest!.id]);
    expect((await undo(interest!.id)).status).toBe(409);
  });
});

describe('reconciliation property', () => {
  it('when any set of matches is confirmed and some undone, then every line is explained at most once and each invoice balance is its total less its payments', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 1, max: 500 }), fc.boolean(), fc.boolean()), { minLength: 1, maxLength: 4 }), async (cases) => {
        const invoices: { id: string; invoiceNumber: string; pounds: number }[] = [];
        for (const [pounds] of cases) invoices.push({ ...(await invoice(pounds)), pounds });
        const s = await statement(cases.map(([pounds], i) => [`PAY ${invoices[i]!.invoiceNumber}`, pounds]));
        const lines = await s.lines();
        const paid = new Map<string, number>();
        for (const [i, [, confirm, undoIt]] of cases.entries()) {
          if (!confirm) continue;
          const inv = invoices[i]!;
          const line = lines.find((l) => l.suggestions.some((x) => x.invoiceId === inv.id && x.confidence === 1))!;
          expect((await explain(line.id, { type: 'INVOICE_PAYMENT', allocations: [{ invoiceId: inv.id, amount: inv.pounds }] })).status).toBe(200);
          // a second confirmation of the same line is refused
          expect((await explain(line.id, { type: 'INVOICE_PAYMENT', allocations: [{ invoiceId: inv.id, amount: inv.pounds }] })).status).toBe(409);
          if (undoIt) expect((await undo(line.id)).status).toBe(200);
          else paid.set(inv.id, inv.pounds);
        }
        const after = await s.lines();
        expect(after.filter((l) => l.explained)).toHaveLength(paid.size);
        for (const inv of invoices) {
          const got = await getInvoice(inv.id);
          expect(got.balanceDue).toBe(inv.pounds - (paid.get(inv.id) ?? 0));
          expect(got.status).toBe(paid.has(inv.id) ? 'PAID' : 'SENT');
        }
      }),
      { numRuns: 8, seed: 36 },
    );
  });
});
