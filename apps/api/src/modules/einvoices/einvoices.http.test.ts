import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import request from 'supertest';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from '../../../test/test-app.ts';
import { act, createClient, createInvoice, getBinary } from '../../../test/document-fixtures.ts';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';

let t: TestApp;
let user: TestUser;
let stranger: TestUser;
let clientId: string;

beforeAll(async () => {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1 } });
  user = await registerUser(t.app);
  stranger = await registerUser(t.app);
  await request(t.app).post('/api/company').set(user.auth).send(sampleCompany()).expect(201);
  await request(t.app).post('/api/company').set(stranger.auth).send(sampleCompany()).expect(201);
  clientId = (await createClient(t.app, user, { name: 'Harbour Lights Ltd', vatNumber: 'GB999999973', address: '1 Quay Street\nBristol\nBS1 4DJ' })).id;
});
afterAll(() => t.close());

const xmlOf = async (path: string, u: TestUser = user) => {
  const res = await request(t.app)
    .get(path)
    .set(u.auth)
    .buffer(true)
    .parse((r, cb) => {
      let s = '';
      r.setEncoding('utf8');
      r.on('data', (c: string) => (s += c));
      r.on('end', () => cb(null, s));
    });
  return { res, xml: String(res.body) };
};
/** Text of every element with this qualified name, in document order. */
const all = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`, 'g'))].map((m) => m[1]);
const block = (xml: string, tag: string) => xml.slice(xml.indexOf(`<${tag}>`), xml.indexOf(`</${tag}>`));
const pounds = (n: number) => n.toFixed(2);

async function issued(over: Record<string, unknown> = {}) {
  const inv = await createInvoice(t.app, user, clientId, over);
  expect((await act(t.app, user, 'invoices', inv.id, 'send')).status).toBe(200);
  return (await request(t.app).get(`/api/invoices/${inv.id}`).set(user.auth)).body.data;
}

describe('UBL e-invoices (Peppol BIS Billing 3.0)', () => {
  it('when an issued invoice is fetched as UBL, then every figure equals the API’s and the parties, dates and bank are there', async () => {
    const inv = await issued();
    const { res, xml } = await xmlOf(`/api/invoices/${inv.id}/ubl`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(xml).toContain('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"');
    expect(all(xml, 'cbc:CustomizationID')).toEqual(['urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0']);
    expect(all(xml, 'cbc:ID')[0]).toBe(inv.invoiceNumber);
    expect(all(xml, 'cbc:InvoiceTypeCode')).toEqual(['380']);
    expect(all(xml, 'cbc:DueDate')).toEqual([inv.dueDate]);
    const totals = block(xml, 'cac:LegalMonetaryTotal');
    expect(all(totals, 'cbc:LineExtensionAmount')).toEqual([pounds(inv.subtotal)]); // BT-106
    expect(all(totals, 'cbc:TaxInclusiveAmount')).toEqual([pounds(inv.total)]); // BT-112
    expect(all(totals, 'cbc:PayableAmount')).toEqual([pounds(inv.total)]);
    const tax = block(xml, 'cac:TaxTotal');
    expect(all(tax, 'cbc:TaxAmount')).toEqual([pounds(inv.taxAmount), pounds(inv.taxAmount)]); // BT-110, then the S subtotal
    expect(all(tax, 'cbc:TaxableAmount')).toEqual([pounds(inv.subtotal)]);
    expect(all(block(tax, 'cac:TaxCategory'), 'cbc:ID')).toEqual(['S', 'VAT']);
    expect(all(tax, 'cbc:Percent')).toEqual(['20']);
    // 2 x 150.50 and 1.5 x 10: line totals add up to BT-106
    expect(all(xml, 'cbc:InvoicedQuantity')).toEqual(['2', '1.5']);
    const lineTotals = [...xml.matchAll(/<cac:InvoiceLine>[\s\S]*?<cbc:LineExtensionAmount currencyID="GBP">([^<]*)</g)].map((m) => m[1]);
    expect(lineTotals).toEqual(['301.00', '15.00']);
    expect(all(xml, 'cbc:CompanyID')).toEqual(['GB123456789', 'GB999999973']);
    expect(all(xml, 'cbc:RegistrationName')).toEqual(['Bright Sparks Electrical', 'Harbour Lights Ltd']);
    expect(all(xml, 'cbc:PostalZone')).toEqual(['M1 2AB', 'BS1 4DJ']);
    expect(all(xml, 'cbc:CityName')).toEqual(['Manchester', 'Bristol']);
    expect(all(block(xml, 'cac:PayeeFinancialAccount'), 'cbc:ID')).toEqual(['GB33BUKB20201555555555', 'BUKBGB22']); // IBAN, then BIC
    expect(all(xml, 'cbc:PaymentMeansCode')).toEqual(['30']);
  });

  it('when the invoice is zero-rated, then its lines and breakdown are category Z at 0%', async () => {
    const inv = await issued({ tax: 0 });
    const { xml } = await xmlOf(`/api/invoices/${inv.id}/ubl`);
    expect(all(block(xml, 'cac:TaxSubtotal'), 'cbc:ID')).toEqual(['Z', 'VAT']);
    expect(all(xml, 'cbc:Percent')).toEqual(['0', '0', '0']);
    expect(all(block(xml, 'cac:TaxTotal'), 'cbc:TaxAmount')).toEqual(['0.00', '0.00']);
  });

  it('when a credit note is fetched as UBL, then it is a CreditNote referring to its invoice with the API’s figures', async () => {
    const inv = await issued();
    const created = await request(t.app)
      .post(`/api/invoices/${inv.id}/credit-notes`)
      .set(user.auth)
      .send({ reason: 'Overcharged', lineItems: [{ description: 'Refund', quantity: 1, unitPrice: 10.01 }] });
    expect(created.status).toBe(201);
    const note = created.body.data;
    const { res, xml } = await xmlOf(`/api/credit-notes/${note.id}/ubl`);
    expect(res.status).toBe(200);
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(all(xml, 'cbc:CreditNoteTypeCode')).toEqual(['381']);
    expect(xml).toContain(`<cbc:ID>${inv.invoiceNumber}</cbc:ID>`);
    const totals = block(xml, 'cac:LegalMonetaryTotal');
    expect(all(totals, 'cbc:LineExtensionAmount')).toEqual([pounds(note.subtotal)]);
    expect(all(totals, 'cbc:TaxInclusiveAmount')).toEqual([pounds(note.total)]);
    expect(all(block(xml, 'cac:TaxTotal'), 'cbc:TaxAmount')[0]).toBe(pounds(note.taxAmount));
  });

  it('when the invoice is a draft, then 409 with a clear message', async () => {
    const draft = await createInvoice(t.app, user, clientId);
    const res = await request(t.app).get(`/api/invoices/${draft.id}/ubl`).set(user.auth);
    expect([res.status, res.body.error]).toEqual([409, EINVOICE_MESSAGES.draft]);
  });

  it('when another account asks for the UBL, then 404 and nothing of the document', async () => {
    const inv = await issued();
    const res = await request(t.app).get(`/api/invoices/${inv.id}/ubl`).set(stranger.auth);
    expect([res.status, res.body.error]).toEqual([404, 'Invoice not found']);
    const bad = await request(t.app).get('/api/invoices/not-an-id/ubl').set(user.auth);
    expect(bad.status).toBe(400);
  });
});

/** The official Factur-X 1.07.3 EN 16931 XSDs (test/fixtures/xsd, SOURCE.md says where from). */
const XSD_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/xsd/factur-x-1.07.3-en16931');
const xsdFiles = readdirSync(XSD_DIR).filter((f) => f.endsWith('.xsd'));
const MAIN_XSD = 'Factur-X_1.07.3_EN16931.xsd';
const validateCii = (xml: string) =>
  validateXML({
    xml: [{ fileName: 'factur-x.xml', contents: xml }],
    schema: [{ fileName: MAIN_XSD, contents: readFileSync(path.join(XSD_DIR, MAIN_XSD), 'utf8') }],
    preload: xsdFiles.filter((f) => f !== MAIN_XSD).map((f) => ({ fileName: f, contents: readFileSync(path.join(XSD_DIR, f), 'utf8') })),
  });

describe('Factur-X', () => {
  const pdfOf = (p: string, u: TestUser = user) => getBinary(t.app, u, p);

  it('when an issued invoice is fetched as Factur-X, then the PDF opens, carries factur-x.xml, and the CII figures equal the API’s and the visible PDF’s', async () => {
    const inv = await issued();
    const res = await pdfOf(`/api/invoices/${inv.id}/preview?format=facturx`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const dir = mkdtempSync(path.join(tmpdir(), 'docket-fx-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const file = path.join(dir, 'invoice.pdf');
    writeFileSync(file, res.body as Buffer);
    expect(execFileSync('pdfdetach', ['-list', file]).toString('utf8')).toContain('factur-x.xml');
    const meta = execFileSync('pdfinfo', ['-meta', file]).toString('utf8');
    expect(meta).toMatch(/pdfaid:part(>|=")3/);
    execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
    const cii = readFileSync(path.join(dir, 'factur-x.xml'), 'utf8');
    const check = await validateCii(cii);
    expect(check.errors.map((e) => e.message)).toEqual([]);
    expect(check.valid).toBe(true);
    // The validation can fail: a misplaced element is refused.
    expect((await validateCii(cii.replace('<ram:GrandTotalAmount', '<ram:Bogus>1</ram:Bogus><ram:GrandTotalAmount'))).valid).toBe(false);
    expect(all(cii, 'ram:LineTotalAmount')).toContain(pounds(inv.subtotal)); // BT-106 (the header sum; lines carry their own)
    expect(all(cii, 'ram:TaxTotalAmount')).toEqual([pounds(inv.taxAmount)]); // BT-110
    expect(all(cii, 'ram:GrandTotalAmount')).toEqual([pounds(inv.total)]); // BT-112
    expect(all(cii, 'ram:CategoryCode')).toContain('S');
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString('utf8');
    expect(text).toContain(inv.invoiceNumber);
    expect(text).toContain(inv.total.toFixed(2));
    const plain = await pdfOf(`/api/invoices/${inv.id}/preview`);
    expect(execFileSync('pdftotext', ['-layout', '-', '-'], { input: plain.body as Buffer }).toString('utf8')).toBe(text);
  });

  it('when the invoice is a draft or another account’s, or the format unknown, then 409, 404 or 400', async () => {
    const draft = await createInvoice(t.app, user, clientId);
    expect((await request(t.app).get(`/api/invoices/${draft.id}/preview?format=facturx`).set(user.auth)).status).toBe(409);
    const inv = await issued();
    expect((await request(t.app).get(`/api/invoices/${inv.id}/preview?format=facturx`).set(stranger.auth)).status).toBe(404);
    const bad = await request(t.app).get(`/api/invoices/${inv.id}/preview?format=docx`).set(user.auth);
    expect([bad.status, bad.body.error]).toEqual([400, 'format must be pdf or facturx']);
  });
});

/** The CII inside an issued invoice's Factur-X PDF, checked against the XSDs. */
async function ciiOf(id: string, u: TestUser = user) {
  const res = await request(t.app)
    .get(`/api/invoices/${id}/preview?format=facturx`)
    .set(u.auth)
    .buffer(true)
    .parse((r, cb) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => cb(null, Buffer.concat(chunks)));
    });
  expect(res.status).toBe(200);
  const dir = mkdtempSync(path.join(tmpdir(), 'docket-fx-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'invoice.pdf');
  writeFileSync(file, res.body as Buffer);
  execFileSync('pdfdetach', ['-saveall', '-o', dir, file]);
  const cii = readFileSync(path.join(dir, 'factur-x.xml'), 'utf8');
  const check = await validateCii(cii);
  expect(check.errors.map((e) => e.message)).toEqual([]);
  expect(check.valid).toBe(true);
  return cii;
}
/** Each <tag> block's text, in document order. */
const blocks = (xml: string, tag: string) => [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((m) => m[1]!);
const ciiHeaderTax = (cii: string) => blocks(block(cii, 'ram:ApplicableHeaderTradeSettlement'), 'ram:ApplicableTradeTax');
const ublSubtotals = (xml: string) => blocks(block(xml, 'cac:TaxTotal'), 'cac:TaxSubtotal');

describe('E-invoices with VAT per line, reverse charge and CIS', () => {
  it('when an invoice mixes 20%, 5%, zero-rated and exempt lines with a discount, then UBL and CII carry the API’s breakdown, the discount as a line allowance and the units', async () => {
    const inv = await issued({
      lineItems: [
        { description: 'Rewire kitchen', quantity: 2, unitPrice: 150.5, vat: 'STANDARD', discountPercent: 10, unit: 'hour' },
        { description: 'Loft insulation', quantity: 1.5, unitPrice: 10.01, vat: 'REDUCED', unit: 'm' },
        { description: 'Safety boots (child)', quantity: 1, unitPrice: 20, vat: 'ZERO', unit: 'each' },
        { description: 'Warranty insurance', quantity: 1, unitPrice: 50, vat: 'EXEMPT' },
      ],
    });
    // The API's own figures: 270.90 at 20% (VAT 54.18), 15.02 at 5% (VAT 0.751 -> 0.75), 20 at 0%, 50 exempt.
    expect(inv.vatBreakdown.map((g: { vat: string; net: number; vatAmount: number }) => [g.vat, g.net, g.vatAmount])).toEqual([
      ['STANDARD', 270.9, 54.18],
      ['REDUCED', 15.02, 0.75],
      ['ZERO', 20, 0],
      ['EXEMPT', 50, 0],
    ]);
    expect([inv.subtotal, inv.taxAmount, inv.total]).toEqual([355.92, 54.93, 410.85]);

    const { xml } = await xmlOf(`/api/invoices/${inv.id}/ubl`);
    expect(all(block(xml, 'cac:TaxTotal'), 'cbc:TaxAmount')[0]).toBe(pounds(inv.taxAmount)); // BT-110
    const subs = ublSubtotals(xml);
    expect(subs.map((s) => [all(s, 'cbc:ID')[0], all(s, 'cbc:Percent')[0], all(s, 'cbc:TaxableAmount')[0], all(s, 'cbc:TaxAmount')[0]])).toEqual(
      inv.vatBreakdown.map((g: { rate: number; net: number; vatAmount: number }, i: number) => [
        ['S', 'S', 'Z', 'E'][i],
        String(g.rate),
        pounds(g.net),
        pounds(g.vatAmount),
      ]),
    );
    expect(all(subs[3]!, 'cbc:TaxExemptionReasonCode')).toEqual(['VATEX-EU-132']);
    expect(all(subs[3]!, 'cbc:TaxExemptionReason')).toEqual(['Exempt']);
    const totals = block(xml, 'cac:LegalMonetaryTotal');
    expect(all(totals, 'cbc:TaxExclusiveAmount')).toEqual([pounds(inv.subtotal)]);
    expect(all(totals, 'cbc:TaxInclusiveAmount')).toEqual([pounds(inv.total)]); // BT-112
    expect(all(totals, 'cbc:PayableAmount')).toEqual([pounds(inv.total)]);
    expect(xml).not.toContain('PrepaidAmount');
    const lines = blocks(xml, 'cac:InvoiceLine');
    expect(lines.map((l) => l.match(/unitCode="([^"]+)"/)![1])).toEqual(['HUR', 'MTR', 'C62', 'C62']);
    expect(all(xml, 'cbc:InvoicedQuantity')).toEqual(['2', '1.5', '1', '1']);
    expect(lines.map((l) => all(l, 'cbc:LineExtensionAmount')[0])).toEqual(['270.90', '15.02', '20.00', '50.00']);
    // 2 x 150.50 = 301.00, less the 10% allowance 30.10, is the line net 270.90 (BR-rules on line net).
    expect(all(lines[0]!, 'cbc:ChargeIndicator')).toEqual(['false']);
    expect(all(lines[0]!, 'cbc:Amount')).toEqual(['30.10']);
    expect(lines.slice(1).some((l) => l.includes('AllowanceCharge'))).toBe(false);
    expect(lines.map((l) => all(block(l, 'cac:ClassifiedTaxCategory'), 'cbc:ID')[0])).toEqual(['S', 'S', 'Z', 'E']);

    const cii = await ciiOf(inv.id);
    expect(all(cii, 'ram:TaxTotalAmount')).toEqual([pounds(inv.taxAmount)]); // BT-110
    expect(all(cii, 'ram:GrandTotalAmount')).toEqual([pounds(inv.total)]); // BT-112
    expect(all(cii, 'ram:DuePayableAmount')).toEqual([pounds(inv.total)]);
    expect(all(cii, 'ram:TaxBasisTotalAmount')).toEqual([pounds(inv.subtotal)]);
    const taxes = ciiHeaderTax(cii);
    expect(taxes.map((x) => [all(x, 'ram:CategoryCode')[0], all(x, 'ram:BasisAmount')[0], all(x, 'ram:CalculatedAmount')[0]])).toEqual(
      inv.vatBreakdown.map((g: { net: number; vatAmount: number }, i: number) => [['S', 'S', 'Z', 'E'][i], pounds(g.net), pounds(g.vatAmount)]),
    );
    expect(all(taxes[3]!, 'ram:ExemptionReasonCode')).toEqual(['VATEX-EU-132']);
    expect(all(cii, 'ram:ActualAmount')).toEqual(['30.10']);
    expect(all(cii, 'ram:BilledQuantity')).toEqual(['2', '1.5', '1', '1']);
  });

  it('when lines are outside the scope of VAT, then an all-outside invoice is O with no rate and no VAT numbers but a seller identifier, and outside lines beside others answer 409', async () => {
    const only = await issued({ lineItems: [{ description: 'Disbursement', quantity: 1, unitPrice: 12.34, vat: 'OUTSIDE_SCOPE' }] });
    const { xml } = await xmlOf(`/api/invoices/${only.id}/ubl`);
    const subs = ublSubtotals(xml);
    expect(subs.map((s) => [all(s, 'cbc:ID')[0], all(s, 'cbc:Percent'), all(s, 'cbc:TaxableAmount')[0], all(s, 'cbc:TaxExemptionReasonCode')[0]])).toEqual([
      ['O', [], pounds(only.subtotal), 'VATEX-EU-O'],
    ]);
    expect(all(xml, 'cbc:CompanyID')).toEqual([]); // BR-O-02
    // BR-CO-26: the seller identifier (BT-29) names the seller instead.
    expect(all(block(xml, 'cac:PartyIdentification'), 'cbc:ID')).toEqual(['GB123456789']);
    const cii = await ciiOf(only.id);
    expect(all(cii, 'ram:CategoryCode')).toEqual(['O', 'O']);
    expect(all(block(cii, 'ram:SellerTradeParty'), 'ram:ID')[0]).toBe('GB123456789');

    const mixed = await issued({
      lineItems: [
        { description: 'Labour', quantity: 1, unitPrice: 100, vat: 'STANDARD' },
        { description: 'Disbursement', quantity: 1, unitPrice: 12.34, vat: 'OUTSIDE_SCOPE' },
      ],
    });
    for (const p of [`/api/invoices/${mixed.id}/ubl`, `/api/invoices/${mixed.id}/preview?format=facturx`]) {
      const res = await request(t.app).get(p).set(user.auth);
      expect([res.status, res.body.error]).toEqual([409, EINVOICE_MESSAGES.outsideScopeMixed]);
    }
  });

  it('when an invoice is reverse charge, then its lines are AE at 0% with the reason, no VAT is charged, and the legend is the note', async () => {
    const inv = await issued({
      lineItems: [
        { description: 'Second fix', quantity: 1, unitPrice: 1000, vat: 'RC_STANDARD' },
        { description: 'Energy-saving install', quantity: 1, unitPrice: 100, vat: 'RC_REDUCED' },
      ],
    });
    expect([inv.subtotal, inv.taxAmount, inv.total, inv.reverseChargeVat]).toEqual([1100, 0, 1100, 205]);

    const { xml } = await xmlOf(`/api/invoices/${inv.id}/ubl`);
    const subs = ublSubtotals(xml);
    expect(subs).toHaveLength(1);
    expect([all(subs[0]!, 'cbc:ID')[0], all(subs[0]!, 'cbc:Percent')[0], all(subs[0]!, 'cbc:TaxableAmount')[0], all(subs[0]!, 'cbc:TaxAmount')[0]]).toEqual([
      'AE',
      '0',
      pounds(inv.subtotal),
      '0.00',
    ]);
    expect(all(subs[0]!, 'cbc:TaxExemptionReasonCode')).toEqual(['VATEX-EU-AE']);
    expect(all(subs[0]!, 'cbc:TaxExemptionReason')).toEqual(['Reverse charge']);
    expect(all(block(xml, 'cac:TaxTotal'), 'cbc:TaxAmount')[0]).toBe('0.00');
    expect(all(block(xml, 'cac:LegalMonetaryTotal'), 'cbc:PayableAmount')).toEqual([pounds(inv.total)]);
    expect(all(xml, 'cbc:Note')).toEqual(['Reverse charge: Customer to pay the VAT to HMRC']);
    expect(all(xml, 'cbc:CompanyID')).toEqual(['GB123456789', 'GB999999973']); // BR-AE-02: both VAT numbers

    const cii = await ciiOf(inv.id);
    const taxes = ciiHeaderTax(cii);
    expect(
      taxes.map((x) => [all(x, 'ram:CategoryCode')[0], all(x, 'ram:BasisAmount')[0], all(x, 'ram:CalculatedAmount')[0], all(x, 'ram:ExemptionReasonCode')[0]]),
    ).toEqual([['AE', pounds(inv.subtotal), '0.00', 'VATEX-EU-AE']]);
    expect(all(cii, 'ram:TaxTotalAmount')).toEqual(['0.00']);
    expect(all(cii, 'ram:GrandTotalAmount')).toEqual([pounds(inv.total)]);
  });

  it('when an invoice carries a CIS deduction, then the VAT is untouched and the deduction is prepaid, so the amount payable is the API’s amount due', async () => {
    const cisUser = await registerUser(t.app);
    await request(t.app)
      .post('/api/company')
      .set(cisUser.auth)
      .send(sampleCompany({ cisSubcontractor: true }))
      .expect(201);
    const contractor = await createClient(t.app, cisUser, { name: 'Main Contractor Ltd', isBusiness: true, cisRate: 20, vatNumber: 'GB999999973' });
    const draft = await createInvoice(t.app, cisUser, contractor.id, {
      lineItems: [
        { description: 'Labour', quantity: 1, unitPrice: 500, kind: 'LABOUR' },
        { description: 'Cable and fittings', quantity: 1, unitPrice: 200, kind: 'MATERIALS' },
      ],
    });
    expect((await act(t.app, cisUser, 'invoices', draft.id, 'send')).status).toBe(200);
    const inv = (await request(t.app).get(`/api/invoices/${draft.id}`).set(cisUser.auth)).body.data;
    expect([inv.subtotal, inv.taxAmount, inv.total, inv.cis.deduction, inv.amountDue]).toEqual([700, 140, 840, 100, 740]);

    const { xml } = await xmlOf(`/api/invoices/${inv.id}/ubl`, cisUser);
    const totals = block(xml, 'cac:LegalMonetaryTotal');
    expect(all(totals, 'cbc:TaxInclusiveAmount')).toEqual([pounds(inv.total)]);
    expect(all(totals, 'cbc:PrepaidAmount')).toEqual([pounds(inv.cis.deduction)]); // BT-113
    expect(all(totals, 'cbc:PayableAmount')).toEqual([pounds(inv.amountDue)]); // BT-115 = BT-112 - BT-113
    expect(all(block(xml, 'cac:TaxTotal'), 'cbc:TaxAmount')).toEqual([pounds(inv.taxAmount), pounds(inv.taxAmount)]);
    expect(all(xml, 'cbc:Note')[0]).toMatch(/^CIS deduction £100\.00 \(20% of labour £500\.00\).*amount due £740\.00$/);

    const cii = await ciiOf(inv.id, cisUser);
    expect(all(cii, 'ram:GrandTotalAmount')).toEqual([pounds(inv.total)]);
    expect(all(cii, 'ram:TotalPrepaidAmount')).toEqual([pounds(inv.cis.deduction)]);
    expect(all(cii, 'ram:DuePayableAmount')).toEqual([pounds(inv.amountDue)]);
    expect(all(cii, 'ram:TaxTotalAmount')).toEqual([pounds(inv.taxAmount)]);
  });
});
