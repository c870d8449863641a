import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentModel } from './document-model.ts';
import { writesBatched } from './pdfkit-tuning.ts';
import { renderDocument } from './render-document.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource } from './sample-data.ts';

const dir = mkdtempSync(join(tmpdir(), 'docket-writes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const render = (lines: number) =>
  renderDocument(buildDocumentModel(sampleCompanySource(), sampleClientSource(), sampleDocumentSource('invoice', lines, { number: 'INV0042' })), 'modern');

/** The whole output of a pdfkit document that `draw` writes to. */
function written(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ compress: false, autoFirstPage: false });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
  });
  draw(doc);
  doc.end();
  return done;
}

interface RawRef {
  write: (chunk: string | Uint8Array) => void;
  end: () => void;
  toString: () => string;
}

describe('batched writes (pdfkit-tuning.ts)', () => {
  // loading the fonts (the first render) installs the batched writes on pdfkit's prototypes
  beforeAll(async () => {
    await render(1);
    expect(writesBatched()).toBe(true);
  });

  it('when strings and bytes are written to an object in turn, then its stream holds them in that order, each string as the low byte of each code unit with its line end', async () => {
    let id = '';
    const pdf = await written((doc) => {
      const ref = (doc as unknown as { ref: (data?: object) => RawRef }).ref({});
      id = ref.toString().split(' ')[0]!;
      ref.write('a\u0141£');
      ref.write(Uint8Array.from([0, 1, 255]));
      ref.write('z');
      ref.end();
    });
    const text = pdf.toString('latin1');
    const stream = new RegExp(`\\n${id} 0 obj\\n<<\\n/Length (\\d+)\\n>>\\nstream\\n([\\s\\S]*?)\\nendstream`).exec(text);
    expect(stream).not.toBeNull();
    const bytes = Buffer.from(stream![2]!, 'latin1');
    // pdfkit's own conversion: charCodeAt(i) & 0xff, so Ł (U+0141) is 0x41 and £ (U+00A3) 0xa3
    expect([...bytes]).toEqual([0x61, 0x41, 0xa3, 0x0a, 0, 1, 255, 0x7a, 0x0a]);
    expect(Number(stream![1])).toBe(bytes.length);
  });

  it('when a document is written, then every cross-reference offset names its object and startxref names the table', async () => {
    for (const lines of [1, 10, 60]) {
      const pdf = await render(lines);
      const text = pdf.toString('latin1');
      const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
      expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
      const table = /xref\n0 (\d+)\n0000000000 65535 f \n((?:\d{10} 00000 n \n)+)trailer/.exec(text.slice(startxref))!;
      const offsets = table[2]!
        .trim()
        .split('\n')
        .map((row) => Number(row.slice(0, 10)));
      expect(offsets).toHaveLength(Number(table[1]) - 1);
      offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
      const file = join(dir, `lines-${lines}.pdf`);
      writeFileSync(file, pdf);
      expect(execFileSync('qpdf', ['--check', file], { encoding: 'utf8' })).toContain('No syntax or stream encoding errors');
    }
  });
});
