import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import fc from 'fast-check';
import { MTD_MESSAGES } from '@docket/schemas/mtd';
import { vatReturns } from '../../db/schema.ts';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody } from '../../../test/document-fixtures.ts';

let t: TestApp;
let u: TestUser;
let clientId: string;

interface Line {
  id: string;
  description: string;
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

  it('when the VAT return holding an explained expense is filed, then undo is refused with 409 and the line and its expense both stay', async () => {
    const s = await statement([['TOOLSTATION', -60]]);
    const [line] = await s.lines();
    const made = await explain(line!.id, {
      type: 'EXPENSE',
      expense: { date: '2099-03-01', supplier: 'Toolstation', category: 'REPAIRS', net: 50, vat: 'STANDARD' },
    });
    expect(made.status, made.text).toBe(200);
    const expenseId = made.body.data.explanation.expenseId as string;
    await t.ctx.db.insert(vatReturns).values({
      accountId: u.id, // an owner's own business account has the owner's id
      vrn: '123456782',
      periodKey: '99A1',
      periodStart: '2099-01-01',
      periodEnd: '2099-03-31',
      basis: 'invoice',
      body: {},
      processingDate: '2099-04-10T10:00:00Z',
      formBundleNumber: '123456789012',
    });
    try {
      const res = await undo(line!.id);
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(MTD_MESSAGES.locked('2099-01-01 to 2099-03-31'));
      // Before the fix the refusal was swallowed: the line read unexplained while its expense still counted in box 4.
      expect((await s.lines('?status=explained')).map((l) => l.id)).toEqual([line!.id]);
      expect((await request(t.app).get(`/api/expenses/${expenseId}`).set(u.auth)).status).toBe(200);
    } finally {
      await t.ctx.db.delete(vatReturns);
    }
  });

  it('when the expense a line made was deleted by hand, then undo still frees the line', async () => {
    const s = await statement([['WICKES', -12]]);
    const [line] = await s.lines();
    const made = await explain(line!.id, {
      type: 'EXPENSE',
      expense: { date: '2099-03-01', supplier: 'Wickes', category: 'REPAIRS', net: 10, vat: 'STANDARD' },
    });
    expect((await request(t.app).delete(`/api/expenses/${made.body.data.explanation.expenseId}`).set(u.auth)).status).toBe(200);
    expect((await undo(line!.id)).body.data).toMatchObject({ explained: false });
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
  it('when any set of matches, splits and credits is confirmed and some undone, then every line is explained at most once and each invoice balance is its total less its payments and credits', async () => {
    // One group is one statement line paying one or two invoices (a split), each perhaps part credited first.
    const job = fc.record({ pounds: fc.integer({ min: 2, max: 500 }), creditQuarters: fc.integer({ min: 0, max: 3 }) });
    const group = fc.record({ jobs: fc.array(job, { minLength: 1, maxLength: 2 }), confirm: fc.boolean(), undo: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(group, { minLength: 1, maxLength: 3 }), async (groups) => {
        const made: { id: string; invoiceNumber: string; due: number }[][] = [];
        for (const g of groups) {
          const invs = [];
          for (const j of g.jobs) {
            const inv = await invoice(j.pounds);
            const credit = Math.floor((j.pounds * j.creditQuarters) / 4);
            if (credit > 0) {
              const cn = await request(t.app)
                .post(`/api/invoices/${inv.id}/credit-notes`)
                .set(u.auth)
                .send({ reason: 'Discount', lineItems: [{ description: 'Discount', quantity: 1, unitPrice: credit }] });
              expect(cn.status, cn.text).toBe(201);
            }
            invs.push({ ...inv, due: j.pounds - credit });
          }
          made.push(invs);
        }
        const s = await statement(made.map((invs) => [`PAY ${invs.map((i) => i.invoiceNumber).join(' ')}`, invs.reduce((sum, i) => sum + i.due, 0)]));
        const lines = await s.lines();
        // statement() ends each description with the line's index: the group it pays.
        const lineOf = (gi: number) => lines.find((l) => l.description.split(' ').at(-1) === String(gi))!;
        const paid = new Map<string, number>();
        const kept = new Set<string>();
        for (const [gi, g] of groups.entries()) {
          if (!g.confirm) continue;
          const line = lineOf(gi);
          const allocations = made[gi]!.map((i) => ({ invoiceId: i.id, amount: i.due }));
          const res = await explain(line.id, { type: 'INVOICE_PAYMENT', allocations });
          expect(res.status, res.text).toBe(200);
          // a second confirmation of the same line is refused
          expect((await explain(line.id, { type: 'INVOICE_PAYMENT', allocations })).status).toBe(409);
          if (g.undo) expect((await undo(line.id)).status).toBe(200);
          else {
            kept.add(line.id);
            for (const i of made[gi]!) paid.set(i.id, i.due);
          }
        }
        const after = await s.lines();
        expect(
          after
            .filter((l) => l.explained)
            .map((l) => l.id)
            .sort(),
        ).toEqual([...kept].sort());
        for (const l of after.filter((x) => x.explained)) {
          const gi = Number(l.description.split(' ').at(-1));
          expect((l.explanation as { payments: unknown[] }).payments).toHaveLength(made[gi]!.length);
        }
        for (const inv of made.flat()) {
          const got = (await request(t.app).get(`/api/invoices/${inv.id}`).set(u.auth)).body.data as {
            status: string;
            total: number;
            balanceDue: number;
            amountCredited: number;
            payments: { amount: number }[];
            creditNotes: { total: number }[];
          };
          const payments = got.payments.reduce((sum, p) => sum + p.amount, 0);
          const credits = got.creditNotes.reduce((sum, c) => sum + c.total, 0);
          expect(got.balanceDue).toBe(got.total - payments - credits);
          expect(payments).toBe(paid.get(inv.id) ?? 0);
          expect(got.balanceDue).toBe(inv.due - (paid.get(inv.id) ?? 0));
          expect(got.status === 'PAID').toBe(paid.has(inv.id));
        }
      }),
      { numRuns: 8, seed: 36 },
    );
  });
});
