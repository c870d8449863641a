import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { buildDocumentModel } from './document-model.ts';
import { renderDocument } from './render-document.ts';
import { skipRepeatedFillColor } from './pdfkit-tuning.ts';
import { Canvas } from './layout/canvas.ts';
import { modern } from './templates/modern.ts';
import { FONT_NAMES, loadFonts } from './fonts.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource } from './sample-data.ts';

/** What a page's content stream holds so far: its bytes, then the lines not yet turned into bytes (pdfkit-tuning.ts, installBatchedWrites). */
function contentOf(doc: InstanceType<typeof PDFDocument>): string {
  const { content } = doc.page as unknown as { content: { buffer: Uint8Array[]; pendingText?: string[] } };
  return Buffer.concat(content.buffer).toString('latin1') + (content.pendingText ?? []).join('');
}

/** The page's content stream as written (uncompressed document). */
function pageContent(draw: (doc: InstanceType<typeof PDFDocument>) => void): string {
  const doc = new PDFDocument({ compress: false, bufferPages: true });
  skipRepeatedFillColor(doc);
  draw(doc);
  return contentOf(doc);
}
const fills = (content: string) => content.match(/ scn/g)?.length ?? 0;

describe('fill colour written once while the page holds it', () => {
  it('when the same colour is set twice, then it is written once', () => {
    expect(fills(pageContent((doc) => doc.fillColor('#111827').fillColor('#111827')))).toBe(1);
  });

  it('when a colour was set inside save/restore, then the colour before it is written again after', () => {
    const content = pageContent((doc) => {
      doc.fillColor('#111827');
      doc.save().fillColor('#4338ca').rect(0, 0, 10, 10).fill().restore();
      doc.fillColor('#111827'); // restored by Q: not written
      doc.save().fillColor('#4338ca').restore();
      doc.fillColor('#4338ca'); // Q dropped it: written
    });
    expect(fills(content)).toBe(4);
  });

  it('when a new page starts, then the colour is written on it again', () => {
    const doc = new PDFDocument({ compress: false, bufferPages: true });
    skipRepeatedFillColor(doc);
    doc.fillColor('#111827');
    doc.addPage();
    doc.fillColor('#111827');
    expect(fills(contentOf(doc))).toBe(1);
  });

  it('when text is only measured, then nothing is written to the page', () => {
    const fonts = loadFonts();
    const content = pageContent((doc) => {
      for (const name of FONT_NAMES) doc.registerFont(name, fonts[name] as unknown as string);
      const c = new Canvas(doc, modern.theme);
      c.measure('Consumer unit replacement', 120, { color: '#6b7280' });
      c.textWidth('£1,234.00', { color: '#4338ca' });
    });
    expect(fills(content)).toBe(0);
  });

  it('when an invoice is rendered, then the same model gives the same bytes', async () => {
    const model = () => buildDocumentModel(sampleCompanySource(), sampleClientSource(), sampleDocumentSource('invoice', 10));
    const a = await renderDocument(model(), 'modern');
    const b = await renderDocument(model(), 'modern');
    expect(Buffer.compare(a, b)).toBe(0);
  });
});
