import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { figureLines, invoiceFigures, plainFigures, type TDocumentFigures } from '@docket/schemas/document-figures';
import type { TInvoice, TQuote } from '@docket/schemas/document';
import type { TCreditNote } from '@docket/schemas/credit-note';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createQuote, getBinary, invoiceBody, pdfTextOf } from '../../../test/document-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pdfText = async (u: TestUser, path: string) => {
  const res = await getBinary(t.app, u, path);
  expect(res.status).toBe(200);
  return pdfTextOf(res.body as Buffer);
};
const get = async <T>(u: TestUser, path: string): Promise<T> => (await request(t.app).get(path).set(u.auth).expect(200)).body.data as T;
const emailText = async (u: TestUser, documentId: string) =>
  (
    (await request(t.app).post('/api/company/email-templates/preview').set(u.auth).send({ kind: 'invoice', documentId }).expect(200)).body.data.text as string
  ).replace(/\s+/g, ' ');

/** Every row the page shows is printed on the PDF with the same label and amount. */
function expectPdfHasFigures(text: string, f: TDocumentFigures, what: string) {
  for (const line of figureLines(f)) expect(text, `${what}: ${line}`).toContain(line);
}

// Labour 12 h x £120 = £1,440.00 (RC 20%); cable 1 x £672.35 (RC 20%, materials): the reverse-charge CIS invoice
const RC_CIS_LINES = [
  { description: 'Second fix labour', quantity: 12, unitPrice: 120, vat: 'RC_STANDARD', unit: 'hour' },
  { description: 'Cable and accessories', quantity: 1, unitPrice: 672.35, vat: 'RC_STANDARD', kind: 'MATERIALS' },
];

