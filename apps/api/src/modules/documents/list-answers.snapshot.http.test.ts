import { readFileSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, createQuote } from '../../../test/document-fixtures.ts';

/**
 * The exact bytes of every list and get-by-id of invoices, quotes and clients over one seeded
 * account (every status, VAT per line, reverse charge, CIS, discounts, payments, credit notes, a
 * deposit and a stage invoice, late payment), compared with a fixture recorded from the answers
 * as they were built in JavaScript. Only ids, timestamps and cursors are renamed, each
 * consistently, so key order, number formatting and nulls are compared as sent.
 * DOCKET_WRITE_SNAPSHOT=1 records the fixture afresh.
 */
const FIXTURE = new URL('./list-answers.snapshot.json', import.meta.url);
const NOW = '2030-06-15T10:00:00Z';

let t: TestApp;
let user: TestUser;
let other: TestUser;
const invoiceIds: string[] = [];
const quoteIds: string[] = [];
const clientIds: string[] = [];

const ok = (res: request.Response, what: string) => {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
};

const mixedLines = [
  { description: 'Labour', quantity: 7.5, unitPrice: 45, vat: 'STANDARD', unit: 'hour' },
  { description: 'Boiler', quantity: 1, unitPrice: 1249.99, vat: 'STANDARD', kind: 'MATERIALS', discountPercent: 10, unit: 'each' },
  { description: 'Insulation', quantity: 12.5, unitPrice: 8.37, vat: 'REDUCED', kind: 'MATERIALS', unit: 'm' },
  { description: 'Zero-rated', quantity: 3, unitPrice: 4.99, vat: 'ZERO' },
  { description: 'Exempt', quantity: 1, unitPrice: 60, vat: 'EXEMPT' },
  { description: 'Outside', quantity: 1, unitPrice: 0.01, vat: 'OUTSIDE_SCOPE' },
];
const rcLines = [
  { description: 'Second fix', quantity: 16, unitPrice: 38.5, vat: 'RC_STANDARD' },
  { description: 'Insulation "loft" \\ roll', quantity: 40, unitPrice: 12.13, vat: 'RC_REDUCED', kind: 'MATERIALS' },
];
const cisLines = [
  { description: 'Labour', quantity: 3, unitPrice: 180, discountPercent: 5 },
  { description: 'Labour (hours)', quantity: 2.25, unitPrice: 42.5, kind: 'LABOUR' },
  { description: 'Materials', quantity: 1, unitPrice: 356.78, kind: 'MATERIALS', discountPercent: 12.5 },
];

