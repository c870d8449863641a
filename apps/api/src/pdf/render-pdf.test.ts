import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '@docket/schemas/constants';
import { buildDocumentModel, type PdfKind } from './document-model.ts';
import { loadFonts } from './fonts.ts';
import { renderPdf } from './render-pdf.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource, sampleLogoPng } from './sample-data.ts';
import { inOrder, readPdf, type ReadPdf } from './testing/read-pdf.ts';

const logo = sampleLogoPng();
const KINDS: PdfKind[] = ['quote', 'invoice'];
const BANK_VALUES = ['Barclays', '31926819', '12-34-56', 'GB33BUKB20201531926819', 'BUKBGB22'];

async function render(
  template: string,
  kind: PdfKind,
  opts: {
    lines?: number;
    status?: string;
    company?: Parameters<typeof sampleCompanySource>[0];
    client?: Parameters<typeof sampleClientSource>[0];
    siteAddress?: string;
  } = {},
): Promise<{ pdf: Buffer; read: ReadPdf; model: ReturnType<typeof buildDocumentModel> }> {
  const model = buildDocumentModel(
    sampleCompanySource({ logo, ...opts.company }),
    sampleClientSource(opts.client),
    sampleDocumentSource(kind, opts.lines ?? 10, { status: opts.status ?? 'SENT', siteAddress: opts.siteAddress ?? null }),
  );
  const pdf = await renderPdf(model, template);
  return { pdf, read: await readPdf(pdf), model };
}

/** Every text item lies inside the page: nothing runs off an edge. */
function expectInsidePages(read: ReadPdf) {
  for (const page of read.items) {
    for (const item of page) {
      expect(item.x).toBeGreaterThanOrEqual(0);
      expect(item.x + item.width).toBeLessThanOrEqual(read.pageSize.width + 0.5);
      expect(item.y).toBeGreaterThanOrEqual(0);
      expect(item.y).toBeLessThanOrEqual(read.pageSize.height);
    }
  }
}

/** All text without whitespace and without the page footers that interleave flowing text. */
function withoutFooters(read: ReadPdf, footer: string): string {
  return read.pages
    .map((p, i) => p.replace(footer.replace(/\s+/g, ' '), '').replace(`Page ${i + 1} of ${read.pageCount}`, ''))
    .join('')
    .replace(/\s/g, '');
}

describe.each(TEMPLATES)('template %s', (template) => {
  it.each(KINDS)('when a %s is rendered, then the PDF parses with company, number, client, lines, totals and VAT number in order', async (kind) => {
    const { pdf, read, model } = await render(template, kind);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(read.pageCount).toBe(1);
    const order = inOrder(read.text, [
      model.company.name,
      model.client.name,
      ...model.lines.flatMap((l) => [l.description, l.quantity, l.unitPrice, l.vatRate, l.amount]),
      model.totals.subtotal.label,
      model.totals.subtotal.value,
      model.totals.vat.label,
      model.totals.vat.value,
      model.totals.total.label,
      model.totals.total.value,
      'VAT registration number GB123456789',
    ]);
    expect(order).toEqual({ ok: true });
    expect(inOrder(read.text, [model.number, model.client.name])).toEqual({ ok: true });
    expect(read.text).toContain(kind === 'invoice' ? 'Tax point' : 'Valid until');
    expect(read.text).toContain('£3,462.48');
    expectInsidePages(read);
  });

  it('when an invoice is rendered, then bank details and the payment date show; a quote never shows them', async () => {
    const invoice = await render(template, 'invoice');
    const quote = await render(template, 'quote');
    for (const value of BANK_VALUES) {
      expect(invoice.read.text).toContain(value);
      expect(quote.read.text).not.toContain(value);
    }
    expect(invoice.read.text).toContain('Payment due by 20 December 2026');
    expect(quote.read.text).not.toContain('Payment due');
    expect(quote.read.text).toContain('Valid until 20 December 2026');
  });

  it.each(KINDS)('when a %s has a site address, then it prints as Site address under the client; without one, nothing', async (kind) => {
    const withSite = await render(template, kind, { siteAddress: '1 Mill Lane\nLeeds LS1 4AB' });
    expect(inOrder(withSite.read.text, [withSite.model.client.name, 'Site address: 1 Mill Lane, Leeds LS1 4AB'])).toEqual({ ok: true });
    expectInsidePages(withSite.read);
    expect((await render(template, kind)).read.text).not.toContain('Site address');
  });

  it('when a logo is set, then an image is embedded, and when not, none is', async () => {
    const withLogo = await render(template, 'invoice');
    const without = await render(template, 'invoice', { company: { logo: null } });
    expect(withLogo.read.raw).toContain('/Subtype /Image');
    expect(without.read.raw).not.toContain('/Subtype /Image');
  });

  it('when names use accents, Polish, Nordic letters and currency signs, then they extract back exactly', async () => {
    const { read } = await render(template, 'invoice', {
      company: { name: 'Zoë Łukasiewicz & Søn', currency: 'EUR' },
      client: { name: 'Café Münster' },
    });
    expect(read.text).toContain('Zoë Łukasiewicz & Søn');
    expect(read.text).toContain('Café Münster');
    expect(read.text).toContain('€3,462.48');
    const gbp = await render(template, 'quote');
    expect(gbp.read.text).toContain('£2,885.40');
  });

  it('when an invoice has 200 lines, then it paginates with Page N of M, repeats the table head and ends with the totals', async () => {
    const { read, model } = await render(template, 'invoice', { lines: 200 });
    expect(read.pageCount).toBeGreaterThan(3);
    read.pages.forEach((text, i) => expect(text).toContain(`Page ${i + 1} of ${read.pageCount}`));
    const head = model.columns.description;
    const headCount = read.pages.filter((p) => p.toLowerCase().includes(head.toLowerCase())).length;
    expect(headCount).toBeGreaterThanOrEqual(read.pageCount - 1);
    const last = read.pages.at(-1)!;
    expect(last).toContain(model.totals.total.value);
    for (const page of read.pages.slice(0, -1)) expect(page).not.toContain(model.totals.total.label);
    expectInsidePages(read);
  });

  it('when the document is a draft, then it says DRAFT; a paid invoice says PAID; a sent one says neither', async () => {
    expect((await render(template, 'quote', { status: 'DRAFT' })).read.text).toContain('DRAFT');
    expect((await render(template, 'invoice', { status: 'PAID' })).read.text).toContain('PAID');
    const sent = (await render(template, 'invoice', { status: 'SENT' })).read.text;
    expect(sent).not.toContain('DRAFT');
    expect(sent).not.toMatch(/\bPAID\b/);
  });

  it('when the client name is 5,000 characters or markup, then it prints as text, wraps and stays on the page', async () => {
    const longName = Array.from({ length: 500 }, (_, i) => `Name${String(i).padStart(4, '0')}X`)
      .join(' ')
      .slice(0, 5000);
    const long = await render(template, 'invoice', { client: { name: longName } });
    expect(withoutFooters(long.read, long.model.footer)).toContain(longName.replace(/\s/g, ''));
    expect(long.read.pages.at(-1)).toContain('£3,462.48');
    expectInsidePages(long.read);
    const unbroken = await render(template, 'quote', { client: { name: 'W'.repeat(5000) } });
    expect(withoutFooters(unbroken.read, unbroken.model.footer)).toContain('W'.repeat(5000));
    expectInsidePages(unbroken.read);
    const markup = await render(template, 'quote', { client: { name: '<script>alert(1)</script> & Co' } });
    expect(markup.read.text).toContain('<script>alert(1)</script> & Co');
  });
});