describe('One figure model: page, PDF, email and client link say the same', () => {
  it('when every document kind is shown, then the figures the page shows from the answer are the PDF rows, and the email and link state the same amount due', async () => {
    const u = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ cisSubcontractor: true }))
      .expect(201);
    const homeowner = await createClient(t.app, u);
    const contractor = await createClient(t.app, u, { isBusiness: true, vatNumber: 'GB987654321', cisRate: 20 });

    // a quote
    const quote = await createQuote(t.app, u, homeowner.id);
    const q = await get<TQuote>(u, `/api/quotes/${quote.id}`);
    expectPdfHasFigures(await pdfText(u, `/api/quotes/${q.id}/preview`), plainFigures('quote', q, '£'), 'quote');

    // a plain invoice, issued, part paid and credited
    const plain = (
      await request(t.app)
        .post('/api/invoices')
        .set(u.auth)
        .send(invoiceBody(homeowner.id, { lineItems: [{ description: 'Rewire', quantity: 1, unitPrice: 1510.29 }] }))
        .expect(201)
    ).body.data as TInvoice;
    await act(t.app, u, 'invoices', plain.id, 'send');
    await request(t.app).post(`/api/invoices/${plain.id}/payments`).set(u.auth).send({ amount: 500 }).expect(201);
    const cn = (
      await request(t.app)
        .post(`/api/invoices/${plain.id}/credit-notes`)
        .set(u.auth)
        .send({ reason: 'Fitting not needed', lineItems: [{ description: 'Fitting', quantity: 1, unitPrice: 8.45 }] })
        .expect(201)
    ).body.data as TCreditNote;
    const inv = await get<TInvoice>(u, `/api/invoices/${plain.id}`);
    const f = invoiceFigures(inv, '£');
    expect(f.balance.map((r) => `${r.label} ${r.text}`)).toEqual([
      expect.stringMatching(/^Payment received \d+ \w+ \d{4} −£500\.00$/),
      `Credit note ${cn.creditNoteNumber} −£10.14`,
    ]);
    // 1,510.29 + 302.06 VAT = 1,812.35; less 500 and 10.14
    expect(f.due).toEqual({ label: 'Balance due', pence: 130221, text: '£1,302.21' });
    expect(inv.balanceDue).toBe(1302.21);
    expectPdfHasFigures(await pdfText(u, `/api/invoices/${plain.id}/preview`), f, 'part-paid invoice');
    expect(await emailText(u, plain.id)).toContain('The amount due is £1,302.21');
    const link = (await request(t.app).post(`/api/invoices/${plain.id}/share`).set(u.auth).expect(201)).body.data as { url: string };
    const pub = (
      await request(t.app)
        .get(`/api/public/documents/${link.url.split('/').pop()}`)
        .expect(200)
    ).body.data;
    expect(pub.balanceRows).toEqual([...f.balance, f.due!].map((r) => ({ label: r.label, text: r.text })));
    expect(pub.paidInFull).toBe(false);

    // the credit note
    const note = await get<TCreditNote>(u, `/api/credit-notes/${cn.id}`);
    expectPdfHasFigures(await pdfText(u, `/api/credit-notes/${cn.id}/preview`), plainFigures('credit_note', note, '£'), 'credit note');

    // a reverse-charge CIS invoice, credited £12
    const rc = (
      await request(t.app)
        .post('/api/invoices')
        .set(u.auth)
        .send(invoiceBody(contractor.id, { lineItems: RC_CIS_LINES }))
        .expect(201)
    ).body.data as TInvoice;
    expect(rc).toMatchObject({ total: 2112.35, reverseChargeVat: 422.47, amountDue: 1824.35 });
    const draftFigures = invoiceFigures(rc, '£');
    expect(figureLines(draftFigures)).toEqual([
      'Subtotal (excl. VAT) £2,112.35',
      'VAT £0.00',
      'Total £2,112.35',
      'CIS deduction (20% of labour £1,440.00) −£288.00',
      'Amount due £1,824.35',
      'Reverse charge VAT at 20% on £2,112.35 £422.47',
      'Reverse charge: Customer to pay the VAT to HMRC',
    ]);
    expectPdfHasFigures(await pdfText(u, `/api/invoices/${rc.id}/preview`), draftFigures, 'RC CIS draft');
    expect(await emailText(u, rc.id)).toContain('The amount due is £1,824.35');
    await act(t.app, u, 'invoices', rc.id, 'send');
    await request(t.app)
      .post(`/api/invoices/${rc.id}/credit-notes`)
      .set(u.auth)
      .send({ reason: 'Spare cable returned', lineItems: [{ description: 'Cable', quantity: 1, unitPrice: 12, vat: 'RC_STANDARD', kind: 'MATERIALS' }] })
      .expect(201);
    const rcIssued = await get<TInvoice>(u, `/api/invoices/${rc.id}`);
    const rf = invoiceFigures(rcIssued, '£');
    expect(rf.due?.text).toBe('£1,812.35');
    expect(rcIssued.balanceDue).toBe(1812.35);
    expectPdfHasFigures(await pdfText(u, `/api/invoices/${rc.id}/preview`), rf, 'RC CIS credited');
    expect(await emailText(u, rc.id)).toContain('The amount due is £1,812.35');

    // a 30% deposit on an accepted quote, paid, then the final invoice with the deposit deducted
    const staged = await createQuote(t.app, u, homeowner.id, { lineItems: [{ description: 'Kitchen rewire', quantity: 1, unitPrice: 1510.29 }] });
    await act(t.app, u, 'quotes', staged.id, 'send');
    await act(t.app, u, 'quotes', staged.id, 'approve');
    const deposit = (await request(t.app).post(`/api/quotes/${staged.id}/invoices`).set(u.auth).send({ type: 'DEPOSIT', percent: 30 }).expect(201)).body
      .data as TInvoice;
    await act(t.app, u, 'invoices', deposit.id, 'send');
    await request(t.app).post(`/api/invoices/${deposit.id}/payments`).set(u.auth).send({ amount: deposit.total }).expect(201);
    const dep = await get<TInvoice>(u, `/api/invoices/${deposit.id}`);
    const df = invoiceFigures(dep, '£');
    expect(df.due).toMatchObject({ label: 'Paid in full' });
    expectPdfHasFigures(await pdfText(u, `/api/invoices/${deposit.id}/preview`), df, 'paid deposit');
    const final = (await request(t.app).post(`/api/quotes/${staged.id}/invoices`).set(u.auth).send({ type: 'FINAL' }).expect(201)).body.data as TInvoice;
    await act(t.app, u, 'invoices', final.id, 'send');
    const fin = await get<TInvoice>(u, `/api/invoices/${final.id}`);
    // The quote's £1,812.35 less the £543.71 deposit.
    expect(fin.lineItems.at(-1)).toMatchObject({ unitPrice: -453.09 });
    expect(fin.total).toBe(1268.64);
    const ff = invoiceFigures(fin, '£');
    // Nothing paid or credited yet: the total line is what is due.
    expect(figureLines(ff)).toContain('Total due £1,268.64');
    const finalPdf = await pdfText(u, `/api/invoices/${final.id}/preview`);
    expectPdfHasFigures(finalPdf, ff, 'final');
    expect(finalPdf).toContain(`Less deposit ${dep.invoiceNumber}`);
    expect(await emailText(u, final.id)).toContain('The amount due is £1,268.64');
  });

  it('when an issued invoice is paid after its PDF was kept, then the next PDF lists the payment and says Paid in full, and the link says paid', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = await createClient(t.app, u);
    const inv = (
      await request(t.app)
        .post('/api/invoices')
        .set(u.auth)
        .send(invoiceBody(c.id, { lineItems: [{ description: 'Socket', quantity: 1, unitPrice: 100 }] }))
        .expect(201)
    ).body.data as TInvoice;
    await act(t.app, u, 'invoices', inv.id, 'send');
    const before = await pdfText(u, `/api/invoices/${inv.id}/preview`);
    expect(before).toContain('Total due £120.00');
    // served from the kept bytes now; a payment must change the live key
    expect(await pdfText(u, `/api/invoices/${inv.id}/preview`)).toBe(before);
    await request(t.app).post(`/api/invoices/${inv.id}/payments`).set(u.auth).send({ amount: 120 }).expect(201);
    const after = await pdfText(u, `/api/invoices/${inv.id}/preview`);
    expect(after).toMatch(/Total £120\.00 Payment received \d+ \w+ \d{4} −£120\.00 Paid in full £0\.00/);
    expect(after).not.toContain('Payment due by');
    const link = (await request(t.app).post(`/api/invoices/${inv.id}/share`).set(u.auth).expect(201)).body.data as { url: string };
    const pub = (
      await request(t.app)
        .get(`/api/public/documents/${link.url.split('/').pop()}`)
        .expect(200)
    ).body.data;
    expect(pub.paidInFull).toBe(true);
  });

  it('when the due date of an issued invoice is changed, then only it changes; a bad body is 400, a void invoice 409, another account 404', async () => {
    const u = await registerUser(t.app);
    await request(t.app).post('/api/company').set(u.auth).send(sampleCompany()).expect(201);
    const c = await createClient(t.app, u);
    const inv = (await request(t.app).post('/api/invoices').set(u.auth).send(invoiceBody(c.id)).expect(201)).body.data as TInvoice;
    await act(t.app, u, 'invoices', inv.id, 'send');
    const changed = (await request(t.app).patch(`/api/invoices/${inv.id}/due-date`).set(u.auth).send({ dueDate: '2031-03-01' }).expect(200)).body
      .data as TInvoice;
    expect(changed.dueDate).toBe('2031-03-01');
    expect(changed.total).toBe(inv.total);
    expect((await request(t.app).patch(`/api/invoices/${inv.id}/due-date`).set(u.auth).send({ dueDate: '2031-03-01', total: 1 })).status).toBe(400);
    expect((await request(t.app).patch(`/api/invoices/${inv.id}/due-date`).set(u.auth).send({ dueDate: 'soon' })).status).toBe(400);
    const other = await registerUser(t.app);
    expect((await request(t.app).patch(`/api/invoices/${inv.id}/due-date`).set(other.auth).send({ dueDate: '2031-03-02' })).status).toBe(404);
    await request(t.app).patch(`/api/invoices/${inv.id}/void`).set(u.auth).send({ reason: 'Raised in error' }).expect(200);
    expect((await request(t.app).patch(`/api/invoices/${inv.id}/due-date`).set(u.auth).send({ dueDate: '2031-03-03' })).status).toBe(409);
    const history = (await request(t.app).get(`/api/invoices/${inv.id}/history`).set(u.auth)).body.data as { summary: string }[];
    expect(history.map((h) => h.summary)).toContain('Changed due date to 2031-03-01');
  });
});
