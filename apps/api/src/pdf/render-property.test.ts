import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DOCUMENT_TOTAL_MAX_PENCE, MAX_LINE_ITEMS, TEMPLATES } from '@docket/schemas/constants';
import { QUANTITY_MAX } from '@docket/schemas/document';
import { computeTotals } from '@docket/schemas/totals';
import { buildDocumentModel, type PdfDocumentModel, type PdfDocumentSource } from './document-model.ts';
import { renderPdf } from './render-pdf.ts';
import { sampleClientSource, sampleCompanySource, sampleLogoPng } from './sample-data.ts';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'docket-pdf-property-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PRICE_MAX_PENCE = 1_000_000_000; // £10,000,000, the largest unit price a line takes
const text = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 80 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('W', 'm', '€', '£', '0', '9'), minLength: 40, maxLength: 400 }), // one long word
);

/** Lines whose document total, with VAT up to 100%, stays within the per-document maximum. */
const documentSource = fc
  .record({
    kind: fc.constantFrom('quote' as const, 'invoice' as const),
    taxRateBp: fc.oneof(fc.constantFrom(0, 2000, 500, 10_000), fc.integer({ min: 0, max: 10_000 })),
    lines: fc.oneof(
      {
        weight: 5,
        arbitrary: fc.array(
          fc.record({ description: text, qty: fc.double({ min: 0, max: 1, noNaN: true }), price: fc.double({ min: 0, max: 1, noNaN: true }) }),
          { maxLength: 12 },
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constant(Array.from({ length: MAX_LINE_ITEMS }, (_, i) => ({ description: `Line ${i + 1}`, qty: 1, price: 1 }))),
      },
    ),
    status: fc.constantFrom('DRAFT', 'SENT', 'PAID', 'OVERDUE'),
  })
  .map(({ kind, taxRateBp, lines, status }): PdfDocumentSource => {
    // Scale each line towards the largest quantity and price the document total still allows.
    const perLineMax = Math.floor(DOCUMENT_TOTAL_MAX_PENCE / 2 / Math.max(1, lines.length));
    const priced = lines.map((l) => {
      const quantityMilli = Math.max(1000, Math.round(l.qty * QUANTITY_MAX * 1000));
      const priceCap = Math.min(PRICE_MAX_PENCE, Math.floor((perLineMax * 1000) / quantityMilli));
      return { description: l.description, quantityMilli, unitPricePence: Math.round(l.price * priceCap) };
    });
    const totals = computeTotals(priced, taxRateBp);
    return {
      kind,
      number: kind === 'invoice' ? 'INV9999' : 'Q9999',
      status,
      createdAt: new Date('2026-11-20T10:30:00Z'),
      dueDate: kind === 'invoice' ? '2026-12-20' : null,
      taxRateBp,
      subtotalPence: totals.subtotal,
      taxPence: totals.taxAmount,
      totalPence: totals.total,
      lines: priced.map((l, i) => ({ ...l, amountPence: totals.lineAmounts[i]! })),
    };
  });

/** Every money figure the PDF must print, each expected on one line of the extracted text. */
function moneyFigures(model: PdfDocumentModel): string[] {
  return [...model.lines.flatMap((l) => [l.unitPrice, l.amount]), model.totals.subtotal.value, model.totals.vat.value, model.totals.total.value];
}

const count = (haystack: string, needle: string) => haystack.split(needle).length - 1;

let renders = 0;
describe('PDF rendering, property-based', () => {
  it('when any document within the limits renders in every template, then qpdf passes and no money figure breaks across lines', async () => {
    const logo = sampleLogoPng();
    await fc.assert(
      fc.asyncProperty(documentSource, fc.boolean(), async (source, withLogo) => {
        const model = buildDocumentModel(sampleCompanySource({ logo: withLogo ? logo : null }), sampleClientSource(), source);
        for (const template of TEMPLATES) {
          const file = path.join(dir, `${template}-${renders++}.pdf`);
          writeFileSync(file, await renderPdf(model, template));
          const check = await run('qpdf', ['--check', file]).catch((err: { stdout?: string; code?: number }) => err);
          expect((check as { code?: number }).code ?? 0, `qpdf --check ${template}: ${(check as { stdout?: string }).stdout}`).toBe(0);
          const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-'], { maxBuffer: 64 * 1024 * 1024 });
          const needed = new Map<string, number>();
          for (const figure of moneyFigures(model)) needed.set(figure, (needed.get(figure) ?? 0) + 1);
          for (const [figure, times] of needed) {
            expect(count(stdout, figure), `${template}: ${figure} printed whole ${times} time(s)`).toBeGreaterThanOrEqual(times);
          }
          rmSync(file);
        }
      }),
      { numRuns: Number(process.env.FC_PDF_RUNS ?? 12), seed: Number(process.env.FC_SEED ?? 20261123) },
    );
  });
});