async function seed() {
  const u = user;
  ok(await request(t.app).post('/api/company').set(u.auth).send(sampleCompany({ baseRatePercent: 5.25, cisSubcontractor: true })), 'company');
  const consumer = await createClient(t.app, u, { name: 'Ann Smith', phone: null, address: null });
  const trade = await createClient(t.app, u, { name: 'Trade Builders Ltd', isBusiness: true, vatNumber: 'GB123456789' });
  const cis = await createClient(t.app, u, { name: 'Contractor “Ñandú” Ltd', isBusiness: true, cisRate: 20 });
  const cisZero = await createClient(t.app, u, { name: 'Zero CIS Ltd', isBusiness: true, cisRate: 0 });
  clientIds.push(consumer.id, trade.id, cis.id, cisZero.id);

  const invoice = async (clientId: string, over: Record<string, unknown>) => {
    const inv = await createInvoice(t.app, u, clientId, over);
    invoiceIds.push(inv.id);
    return inv as { id: string };
  };
  const send = async (id: string) => ok(await act(t.app, u, 'invoices', id, 'send'), 'send');
  const pay = (id: string, body: Record<string, unknown>) => request(t.app).post(`/api/invoices/${id}/payments`).set(u.auth).send(body);

  await invoice(consumer.id, { dueDate: '2030-07-15' }); // DRAFT
  await invoice(consumer.id, { lineItems: mixedLines, dueDate: '2030-07-15', siteAddress: '2 Low Road, York' }); // DRAFT, VAT per line
  await invoice(consumer.id, { lineItems: [{ description: 'Custom rate', quantity: 1, unitPrice: 99.99 }, { description: 'Standard line', quantity: 2, unitPrice: 0.05, vat: 'STANDARD' }], tax: 17.5, dueDate: '2030-07-15' });
  await invoice(consumer.id, { tax: 0, dueDate: '2030-07-15' });
  await invoice(consumer.id, { tax: 5, lineItems: [{ description: 'Half', quantity: 0.333, unitPrice: 0.07 }], dueDate: '2030-07-15' });
  const rc = await invoice(trade.id, { lineItems: rcLines, dueDate: '2030-07-15' });
  await send(rc.id); // SENT, reverse charge
  const cisInv = await invoice(cis.id, { lineItems: cisLines, dueDate: '2030-07-15' });
  await send(cisInv.id);
  ok(await pay(cisInv.id, { amount: 100.01, method: 'CARD', reference: 'Part "one"', date: '2030-06-14' }), 'cis payment');
  const cis0 = await invoice(cisZero.id, { lineItems: cisLines, dueDate: '2030-07-15' });
  await send(cis0.id);
  const lateTrade = await invoice(trade.id, { dueDate: '2030-05-01' });
  await send(lateTrade.id); // OVERDUE, business: late payment
  ok(await pay(lateTrade.id, { amount: 50, date: '2030-05-20' }), 'late payment');
  ok(await pay(lateTrade.id, { amount: 0.2, date: '2030-05-10', method: 'CASH' }), 'late payment 2');
  const lateBig = await invoice(trade.id, { dueDate: '2029-06-01', lineItems: [{ description: 'Big job', quantity: 1, unitPrice: 12345.67 }] });
  await send(lateBig.id);
  const lateConsumer = await invoice(consumer.id, { dueDate: '2030-06-14' });
  await send(lateConsumer.id); // OVERDUE, consumer: none
  const paid = await invoice(consumer.id, { dueDate: '2030-07-15' });
  await send(paid.id);
  ok(await act(t.app, u, 'invoices', paid.id, 'pay'), 'pay'); // PAID
  const voided = await invoice(consumer.id, { dueDate: '2030-07-15' });
  await send(voided.id);
  ok(await request(t.app).patch(`/api/invoices/${voided.id}/void`).set(u.auth).send({ reason: 'Raised twice' }), 'void');
  const credited = await invoice(trade.id, { dueDate: '2030-07-15' });
  await send(credited.id);
  ok(await request(t.app).post(`/api/invoices/${credited.id}/credit-notes`).set(u.auth).send({ reason: 'Job cancelled' }), 'credit'); // CREDITED
  const partCredit = await invoice(consumer.id, { dueDate: '2030-06-01' });
  await send(partCredit.id);
  ok(
    await request(t.app).post(`/api/invoices/${partCredit.id}/credit-notes`).set(u.auth).send({ reason: 'One socket returned', lineItems: [{ description: 'Socket', quantity: 0.5, unitPrice: 10 }] }),
    'part credit',
  );
  ok(await pay(partCredit.id, { amount: 12.34, date: '2030-06-10', method: 'BANK_TRANSFER' }), 'part payment');

  const quote = async (clientId: string, over: Record<string, unknown> = {}) => {
    const q = await createQuote(t.app, u, clientId, over);
    quoteIds.push(q.id);
    return q as { id: string };
  };
  await quote(consumer.id); // DRAFT
  await quote(trade.id, { lineItems: mixedLines, siteAddress: '3 Hill Top' });
  const sentQ = await quote(consumer.id);
  ok(await act(t.app, u, 'quotes', sentQ.id, 'send'), 'send quote'); // SENT
  const declined = await quote(consumer.id, { tax: 5 });
  ok(await act(t.app, u, 'quotes', declined.id, 'send'), 'send quote');
  ok(await act(t.app, u, 'quotes', declined.id, 'decline'), 'decline'); // DECLINED
  const staged = await quote(trade.id, { lineItems: [{ description: 'Kitchen refit', quantity: 1, unitPrice: 12000 }], siteAddress: '1 Mill Lane, Leeds' });
  ok(await act(t.app, u, 'quotes', staged.id, 'send'), 'send quote');
  ok(await act(t.app, u, 'quotes', staged.id, 'approve'), 'approve'); // APPROVED, invoiced in stages
  const deposit = ok(await request(t.app).post(`/api/quotes/${staged.id}/invoices`).set(u.auth).send({ type: 'DEPOSIT', percent: 30 }), 'deposit');
  invoiceIds.push(deposit.id);
  await send(deposit.id);
  ok(await pay(deposit.id, { amount: 4320, date: '2030-06-12' }), 'deposit paid');
  const stage = ok(await request(t.app).post(`/api/quotes/${staged.id}/invoices`).set(u.auth).send({ type: 'STAGE', amount: 5000.01, description: 'Units fitted' }), 'stage');
  invoiceIds.push(stage.id);
  const voidStage = ok(await request(t.app).post(`/api/quotes/${staged.id}/invoices`).set(u.auth).send({ type: 'STAGE', percent: 10 }), 'stage 2');
  invoiceIds.push(voidStage.id);
  await send(voidStage.id);
  ok(await request(t.app).patch(`/api/invoices/${voidStage.id}/void`).set(u.auth).send({ reason: 'Wrong stage' }), 'void stage');
  const full = await quote(consumer.id);
  ok(await act(t.app, u, 'quotes', full.id, 'send'), 'send quote');
  ok(await act(t.app, u, 'quotes', full.id, 'approve'), 'approve');
  const converted = ok(await request(t.app).post(`/api/invoices/from-quote/${full.id}`).set(u.auth).send({ dueDate: '2030-07-01' }), 'from quote');
  invoiceIds.push(converted.id);

  // Another account's documents must never show in the seeded account's answers.
  const foreign = await createClient(t.app, other, { name: 'Ann Smith' });
  await createInvoice(t.app, other, foreign.id);
  await createQuote(t.app, other, foreign.id);
}

