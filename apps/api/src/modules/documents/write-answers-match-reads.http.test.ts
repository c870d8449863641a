import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, invoiceBody, quoteBody } from '../../../test/document-fixtures.ts';

/**
 * One builder per answer (issue 39): what a write answers is, byte for byte, what the following
 * GET of the same record answers, and the record's item in its list is the same object. Every
 * answer is also parsed against its schema (test/answer-schemas.ts, on every test app).
 */
const NOW = '2030-06-15T10:00:00Z';
let t: TestApp;
let user: TestUser;

const mixedLines = [
  { description: 'Labour', quantity: 7.5, unitPrice: 45, vat: 'STANDARD', unit: 'hour' },
  { description: 'Boiler', quantity: 1, unitPrice: 1249.99, vat: 'STANDARD', kind: 'MATERIALS', discountPercent: 10, unit: 'each' },
  { description: 'Insulation "loft"', quantity: 12.5, unitPrice: 8.37, vat: 'REDUCED', kind: 'MATERIALS', unit: 'm' },
  { description: 'Reverse', quantity: 2, unitPrice: 38.5, vat: 'RC_STANDARD' },
];
const cisLines = [
  { description: 'Labour', quantity: 3, unitPrice: 180, discountPercent: 5 },
  { description: 'Materials', quantity: 1, unitPrice: 356.78, kind: 'MATERIALS', discountPercent: 12.5 },
];

type Kind = 'clients' | 'quotes' | 'invoices' | 'credit-notes';

/**
 * The write's answer against GET /api/<kind>/<id> just after it (the text after `"data":`, so key
 * order, number formatting and absent keys count), and against the record's item in the plain list.
 */
async function expectReadsMatch(kind: Kind, write: request.Response, what: string) {
  expect(write.status, `${what}: ${write.text}`).toBeLessThan(300);
  const id = (write.body.data as { id: string }).id;
  const read = await request(t.app).get(`/api/${kind}/${id}`).set(user.auth);
  expect(read.status, what).toBe(200);
  const dataOf = (text: string) => text.slice(text.indexOf('"data":'));
  expect(dataOf(read.text), what).toBe(dataOf(write.text));
  const list = await request(t.app).get(`/api/${kind}`).set(user.auth);
  const item = (list.body.data as { id: string }[]).find((x) => x.id === id);
  expect(JSON.stringify(item), `${what}: in the list`).toBe(JSON.stringify(read.body.data));
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  user = await registerUser(t.app);
  const company = await request(t.app)
    .post('/api/company')
    .set(user.auth)
    .send(sampleCompany({ baseRatePercent: 5.25, cisSubcontractor: true }));
  expect(company.status).toBeLessThan(300);
});
afterAll(() => t.close());

