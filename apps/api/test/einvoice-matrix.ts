/**
 * The e-invoice conformance matrix that `pnpm test:einvoice` runs (einvoice-conformance.ts finds
 * the kit). Besides the kit's verdicts, it checks what the kit cannot: the Factur-X 1.07.3 EN 16931
 * profile (guideline id, the one attachment factur-x.xml, XMP), text written literally, and the
 * figures of the API, the PDF, the UBL and the CII agreeing to the penny.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { EINVOICE_MESSAGES } from '@docket/schemas/data-transfer';
import { formatPence, poundsToPence } from '@docket/schemas/money';
import { createTestApp, registerUser, sampleCompany, type TestApp, type TestUser } from './test-app.ts';
import { act, createClient, createInvoice, createQuote, getBinary, pdfTextOf } from './document-fixtures.ts';

const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017';

const failures: string[] = [];
const fail = (what: string) => failures.push(what);
const check = (ok: boolean, what: string) => {
  if (!ok) fail(what);
};

const OUT = mkdtempSync(path.join(tmpdir(), 'docket-einvoice-'));
let t: TestApp;

// ---- reading the XML back: XPath 1.0 by xmllint, several values of one file in one run ----
const SEP = '\u241E';
/** Element names (not functions, attributes or literals) matched by local name: the files use three namespaces. */
const local = (expr: string) => expr.replace(/(^|\/|\()([A-Za-z][\w-]*)(?=$|\/|\)|\[)/g, "$1*[local-name()='$2']");
/** The string value of each XPath (written with plain local names, see `local`) in `file`. */
function values(file: string, paths: string[]): string[] {
  const parts = paths.map((p) => `string(${local(p)})`);
  const expr = parts.length === 1 ? `concat(${parts[0]}, '')` : `concat(${parts.join(`, '${SEP}', `)})`;
  const r = spawnSync('xmllint', ['--nonet', '--xpath', expr, file], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`xmllint --xpath failed on ${file}: ${r.stderr}`);
  // xmllint ends what it prints with one line feed of its own.
  return r.stdout.replace(/\n$/, '').split(SEP);
}

interface Doc {
  name: string;
  kind: 'invoice' | 'credit_note';
  id: string;
  user: TestUser;
  /** the API's answer */
  answer: { total: number; subtotal: number; taxAmount: number; amountDue?: number; lineItems: { description: string }[] };
  /** UBL refused with this 409 message instead of written */
  ublRefused?: string;
}
const docs: Doc[] = [];

async function issue(user: TestUser, name: string, clientId: string, over: Record<string, unknown>, expect?: { ublRefused?: string }) {
  const draft = await createInvoice(t.app, user, clientId, over);
  const sent = await act(t.app, user, 'invoices', draft.id, 'send');
  if (sent.status !== 200) throw new Error(`${name}: send failed ${sent.status} ${JSON.stringify(sent.body)}`);
  const answer = (await request(t.app).get(`/api/invoices/${draft.id}`).set(user.auth)).body.data;
  docs.push({ name, kind: 'invoice', id: draft.id, user, answer, ...expect });
  return answer as { id: string };
}

async function credit(
  user: TestUser,
  of: { id: string },
  name: string,
  body: Record<string, unknown> = { reason: 'Credited in full' },
  expect?: { ublRefused?: string },
) {
  const res = await request(t.app).post(`/api/invoices/${of.id}/credit-notes`).set(user.auth).send(body);
  if (res.status !== 201) throw new Error(`${name}: credit note failed ${res.status} ${JSON.stringify(res.body)}`);
  docs.push({ name, kind: 'credit_note', id: res.body.data.id, user, answer: res.body.data, ...expect });
}

async function approvedQuote(user: TestUser, clientId: string, lineItems: unknown[]) {
  const quote = await createQuote(t.app, user, clientId, { lineItems });
  for (const step of ['send', 'approve']) {
    const r = await act(t.app, user, 'quotes', quote.id, step);
    if (r.status !== 200) throw new Error(`quote ${step} failed ${r.status}`);
  }
  return quote.id as string;
}

async function fromQuote(user: TestUser, quoteId: string, name: string, body: Record<string, unknown>) {
  const res = await request(t.app).post(`/api/quotes/${quoteId}/invoices`).set(user.auth).send(body);
  if (res.status !== 201) throw new Error(`${name}: ${res.status} ${JSON.stringify(res.body)}`);
  const sent = await act(t.app, user, 'invoices', res.body.data.id, 'send');
  if (sent.status !== 200) throw new Error(`${name}: send failed ${sent.status}`);
  const answer = (await request(t.app).get(`/api/invoices/${res.body.data.id}`).set(user.auth)).body.data;
  docs.push({ name, kind: 'invoice', id: answer.id, user, answer });
  return answer as { id: string };
}

/** Text that looks like markup or entities, and characters far from ASCII: each must come back exactly as typed. */
const LITERAL_TEXTS = [
  'AT&T; cabling',
  'R&D; consultancy',
  '&pound;',
  '&#x1;',
  '&#0;',
  '&amp;',
  'Tom & Jerry <b>bold</b> > "quoted" \'single\'',
  'Zoë Łukasiewicz — café 日本 😀 €',
];

async function buildMatrix() {
  const main = await registerUser(t.app);
  await request(t.app).post('/api/company').set(main.auth).send(sampleCompany()).expect(201);
  const withVat = (
    await createClient(t.app, main, { name: 'Harbour Lights Ltd', isBusiness: true, vatNumber: 'GB999999973', address: '1 Quay Street\nBristol\nBS1 4DJ' })
  ).id;
  // No email either: a client may have none, and an empty ElectronicMail fails PEPPOL-EN16931-R008.
  const withPeppol = (
    await createClient(t.app, main, { name: 'County Hospital Trust', isBusiness: true, email: '', peppolId: { scheme: '0088', value: '5790000435968' } })
  ).id;
  const withBoth = (
    await createClient(t.app, main, { name: 'Both Ids Ltd', isBusiness: true, vatNumber: 'GB 999 9999 73', peppolId: { scheme: '9932', value: 'gb999999973' } })
  ).id;
  const consumer = (await createClient(t.app, main, { name: 'Pat Consumer', address: '4 Elm Road\nLeeds\nLS1 1AA' })).id;
  const unicode = (
    await createClient(t.app, main, {
      name: 'Zoë Łukasiewicz & Søn <Ltd> "AT&T;"',
      isBusiness: true,
      vatNumber: 'GB999999973',
      address: '1 Rue & Co\r\nLondon\nSW1A 1AA',
    })
  ).id;

  const lines = (...ls: Record<string, unknown>[]) => ({ lineItems: ls });
  const standard = await issue(main, 'standard', withVat, {});
  const mixed = await issue(
    main,
    'mixed-20-5-0',
    withVat,
    lines(
      { description: 'Rewire kitchen', quantity: 2, unitPrice: 150.5, vat: 'STANDARD' },
      { description: 'Loft insulation', quantity: 1.5, unitPrice: 10.01, vat: 'REDUCED', unit: 'm' },
      { description: 'Safety boots (child)', quantity: 1, unitPrice: 20, vat: 'ZERO' },
    ),
  );
  const exempt = await issue(
    main,
    'exempt',
    withVat,
    lines(
      { description: 'Warranty insurance', quantity: 1, unitPrice: 50, vat: 'EXEMPT' },
      { description: 'Labour', quantity: 1, unitPrice: 100, vat: 'STANDARD' },
    ),
  );
  const exemptOnly = await issue(main, 'exempt-only', withVat, lines({ description: 'Insurance', quantity: 3, unitPrice: 12.5, vat: 'EXEMPT' }));
  const outside = await issue(
    main,
    'outside-scope',
    withVat,
    lines(
      { description: 'Disbursement: Land Registry fee', quantity: 1, unitPrice: 12.34, vat: 'OUTSIDE_SCOPE' },
      { description: 'MOT fee paid for you', quantity: 2, unitPrice: 54.85, vat: 'OUTSIDE_SCOPE' },
    ),
  );
  const reverse = await issue(
    main,
    'reverse-charge',
    withVat,
    lines(
      { description: 'Second fix', quantity: 1, unitPrice: 1000, vat: 'RC_STANDARD' },
      { description: 'Energy-saving install', quantity: 1, unitPrice: 100, vat: 'RC_REDUCED' },
    ),
  );
  const discounts = await issue(
    main,
    'discounts',
    withVat,
    lines(
      { description: 'Rewire kitchen', quantity: 2, unitPrice: 150.5, vat: 'STANDARD', discountPercent: 10, unit: 'hour' },
      { description: 'Consumer unit', quantity: 1, unitPrice: 333.33, discountPercent: 12.5 },
      { description: 'Child seat', quantity: 3, unitPrice: 19.99, vat: 'REDUCED', discountPercent: 33.33 },
    ),
  );
  const fractional = await issue(
    main,
    'fractional-quantities',
    withVat,
    lines(
      { description: 'Labour', quantity: 0.333, unitPrice: 45, unit: 'hours' },
      { description: 'Cable', quantity: 12.125, unitPrice: 1.99, unit: 'metres' },
      { description: 'Clips', quantity: 0.001, unitPrice: 7 },
    ),
  );
  const literal = await issue(main, 'literal-text', unicode, lines(...LITERAL_TEXTS.map((description, i) => ({ description, quantity: 1, unitPrice: 1 + i }))));
  const peppolClient = await issue(main, 'client-peppol-id-no-vat', withPeppol, {});
  const bothClient = await issue(main, 'client-vat-and-peppol-id', withBoth, {});
  const consumerDoc = await issue(main, 'client-without-vat-or-peppol-id', consumer, {}, { ublRefused: EINVOICE_MESSAGES.buyerNoEndpoint });

  // Deposit, stage and final invoices from one quote with three VAT codes.
  const quoteId = await approvedQuote(main, withVat, [
    { description: 'Bathroom refit', quantity: 1, unitPrice: 4166.67, vat: 'STANDARD' },
    { description: 'Grab rails (relief)', quantity: 2, unitPrice: 120, vat: 'ZERO' },
    { description: 'Insulation', quantity: 1, unitPrice: 333.33, vat: 'REDUCED' },
  ]);
  const deposit = await fromQuote(main, quoteId, 'deposit', { type: 'DEPOSIT', percent: 30 });
  const stage = await fromQuote(main, quoteId, 'stage', { type: 'STAGE', amount: 1000.01 });
  const final = await fromQuote(main, quoteId, 'final-with-deductions', { type: 'FINAL' });

  // The refusal: outside-the-scope lines beside another category.
  const mixedO = await createInvoice(
    t.app,
    main,
    withVat,
    lines(
      { description: 'Labour', quantity: 1, unitPrice: 100, vat: 'STANDARD' },
      { description: 'Disbursement', quantity: 1, unitPrice: 12.34, vat: 'OUTSIDE_SCOPE' },
    ),
  );
  await act(t.app, main, 'invoices', mixedO.id, 'send');
  for (const p of [`/api/invoices/${mixedO.id}/ubl`, `/api/invoices/${mixedO.id}/preview?format=facturx`]) {
    const res = await request(t.app).get(p).set(main.auth);
    check(
      res.status === 409 && res.body.error === EINVOICE_MESSAGES.outsideScopeMixed,
      `mixed O and S: ${p} answers ${res.status} ${JSON.stringify(res.body)}, expected 409 outsideScopeMixed`,
    );
  }

  // A CIS subcontractor with a Peppol id of its own.
  const cisUser = await registerUser(t.app);
  await request(t.app)
    .post('/api/company')
    .set(cisUser.auth)
    .send(sampleCompany({ cisSubcontractor: true, peppolId: { scheme: '0088', value: '5790000435951' } }))
    .expect(201);
  const contractor = (await createClient(t.app, cisUser, { name: 'Main Contractor Ltd', isBusiness: true, cisRate: 20, vatNumber: 'GB999999973' })).id;
  const cis = await issue(
    cisUser,
    'cis',
    contractor,
    lines(
      { description: 'Labour', quantity: 1, unitPrice: 500, kind: 'LABOUR' },
      { description: 'Cable and fittings', quantity: 1, unitPrice: 200, kind: 'MATERIALS' },
    ),
  );
  const cisRc = await issue(
    cisUser,
    'cis-reverse-charge',
    contractor,
    lines(
      { description: 'Second fix labour', quantity: 1, unitPrice: 800, kind: 'LABOUR', vat: 'RC_STANDARD' },
      { description: 'Materials', quantity: 1, unitPrice: 150.55, kind: 'MATERIALS', vat: 'RC_STANDARD' },
    ),
  );

  // Credit notes of each (whole credits), and one partial credit at a line's own rate.
  for (const [name, inv, user] of [
    ['standard', standard, main],
    ['mixed-20-5-0', mixed, main],
    ['exempt', exempt, main],
    ['exempt-only', exemptOnly, main],
    ['outside-scope', outside, main],
    ['reverse-charge', reverse, main],
    ['discounts', discounts, main],
    ['fractional-quantities', fractional, main],
    ['literal-text', literal, main],
    ['client-peppol-id-no-vat', peppolClient, main],
    ['client-vat-and-peppol-id', bothClient, main],
    ['deposit', deposit, main],
    ['stage', stage, main],
    ['final-with-deductions', final, main],
    ['cis', cis, cisUser],
    ['cis-reverse-charge', cisRc, cisUser],
  ] as const)
    await credit(user, inv, `credit-${name}`, { reason: `Credit for ${name} & "AT&T;"` });
  await credit(main, consumerDoc, 'credit-client-without-vat-or-peppol-id', undefined, { ublRefused: EINVOICE_MESSAGES.buyerNoEndpoint });
  const partly = await issue(
    main,
    'partly-credited',
    withVat,
    lines(
      { description: 'Rewire', quantity: 2, unitPrice: 150.5, vat: 'STANDARD' },
      { description: 'Insulation', quantity: 3, unitPrice: 10.01, vat: 'REDUCED' },
    ),
  );
  await credit(main, partly, 'credit-partial', {
    reason: 'Part refund',
    lineItems: [{ description: 'Refund & <goodwill>', quantity: 0.5, unitPrice: 10.01, vat: 'REDUCED' }],
  });
}

interface Written {
  doc: Doc;
  ubl?: string;
  cii: string;
  pdf: string;
}

async function fetchXml(doc: Doc): Promise<Written> {
  const base = doc.kind === 'invoice' ? 'invoices' : 'credit-notes';
  const stem = path.join(OUT, `${String(docs.indexOf(doc) + 1).padStart(2, '0')}-${doc.name}`);
  const written: Written = { doc, cii: `${stem}.cii.xml`, pdf: `${stem}.factur-x.pdf` };
  const ubl = await getBinary(t.app, doc.user, `/api/${base}/${doc.id}/ubl`);
  if (doc.ublRefused) {
    const body = JSON.parse((ubl.body as Buffer).toString('utf8'));
    check(ubl.status === 409 && body.error === doc.ublRefused, `${doc.name}: UBL answers ${ubl.status} ${body.error}, expected 409 ${doc.ublRefused}`);
  } else if (ubl.status !== 200) fail(`${doc.name}: UBL answers ${ubl.status} ${(ubl.body as Buffer).toString('utf8')}`);
  else {
    written.ubl = `${stem}.ubl.xml`;
    writeFileSync(written.ubl, ubl.body as Buffer);
  }
  const fx = await getBinary(t.app, doc.user, `/api/${base}/${doc.id}/preview?format=facturx`);
  if (fx.status !== 200) throw new Error(`${doc.name}: Factur-X answers ${fx.status} ${(fx.body as Buffer).toString('utf8')}`);
  writeFileSync(written.pdf, fx.body as Buffer);
  const dir = `${stem}.attachments`;
  mkdirSync(dir);
  execFileSync('pdfdetach', ['-saveall', '-o', dir, written.pdf]);
  writeFileSync(written.cii, readFileSync(path.join(dir, 'factur-x.xml')));
  return written;
}

const pounds = (n: number) => (poundsToPence(n) / 100).toFixed(2);

/** What the kit cannot check: Factur-X 1.07.3 EN 16931 profile requirements, literal text and the figures. */
function ownChecks(w: Written) {
  const { doc } = w;
  const n = doc.name;
  const typeCode = doc.kind === 'invoice' ? '380' : '381';
  const a = doc.answer;
  const due = a.amountDue ?? a.total;
  const typed = a.lineItems.map((l) => l.description);
  const sum = (f: string) => `//SpecifiedTradeSettlementHeaderMonetarySummation/${f}`;
  const ciiPaths = {
    guideline: '/CrossIndustryInvoice/ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID',
    typeCode: '/CrossIndustryInvoice/ExchangedDocument/TypeCode',
    currency: '//ApplicableHeaderTradeSettlement/InvoiceCurrencyCode',
    otherCurrencyIds: "count(//@currencyID[local-name(..) != 'TaxTotalAmount'])",
    taxTotalCurrency: '//TaxTotalAmount/@currencyID',
    taxTotals: 'count(//TaxTotalAmount)',
    empty: 'count(//*[not(*) and normalize-space(.) = ""])',
    subtotal: sum('LineTotalAmount'),
    tax: sum('TaxTotalAmount'),
    total: sum('GrandTotalAmount'),
    due: sum('DuePayableAmount'),
    names: 'count(//IncludedSupplyChainTradeLineItem)',
  };
  const keys = Object.keys(ciiPaths) as (keyof typeof ciiPaths)[];
  const nameOf = (line: string) => typed.map((_, i) => `(${line})[${i + 1}]`);
  const got = values(w.cii, [...keys.map((k) => ciiPaths[k]), ...nameOf('//IncludedSupplyChainTradeLineItem/SpecifiedTradeProduct/Name')]);
  const cii = Object.fromEntries(keys.map((k, i) => [k, got[i]!])) as Record<keyof typeof ciiPaths, string>;
  const ciiNames = got.slice(keys.length);
  // Factur-X 1.07.3, EN 16931 profile: the CII
  check(cii.guideline === FACTURX_GUIDELINE, `${n}: CII guideline id ${cii.guideline} is not ${FACTURX_GUIDELINE}`);
  check(cii.typeCode === typeCode, `${n}: CII TypeCode ${cii.typeCode} is not ${typeCode}`);
  check(cii.currency === 'GBP', `${n}: CII InvoiceCurrencyCode ${cii.currency}`);
  check(cii.otherCurrencyIds === '0', `${n}: CII has currencyID on an amount other than TaxTotalAmount (CII-DT-031)`);
  check(cii.taxTotals === '1' && cii.taxTotalCurrency === cii.currency, `${n}: CII TaxTotalAmount is not one amount in the invoice currency`);
  check(cii.empty === '0', `${n}: CII has an empty element`);
  // Factur-X 1.07.3: the PDF/A-3 carries factur-x.xml and the XMP says EN 16931
  const list = execFileSync('pdfdetach', ['-list', w.pdf]).toString('utf8');
  check(/\bfactur-x\.xml\b/.test(list) && list.trim().split('\n').length === 2, `${n}: the PDF's only attachment is not factur-x.xml (${list.trim()})`);
  const xmp = execFileSync('pdfinfo', ['-meta', w.pdf]).toString('utf8');
  for (const [field, value] of [
    ['fx:ConformanceLevel', 'EN 16931'],
    ['fx:DocumentFileName', 'factur-x.xml'],
    ['fx:DocumentType', 'INVOICE'],
    ['fx:Version', '1.0'],
    ['pdfaid:part', '3'],
    ['pdfaid:conformance', 'B'],
  ]) {
    check(new RegExp(`<${field}>${value}</${field}>|${field}="${value}"`).test(xmp), `${n}: XMP ${field} is not ${value}`);
  }
  const qdf = execFileSync('qpdf', ['--qdf', '--object-streams=disable', w.pdf, '-'], { maxBuffer: 256 * 1024 * 1024 }).toString('latin1');
  check(/\/AFRelationship \/(Data|Alternative|Source)\b/.test(qdf), `${n}: the attachment's AFRelationship is not Data, Alternative or Source`);
  check(/\/Subtype \/text#2fxml/.test(qdf), `${n}: the attachment's MIME type is not text/xml`);

  // The same figures everywhere: API, CII, UBL and the visible PDF, to the penny.
  check(cii.subtotal === pounds(a.subtotal), `${n}: CII BT-106 ${cii.subtotal} != API ${pounds(a.subtotal)}`);
  check(cii.tax === pounds(a.taxAmount), `${n}: CII BT-110 ${cii.tax} != API ${pounds(a.taxAmount)}`);
  check(cii.total === pounds(a.total), `${n}: CII BT-112 ${cii.total} != API ${pounds(a.total)}`);
  check(cii.due === pounds(due), `${n}: CII BT-115 ${cii.due} != API ${pounds(due)}`);
  // Literal text: every line's description is in both XMLs exactly as typed.
  check(
    cii.names === String(typed.length) && JSON.stringify(ciiNames) === JSON.stringify(typed),
    `${n}: CII line names ${JSON.stringify(ciiNames)} != typed ${JSON.stringify(typed)}`,
  );
  if (w.ubl) {
    const line = doc.kind === 'invoice' ? 'InvoiceLine' : 'CreditNoteLine';
    const total = (f: string) => `/*/LegalMonetaryTotal/${f}`;
    const [subtotal, tax, inclusive, payable, type, emSchemes, negativePrices, empty, ...ublNames] = values(w.ubl, [
      total('LineExtensionAmount'),
      '/*/TaxTotal/TaxAmount',
      total('TaxInclusiveAmount'),
      total('PayableAmount'),
      doc.kind === 'invoice' ? '/Invoice/InvoiceTypeCode' : '/CreditNote/CreditNoteTypeCode',
      "count(//EndpointID[@schemeID = 'EM'])",
      "count(//Price/PriceAmount[starts-with(normalize-space(.), '-')])",
      'count(//*[not(*) and normalize-space(.) = ""])',
      ...nameOf(`//${line}/Item/Name`),
    ]);
    check(subtotal === pounds(a.subtotal), `${n}: UBL BT-106 ${subtotal} != API ${pounds(a.subtotal)}`);
    check(tax === pounds(a.taxAmount), `${n}: UBL BT-110 ${tax} != API ${pounds(a.taxAmount)}`);
    check(inclusive === pounds(a.total), `${n}: UBL BT-112 ${inclusive} != API ${pounds(a.total)}`);
    check(payable === pounds(due), `${n}: UBL BT-115 ${payable} != API ${pounds(due)}`);
    check(type === typeCode, `${n}: UBL type code ${type}`);
    check(emSchemes === '0', `${n}: UBL EndpointID with scheme EM`);
    check(negativePrices === '0', `${n}: UBL negative item price (BR-27)`);
    check(empty === '0', `${n}: UBL has an empty element (PEPPOL-EN16931-R008)`);
    check(JSON.stringify(ublNames) === JSON.stringify(typed), `${n}: UBL line names ${JSON.stringify(ublNames)} != typed ${JSON.stringify(typed)}`);
  }
  const pdfText = pdfTextOf(readFileSync(w.pdf));
  check(pdfText.includes(formatPence(poundsToPence(a.total))), `${n}: the PDF does not print the total ${formatPence(poundsToPence(a.total))}`);
}

interface KitResult {
  file: string;
  status: string;
  checks: { label: string; status: string; messages?: unknown[]; errors?: { id: string; text: string; path?: string }[]; warnings?: { id: string }[] }[];
}

export async function runMatrix(KIT: string): Promise<number> {
  t = await createTestApp({ planLimitOverrides: { invoicesPerMonth: -1, maxClients: -1 } });
  try {
    const started = Date.now();
    const lap = (what: string) => console.log(`  ${what}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await buildMatrix();
    lap('documents issued');
    const written: Written[] = [];
    for (const doc of docs) written.push(await fetchXml(doc));
    lap('UBL and Factur-X fetched');
    for (const w of written) ownChecks(w);
    lap('own checks');
    const files = written.flatMap((w) => (w.ubl ? [w.ubl, w.cii] : [w.cii]));
    console.log(`e-invoice conformance: ${docs.length} documents, ${files.length} XML files in ${OUT}; running the kit at ${KIT}`);
    const run = spawnSync(path.join(KIT, 'validate-einvoice.sh'), ['--json', ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (run.status === 2 || !run.stdout.trim().startsWith('[')) {
      fail(`the kit could not run (exit ${run.status}): ${run.stderr.trim() || run.stdout.slice(0, 2000)}`);
    } else {
      const results = JSON.parse(run.stdout) as KitResult[];
      let warnings = 0;
      for (const r of results) {
        for (const c of r.checks) {
          warnings += c.warnings?.length ?? 0;
          for (const e of c.errors ?? []) fail(`${path.basename(r.file)} [${c.label}] ${e.id}: ${e.text.trim()} at ${e.path ?? ''}`);
          if (c.status === 'fail' && !c.errors?.length) fail(`${path.basename(r.file)} [${c.label}] ${JSON.stringify(c.messages ?? c).slice(0, 1000)}`);
        }
        if (r.status !== 'pass' && !r.checks.some((c) => c.status === 'fail'))
          fail(`${path.basename(r.file)}: kit status ${r.status} ${JSON.stringify(r.checks).slice(0, 500)}`);
      }
      check(results.length === files.length, `the kit reported ${results.length} files of ${files.length}`);
      check(run.status === 0 || failures.length > 0, `the kit exited ${run.status}`);
      console.log(`kit: ${results.length} files checked, ${warnings} warning(s)`);
      lap('kit');
    }
  } finally {
    await t.close();
  }
  if (failures.length) {
    console.error(`e-invoice conformance: FAILED (${failures.length})\n${failures.map((f) => `  - ${f}`).join('\n')}`);
    return 1;
  }
  console.log(`e-invoice conformance: passed (${docs.length} documents; files kept in ${OUT})`);
  return 0;
}
