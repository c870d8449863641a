import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildDocumentModel } from './document-model.ts';
import { loadFonts } from './fonts.ts';
import type { SharedSubsetView } from './font-subsets.ts';
import { renderDocument } from './render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource } from './sample-data.ts';

const dir = mkdtempSync(join(tmpdir(), 'docket-subsets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A document font's per-document subset, as pdfkit asks for it. */
const view = () => (loadFonts().sans as unknown as { createSubset: () => SharedSubsetView }).createSubset();
const glyphsOf = (text: string) => (loadFonts().sans as unknown as { layout: (t: string) => { glyphs: Array<{ id: number }> } }).layout(text).glyphs;

function render(descriptions: string[], template = 'modern', number = 'INV0042') {
  const source = sampleDocumentSource('invoice', descriptions.length, { number });
  source.lines = source.lines.map((l, i) => ({ ...l, description: descriptions[i]! }));
  return renderDocument(buildDocumentModel(sampleCompanySource(), sampleClientSource(), source), template);
}

/** The raw (compressed) bytes of every ToUnicode stream of a PDF, in the order its fonts name them. */
function toUnicodeStreams(pdf: Buffer): string[] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/ToUnicode (\d+) 0 R/g)].map(([, n]) => {
    const stream = new RegExp(`\\n${n} 0 obj\\n[\\s\\S]*?stream\\n([\\s\\S]*?)\\nendstream`).exec(text);
    if (!stream) throw new Error(`no stream for object ${n}`);
    return stream[1]!;
  });
}
/** How many Type0 fonts a PDF embeds (each has one ToUnicode map). */
const loadedFontsOf = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Type0/g)?.length ?? 0;

describe('shared font subsets', () => {
  it('when two documents print the same glyphs in another order, then they get the same numbers and the kept font file', () => {
    const a = view();
    const b = view();
    const first = glyphsOf('Invoice 42').map((g) => a.includeGlyph(g.id));
    const second = glyphsOf('42 Invoice').map((g) => b.includeGlyph(g.id));
    expect(new Set(second)).toEqual(new Set(first));
    expect(b.deflated()).toBe(a.deflated());
  });

  it('when a document prints a glyph outside the shared numbering, then it is numbered after it and its file differs', () => {
    const latin = view();
    const greek = view();
    for (const g of glyphsOf('Invoice')) latin.includeGlyph(g.id);
    const numbers = glyphsOf('Invoice Ωμέγα').map((g) => greek.includeGlyph(g.id));
    expect(Math.max(...numbers)).toBeGreaterThan(Math.max(...glyphsOf('Invoice').map((g) => latin.includeGlyph(g.id))));
    expect(Buffer.compare(greek.deflated(), latin.deflated())).not.toBe(0);
  });

  it('when the same model is rendered twice, then the bytes are identical', async () => {
    const a = await render(['Consumer unit replacement', 'Labour (per hour)']);
    const b = await render(['Consumer unit replacement', 'Labour (per hour)']);
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('when a document has Greek and Cyrillic text in the document font, then its glyphs are embedded and read back', async () => {
    for (const template of ['modern', 'classic']) {
      const file = join(dir, `${template}.pdf`);
      writeFileSync(file, await render(['Καλημέρα κόσμε', 'Привет мир', 'Café (EICR) 10-way £1,234.50 – “ok” …'], template));
      const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).normalize('NFC');
      for (const word of ['Καλημέρα', 'κόσμε', 'Привет', 'мир', 'Café (EICR) 10-way', '£1,234.50 – “ok” …']) expect(text).toContain(word);
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).split('\n').slice(2).filter(Boolean);
      for (const row of fonts) expect(row.trim().split(/\s+/).at(-5)).toBe('yes');
      expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    }
  });

  it('when a document maps the characters an earlier one mapped, then its Unicode maps are the kept bytes and it reads back its own text', async () => {
    // the same characters in another order: the same glyph numbers, so the same maps
    const first = await render(['Drain rodding at Elm Court'], 'modern', 'INV0101');
    const second = await render(['Elm Court drain at rodding'], 'modern', 'INV0110');
    expect(toUnicodeStreams(second)).toEqual(toUnicodeStreams(first));
    expect(toUnicodeStreams(first)).toHaveLength(loadedFontsOf(first));
    const file = join(dir, 'kept-maps.pdf');
    writeFileSync(file, second);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Elm Court drain at rodding');
    expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
  });

  it('when a draft is rendered with another number, then its font files are kept ones and the PDF stays small', async () => {
    const first = await render(['Consumer unit replacement'], 'modern', 'DRAFT-1');
    const second = await render(['Consumer unit replacement'], 'modern', 'DRAFT-2');
    expect(Math.abs(second.length - first.length)).toBeLessThan(64);
  });
});