describe('a write answers what the next read answers', () => {
  it('when clients are created and updated, then each answer is the GET and list answer', async () => {
    const plain = await request(t.app).post('/api/clients').set(user.auth).send({ name: 'Ann Smith', email: 'ann@example.com', phone: null, address: null });
    await expectReadsMatch('clients', plain, 'POST plain');
    const full = await request(t.app).post('/api/clients').set(user.auth).send({
      name: 'Contractor “Ñandú” Ltd',
      email: 'c@example.com',
      phone: '0161',
      address: '1 Road\nTown',
      isBusiness: true,
      vatNumber: 'GB123456789',
      cisRate: 20,
      paymentTermsDays: 14,
    });
    await expectReadsMatch('clients', full, 'POST with CIS and terms');
    const put = await request(t.app)
      .put(`/api/clients/${full.body.data.id}`)
      .set(user.auth)
      .send({ name: 'Renamed Ltd', email: 'r@example.com', phone: null, address: null, cisRate: 0 });
    await expectReadsMatch('clients', put, 'PUT');
  });

  it('when quotes are created, edited, sent, approved and invoiced, then each answer is the GET and list answer', async () => {
    const client = await createClient(t.app, user, { name: 'Trade Builders Ltd', isBusiness: true, vatNumber: 'GB123456789' });
    const created = await request(t.app)
      .post('/api/quotes')
      .set(user.auth)
      .send(quoteBody(client.id, { lineItems: mixedLines, siteAddress: '3 Hill Top' }));
    await expectReadsMatch('quotes', created, 'POST');
    const id = created.body.data.id as string;
    await expectReadsMatch(
      'quotes',
      await request(t.app)
        .put(`/api/quotes/${id}`)
        .set(user.auth)
        .send(quoteBody(client.id, { tax: 17.5 })),
      'PUT',
    );
    await expectReadsMatch('quotes', await request(t.app).post(`/api/quotes/${id}/duplicate`).set(user.auth), 'duplicate');
    await expectReadsMatch('quotes', await act(t.app, user, 'quotes', id, 'send'), 'send');
    await expectReadsMatch('quotes', await act(t.app, user, 'quotes', id, 'approve'), 'approve');
    const deposit = await request(t.app).post(`/api/quotes/${id}/invoices`).set(user.auth).send({ type: 'DEPOSIT', percent: 30 });
    await expectReadsMatch('invoices', deposit, 'deposit invoice');
    // the quote's invoiced-so-far figures after the deposit, as a read and a write answer them
    await expectReadsMatch('quotes', await request(t.app).get(`/api/quotes/${id}`).set(user.auth), 'invoiced so far');
  });

  it('when invoices are created, edited, issued, paid, credited and voided, then each answer is the GET and list answer', async () => {
    const cis = await createClient(t.app, user, { name: 'CIS Ltd', isBusiness: true, cisRate: 20 });
    const trade = await createClient(t.app, user, { name: 'Late Payer Ltd', isBusiness: true, vatNumber: 'GB123456789' });
    const created = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send(invoiceBody(cis.id, { lineItems: cisLines, dueDate: '2030-07-15' }));
    await expectReadsMatch('invoices', created, 'POST with CIS');
    const id = created.body.data.id as string;
    await expectReadsMatch(
      'invoices',
      await request(t.app)
        .put(`/api/invoices/${id}`)
        .set(user.auth)
        .send(invoiceBody(cis.id, { lineItems: [...cisLines, { description: 'Extra', quantity: 1, unitPrice: 10, vat: 'REDUCED' }], dueDate: '2030-07-20' })),
      'PUT',
    );
    await expectReadsMatch('invoices', await act(t.app, user, 'invoices', id, 'send'), 'send');
    await expectReadsMatch(
      'invoices',
      await request(t.app)
        .post(`/api/invoices/${id}/payments`)
        .set(user.auth)
        .send({ amount: 100.01, method: 'CARD', reference: 'Part "one"', date: '2030-06-14' }),
      'payment',
    );
    await expectReadsMatch('invoices', await request(t.app).patch(`/api/invoices/${id}/due-date`).set(user.auth).send({ dueDate: '2030-08-01' }), 'due date');

    const late = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send(invoiceBody(trade.id, { lineItems: mixedLines, dueDate: '2030-05-01' }));
    const lateId = late.body.data.id as string;
    await expectReadsMatch('invoices', await act(t.app, user, 'invoices', lateId, 'send'), 'OVERDUE with late payment');
    await expectReadsMatch(
      'invoices',
      await request(t.app).post(`/api/invoices/${lateId}/payments`).set(user.auth).send({ amount: 50, date: '2030-05-20' }),
      'late, part paid',
    );
    const credit = await request(t.app)
      .post(`/api/invoices/${lateId}/credit-notes`)
      .set(user.auth)
      .send({ reason: 'One returned', lineItems: [{ description: 'Reverse', quantity: 1, unitPrice: 38.5, vat: 'RC_STANDARD' }] });
    await expectReadsMatch('credit-notes', credit, 'credit note');
    await expectReadsMatch('invoices', await request(t.app).get(`/api/invoices/${lateId}`).set(user.auth), 'credited in part');

    const voided = await request(t.app).post('/api/invoices').set(user.auth).send(invoiceBody(trade.id));
    await act(t.app, user, 'invoices', voided.body.data.id, 'send');
    await expectReadsMatch(
      'invoices',
      await request(t.app).patch(`/api/invoices/${voided.body.data.id}/void`).set(user.auth).send({ reason: 'Raised twice' }),
      'void',
    );
    await expectReadsMatch('invoices', await request(t.app).post(`/api/invoices/${id}/duplicate`).set(user.auth), 'duplicate');
  });

  it('when a whole credit note is raised, then its answer is the GET and list answer', async () => {
    const client = await createClient(t.app, user, { name: 'Whole Credit Ltd', isBusiness: true, vatNumber: 'GB123456789' });
    const inv = await request(t.app)
      .post('/api/invoices')
      .set(user.auth)
      .send(invoiceBody(client.id, { lineItems: mixedLines }));
    await act(t.app, user, 'invoices', inv.body.data.id, 'send');
    await expectReadsMatch(
      'credit-notes',
      await request(t.app).post(`/api/invoices/${inv.body.data.id}/credit-notes`).set(user.auth).send({ reason: 'Job cancelled' }),
      'whole credit',
    );
  });
});