/** Renames ids, timestamps and cursors in order of first appearance; everything else stays as sent. */
function normaliser() {
  const names = new Map<string, string>();
  const name = (kind: string, value: string) => {
    if (!names.has(value)) names.set(value, `<${kind}:${[...names.keys()].filter((k) => names.get(k)!.startsWith(`<${kind}:`)).length}>`);
    return names.get(value)!;
  };
  return (text: string) =>
    text
      .replace(/"nextCursor":"([^"]+)"/g, (_m, c: string) => `"nextCursor":"${name('cursor', c)}"`)
      .replace(/cursor=([^&]+)/g, (_m, c: string) => `cursor=${name('cursor', c)}`)
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => name('id', id))
      .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, (ts) => name('time', ts));
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  user = await registerUser(t.app);
  other = await registerUser(t.app);
  await seed();
}, 120_000);
afterAll(() => t.close());

describe('list and get-by-id answers', () => {
  it('when every list and document of a seeded account is read, then the bytes equal the recorded answers', async () => {
    const answers: { path: string; status: number; contentType: string; body: string }[] = [];
    const normalise = normaliser();
    const read = async (path: string) => {
      const res = await request(t.app).get(path).set(user.auth);
      answers.push({ path: normalise(path), status: res.status, contentType: String(res.headers['content-type']), body: normalise(res.text) });
      return res.body.data as { nextCursor?: string | null };
    };
    const follow = async (path: string) => {
      let page = await read(path);
      for (let n = 0; page.nextCursor && n < 20; n++) page = await read(`${path}&cursor=${page.nextCursor}`);
    };
    for (const kind of ['invoices', 'quotes', 'clients']) {
      await read(`/api/${kind}`);
      await read(`/api/${kind}?limit=50`);
      await follow(`/api/${kind}?limit=4`);
      await read(`/api/${kind}?q=ann`);
      await read(`/api/${kind}?q=nothing-matches`);
    }
    for (const kind of ['invoices', 'quotes']) {
      for (const status of kind === 'invoices' ? ['DRAFT', 'SENT', 'OVERDUE', 'PAID', 'VOID', 'CREDITED'] : ['DRAFT', 'SENT', 'APPROVED', 'DECLINED']) {
        await read(`/api/${kind}?status=${status}`);
      }
      await read(`/api/${kind}?clientId=${clientIds[1]}`);
      await read(`/api/${kind}?q=socket&limit=2`);
      await follow(`/api/${kind}?sort=total&order=asc&limit=5`);
      await read(`/api/${kind}?sort=client&order=desc`);
      await read(`/api/${kind}?sort=number`);
    }
    for (const id of invoiceIds) await read(`/api/invoices/${id}`);
    for (const id of quoteIds) await read(`/api/quotes/${id}`);
    for (const id of clientIds) await read(`/api/clients/${id}`);
    await read(`/api/invoices/${quoteIds[0]}`); // not an invoice: 404

    const text = `${JSON.stringify(answers, null, 1)}\n`;
    if (process.env.DOCKET_WRITE_SNAPSHOT === '1') writeFileSync(FIXTURE, text);
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as typeof answers;
    expect(answers.map((a) => a.path)).toEqual(recorded.map((a) => a.path));
    for (const [i, a] of answers.entries()) expect(a, a.path).toEqual(recorded[i]);
  });
});
