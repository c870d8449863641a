import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { TEMPLATES } from '@docket/schemas/constants';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, getBinary, invoiceBody, pdfTextOf } from '../../../test/document-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const pdfText = async (path: string, u: TestUser) => {
  const res = await getBinary(t.app, u, path);
  expect(res.status).toBe(200);
  return pdfTextOf(res.body as Buffer);
};

// 7.5 h x £45 = 337.50 (20%); 12.5 m x £8.37 = 104.63 (5%, materials); 10 h x £40 = 400 (RC 20%)
const lines = [
  { description: 'Labour', quantity: 7.5, unitPrice: 45, vat: 'STANDARD', unit: 'hour' },
  { description: 'Insulation', quantity: 12.5, unitPrice: 8.37, vat: 'REDUCED', kind: 'MATERIALS', unit: 'm' },
  { description: 'Second fix', quantity: 10, unitPrice: 40, vat: 'RC_STANDARD', discountPercent: 0 },
];

describe('VAT, reverse charge and CIS in PDFs', () => {
  it('when an invoice mixes rates, reverse charge and CIS, then every template prints each VAT rate, the RC VAT and legend outside the total, and the CIS lines', async () => {
    const u = await registerUser(t.app);
    expect(
      (
        await request(t.app)
          .post('/api/company')
          .set(u.auth)
          .send(sampleCompany({ cisSubcontractor: true }))
      ).status,
    ).toBe(201);
    const c = await createClient(t.app, u, { isBusiness: true, vatNumber: 'GB987654321', cisRate: 20 });
    const inv = (
      await request(t.app)
        .post('/api/invoices')
        .set(u.auth)
        .send(invoiceBody(c.id, { lineItems: lines }))
    ).body.data;
    // subtotal 842.13; VAT 67.50 + 5.23 = 72.73; total 914.86; labour 737.50 x 20% = 147.50; due 767.36
    expect(inv).toMatchObject({ subtotal: 842.13, taxAmount: 72.73, total: 914.86, reverseChargeVat: 80, amountDue: 767.36 });
    for (const template of TEMPLATES) {
      await request(t.app).put('/api/company').set(u.auth).send(sampleCompany({ template }));
      const text = await pdfText(`/api/invoices/${inv.id}/preview`, u);
      expect(text, template).toContain('VAT at 20% on £337.50 £67.50');
      expect(text, template).toContain('VAT at 5% on £104.63 £5.23');
      expect(text, template).toMatch(/Total £914\.86/);
      expect(text, template).toContain('VAT the customer accounts for (not included in the total) Reverse charge VAT at 20% on £400.00 £80.00');
      expect(text, template).toContain('Reverse charge: Customer to pay the VAT to HMRC');
      expect(text, template).toContain('CIS deduction (20% of labour £737.50) −£147.50');
      expect(text, template).toContain('Amount due £767.36');
      expect(text, template).toContain('20% RC');
      expect(text, template).toContain('VAT number GB987654321');
    }
  });

  it('when the company is not VAT registered, then no VAT registration line; an RC credit note prints the output tax adjustment', async () => {
    const u = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(u.auth)
      .send(sampleCompany({ vatNumber: null, reverseChargeWording: 'S55A' }));
    const c = await createClient(t.app, u, { isBusiness: true, vatNumber: 'GB987654321' });
    const inv = (
      await request(t.app)
        .post('/api/invoices')
        .set(u.auth)
        .send(invoiceBody(c.id, { lineItems: lines }))
    ).body.data;
    const text = await pdfText(`/api/invoices/${inv.id}/preview`, u);
    expect(text).not.toContain('VAT registration number');
    expect(text).toContain('Reverse charge: S55A VATA 94 applies');
    await act(t.app, u, 'invoices', inv.id, 'send');
    const cn = await request(t.app)
      .post(`/api/invoices/${inv.id}/credit-notes`)
      .set(u.auth)
      .send({ reason: 'Overcharged', lineItems: [{ description: 'Second fix', quantity: 2.5, unitPrice: 40, vat: 'RC_STANDARD' }] });
    expect(cn.status).toBe(201);
    expect(cn.body.data).toMatchObject({ subtotal: 100, taxAmount: 0, total: 100, reverseChargeVat: 20 });
    const cnText = await pdfText(`/api/credit-notes/${cn.body.data.id}/preview`, u);
    expect(cnText).toContain('Reverse charge: customer to account for the output tax adjustment of £20.00 to HMRC');
  });
});
