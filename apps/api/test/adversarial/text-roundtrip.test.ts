import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestApp, registerUser, sampleClient, sampleCompany, type TestApp, type TestUser } from '../test-app.ts';
import { readPdf } from '../../src/pdf/testing/read-pdf.ts';
import { FORBIDDEN_TEXT } from '../../src/middleware/validate.ts';
import { hasVisibleCharacter, isCleanIdentifier } from '@docket/schemas/common';
import { countCase, listen, stats, type Method, report } from './support.ts';

const SEED = Number(process.env.FC_SEED ?? 20_261_122);
const RUNS = Math.ceil(30 * Number(process.env.FC_SCALE ?? 1));

/** What SQL injection, template injection and HTML/XSS payloads look like. */
const FRAGMENTS = [
  "Robert'); DROP TABLE clients;--",
  "' OR '1'='1",
  '" OR ""="',
  '1; SELECT pg_sleep(5)',
  "\\'; --",
  '%_%',
  '$1 $$ $tag$',
  '/* comment */',
  '<script>alert("x")</script>',
  '<img src=x onerror=alert(1)>',
  '<b>bold</b> &amp; &lt;',
  '{{7*7}} ${7*7} #{7*7}',
  '%s %n %x',
  '../../etc/passwd',
  'Zoë & Søn — “Ltd” £5 €3',
  '😀 👩‍🔧',
];

/** Printable text as a user could type it; leading/trailing space is trimmed by design. */
const text = (max: number) =>
  fc
    .array(fc.oneof(fc.constantFrom(...FRAGMENTS), fc.string({ unit: 'grapheme', maxLength: 6 })), { minLength: 1, maxLength: 4 })
    .map((parts) => Array.from(parts.join(' ')).slice(0, max).join('').trim())
    .filter((s) => s.length > 0 && !FORBIDDEN_TEXT.test(s));
/** Required names need something visible (docs/product.md, "Text"). */
const name = (max: number) => text(max).filter(hasVisibleCharacter);
/** Identifiers take no control, format or text-direction characters (docs/product.md, "Text"). */
const identifier = (max: number) => text(max).filter(isCleanIdentifier);

let t: TestApp;
let http: Awaited<ReturnType<typeof listen>>;
let user: TestUser;
const JSON_TYPE = { 'content-type': 'application/json' };
const send = (method: Method, p: string, body?: unknown) =>
  http.send(method, `/api${p}`, { ...user.auth, ...(body === undefined ? {} : JSON_TYPE) }, body === undefined ? undefined : JSON.stringify(body));
async function ok<T = Record<string, unknown>>(method: Method, p: string, body?: unknown): Promise<T> {
  const res = await send(method, p, body);
  countCase(res.status);
  if (res.status >= 300) throw new Error(`${method} ${p} -> ${res.status} ${res.text.slice(0, 300)}`);
  return (res.body as { data: T }).data;
}

beforeAll(async () => {
  t = await createTestApp();
  http = await listen(t.app);
  user = await registerUser(t.app);
  await ok('post', '/company', sampleCompany());
});

afterAll(async () => {
  report(`text-roundtrip summary: seed=${SEED} cases=${stats.cases} 5xx=${stats.fiveHundreds}`);
  await http?.close();
  await t?.close();
});