describe.each(TEMPLATES)('template %s at the field limits', (template) => {
  it('when every field is as long as validation allows, then the PDF renders with all text inside the pages', async () => {
    const words = (n: number, word = 'Lorem') => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');
    const model = buildDocumentModel(
      sampleCompanySource({
        logo,
        name: words(40, 'Company').slice(0, 200),
        address: [words(60, 'Street'), words(60, 'Town'), 'M1 2AB'].join('\n').slice(0, 1000),
        website: `www.${'w'.repeat(280)}.example`,
        vatNumber: 'GB' + '1'.repeat(28),
        terms: words(1500, 'term').slice(0, 10_000),
        bankAccountName: 'A'.repeat(100),
        bankIban: 'GB'.padEnd(34, '9'),
      }),
      sampleClientSource({ name: words(800, 'Client').slice(0, 5000), address: words(150, 'Road').slice(0, 1000) }),
      sampleDocumentSource('invoice', 30, {
        lines: sampleDocumentSource('invoice', 30).lines.map((l, i) => ({ ...l, description: i % 3 ? l.description : 'D'.repeat(2000) })),
      }),
    );
    const read = await readPdf(await renderPdf(model, template));
    expectInsidePages(read);
    expect(read.pages.at(-1)).toContain(`Page ${read.pageCount} of ${read.pageCount}`);
    expect(read.text).toContain(model.totals.total.value);
  });
});

describe('fonts', () => {
  it('when fonts are asked for twice, then the same parsed fonts come back (loaded once per process)', () => {
    expect(loadFonts()).toBe(loadFonts());
  });

  it('when a PDF is rendered, then its fonts are embedded TrueType subsets, never the standard Helvetica', async () => {
    const { read } = await render('modern', 'invoice');
    expect(read.raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Inter/);
    expect(read.raw).toContain('/FontFile2');
    expect(read.raw).not.toContain('Helvetica');
    const serif = await render('classic', 'invoice');
    expect(serif.read.raw).toMatch(/\/BaseFont \/[A-Z]{6}\+SourceSerif4/);
  });
});

describe('document model', () => {
  it('when an invoice is built, then its dates, VAT line and money follow UK conventions', () => {
    const m = buildDocumentModel(sampleCompanySource(), sampleClientSource(), sampleDocumentSource('invoice'));
    expect(m.meta).toEqual([
      { label: 'Invoice number', value: 'INV0042' },
      { label: 'Issue date', value: '20 November 2026' },
      { label: 'Tax point', value: '20 November 2026' },
      { label: 'Due date', value: '20 December 2026' },
    ]);
    expect(m.totals.vat).toEqual({ label: 'VAT at 20%', value: '£577.08' });
    expect(m.fileName).toBe('INV0042.pdf');
  });

  it('when the company has no VAT number or bank details, then neither line appears', () => {
    const m = buildDocumentModel(
      sampleCompanySource({
        vatNumber: null,
        bankName: null,
        bankAccountName: null,
        bankAccountNumber: null,
        bankSortCode: null,
        bankIban: '  ',
        bankSwift: null,
      }),
      sampleClientSource(),
      sampleDocumentSource('invoice', 2, { taxRateBp: 1750 }),
    );
    expect(m.company.vatLine).toBeNull();
    expect(m.bank).toEqual([]);
    expect(m.totals.vat.label).toBe('VAT at 17.5%');
    expect(m.footer).toBe('Bright Sparks Electrical Ltd');
  });
});
