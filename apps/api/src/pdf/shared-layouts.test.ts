import PDFDocument from 'pdfkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentModel } from './document-model.ts';
import { loadFonts } from './fonts.ts';
import { renderDocument } from './render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource } from './sample-data.ts';

interface Laid {
  glyphs: unknown[] | null;
  positions: unknown[] | null;
  advanceWidth: number;
}
interface FontInternals {
  layout: (text: string, features?: unknown, onlyWidth?: boolean) => Laid;
  layoutRun: (text: string) => Laid;
}

/** The document font as pdfkit embeds it in a new document. */
function documentFont(): FontInternals {
  const doc = new PDFDocument({ font: loadFonts().sans as unknown as string, autoFirstPage: false });
  return (doc as unknown as { _font: FontInternals })._font;
}

describe('kept whole-string layouts (pdfkit-tuning.ts)', () => {
  // the first render installs the shared layouts on pdfkit's EmbeddedFont
  beforeAll(async () => {
    await renderDocument(buildDocumentModel(sampleCompanySource(), sampleClientSource(), sampleDocumentSource('invoice', 1)), 'modern');
  });

  it('when a string is measured and then drawn, then both read one kept layout: its words laid out in turn, joined', () => {
    const font = documentFont();
    const text = 'Consumer unit replacement (18th edition)';
    const measured = font.layout(text, undefined, true);
    const drawn = font.layout(text);
    expect(drawn).toBe(measured);
    // pdfkit's own split: each word with the space after it
    const words = ['Consumer ', 'unit ', 'replacement ', '(18th ', 'edition)'].map((w) => font.layoutRun(w));
    expect(drawn.glyphs).toEqual(words.flatMap((w) => w.glyphs));
    expect(drawn.positions).toEqual(words.flatMap((w) => w.positions));
    expect(drawn.advanceWidth).toBeCloseTo(
      words.reduce((sum, w) => sum + w.advanceWidth, 0),
      9,
    );
  });

  it('when another document lays out the same text in the same font, then it reads the same kept layout', () => {
    const text = 'Labour: first fix electrics';
    expect(documentFont().layout(text)).toBe(documentFont().layout(text));
  });

  it('when OpenType features are asked for, then the text is laid out afresh, not read from the kept layouts', () => {
    const font = documentFont();
    const text = 'Materials: sundries';
    const plain = font.layout(text);
    expect(font.layout(text, ['kern'])).not.toBe(plain);
  });
});