describe('SQL metacharacters and markup', () => {
  it('when every text field carries SQL or markup, then it is stored and returned exactly as sent', async () => {
    const record = fc.record({
      clientName: name(200),
      phone: text(50),
      address: text(1000),
      itemName: name(200),
      itemDescription: name(2000),
      line: name(2000),
      title: name(200),
      eventDescription: text(5000),
      location: text(500),
      notes: text(5000),
      companyName: name(200),
      terms: text(10_000),
      vatNumber: identifier(30),
      bankName: text(100),
      sortCode: identifier(20),
    });
    await fc.assert(
      fc.asyncProperty(record, async (v) => {
        const client = await ok<{ id: string }>('post', '/clients', sampleClient({ name: v.clientName, phone: v.phone, address: v.address }));
        expect(await ok('get', `/clients/${client.id}`)).toMatchObject({ name: v.clientName, phone: v.phone, address: v.address });

        const item = await ok<{ id: string }>('post', '/items', { name: v.itemName, description: v.itemDescription, price: 1 });
        expect(await ok('get', `/items/${item.id}`)).toMatchObject({ name: v.itemName, description: v.itemDescription });

        const quote = await ok<{ id: string }>('post', '/quotes', { clientId: client.id, lineItems: [{ description: v.line, quantity: 1, unitPrice: 2 }] });
        const readQuote = await ok<{ lineItems: { description: string }[]; client: { name: string } }>('get', `/quotes/${quote.id}`);
        expect(readQuote.lineItems[0]!.description).toBe(v.line);
        expect(readQuote.client.name).toBe(v.clientName);

        const event = await ok<{ id: string }>('post', '/calendar', {
          title: v.title,
          description: v.eventDescription,
          location: v.location,
          notes: v.notes,
          startDate: '2030-01-01T09:00:00Z',
          endDate: '2030-01-01T10:00:00Z',
        });
        expect(await ok('get', `/calendar/${event.id}`)).toMatchObject({
          title: v.title,
          description: v.eventDescription,
          location: v.location,
          notes: v.notes,
        });

        const bankDetails = { ...(sampleCompany().bankDetails as object), bankName: v.bankName, sortCode: v.sortCode };
        await ok('put', '/company', sampleCompany({ name: v.companyName, terms: v.terms, vatNumber: v.vatNumber, bankDetails }));
        expect(await ok('get', '/company')).toMatchObject({
          name: v.companyName,
          terms: v.terms,
          vatNumber: v.vatNumber,
          bankDetails: { bankName: v.bankName, sortCode: v.sortCode },
        });
        // The search path too: a LIKE pattern built from metacharacters finds the record itself.
        const found = await ok<{ items: { id: string }[] }>('get', `/clients?q=${encodeURIComponent(v.clientName.slice(0, 100).trim())}`);
        expect(found.items.map((c) => c.id)).toContain(client.id);
      }),
      { seed: SEED, numRuns: RUNS, endOnFailure: true },
    );
  });

  it('when names, lines and terms carry SQL or markup, then the quote and invoice PDFs print them as text', async () => {
    const pdfText = ["Robert'); DROP TABLE clients;--", '<script>alert("x")</script>', '<b>bold</b> &amp; &lt;', '{{7*7}} ${7*7}', "' OR '1'='1 --"];
    await ok('put', '/company', sampleCompany({ name: '<h1>Bright & "Sparks"</h1>', terms: pdfText.join('\n') }));
    const client = await ok<{ id: string }>('post', '/clients', sampleClient({ name: pdfText[0], address: pdfText[1] }));
    const lineItems = pdfText.map((description) => ({ description, quantity: 1, unitPrice: 3 }));
    const quote = await ok<{ id: string }>('post', '/quotes', { clientId: client.id, lineItems });
    const invoice = await ok<{ id: string }>('post', '/invoices', { clientId: client.id, lineItems, dueDate: '2030-01-31' });
    for (const p of [`/quotes/${quote.id}/preview`, `/invoices/${invoice.id}/preview`]) {
      const res = await http.send('get', `/api${p}`, user.auth);
      countCase(res.status);
      expect(res.status, p).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const raw = await rawBytes(p);
      const { text: printed } = await readPdf(raw);
      for (const s of [...pdfText, '<h1>Bright & "Sparks"</h1>']) expect(printed, `${p} prints ${s}`).toContain(s);
    }
  });
});

/** The PDF as bytes (the shared helper decodes bodies as UTF-8 text). */
async function rawBytes(p: string): Promise<Buffer> {
  const res = await fetch(`http://127.0.0.1:${http.port}/api${p}`, { headers: user.auth });
  return Buffer.from(await res.arrayBuffer());
}
