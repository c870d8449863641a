import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { loadFallback, loadFonts } from './fonts.ts';

const dir = mkdtempSync(join(tmpdir(), 'docket-glyphs-'));

/** One paragraph in a process-wide font (the serif unless told), as pdftotext reads it back. */
async function textOf(text: string, file: string, font: object = loadFonts().serif): Promise<string> {
  const doc = new PDFDocument({ font: font as unknown as string });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.text(text);
  doc.end();
  await ended;
  const path = join(dir, file);
  writeFileSync(path, Buffer.concat(chunks));
  return execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).trim();
}

describe('fonts shared by every PDF a process renders', () => {
  // The order matters and is the point: no Latin M may be laid out in this file before the Μ.
  it('when a PDF printed Greek Μ (drawn from Latin M) first, then a later PDF still reads its M as M', async () => {
    expect(await textOf('Ποσό \u039c', 'greek.pdf')).toBe('Ποσό \u039c');
    expect(await textOf('Customer to pay the VAT to HMRC', 'hmrc.pdf')).toBe('Customer to pay the VAT to HMRC');
  });

  // The same order rule: no ل may be laid out in this file before the ڶ.
  it('when a PDF printed Arabic ڶ (drawn from the lam of ل) first, then a later PDF still reads its ل as ل', async () => {
    const arabic = loadFallback('fbArabic');
    expect(await textOf('\u06b6', 'lam-v.pdf', arabic)).toContain('\u06b6');
    const later = await textOf('مرحبا بالعالم', 'hello-world.pdf', arabic);
    expect(later).toContain('بالعالم');
    expect(later).not.toContain('\u06b6');
  });
});
