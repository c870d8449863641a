import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '@docket/schemas/constants';
import { buildDocumentModel } from './document-model.ts';
import { renderPdf } from './render-pdf.ts';
import { sampleClientSource, sampleCompanySource, sampleDocumentSource } from './sample-data.ts';

/** One line per script a customer may type, and emoji (docs/product.md, "Documents print any character"). */
const SCRIPTS = {
  greek: 'Καλημέρα κόσμε',
  cyrillic: 'Привет мир',
  arabic: 'مرحبا بالعالم',
  hebrew: 'שלום עולם',
  chinese: '你好世界',
  japanese: 'こんにちは',
  korean: '안녕하세요',
  devanagari: 'नमस्ते',
  emoji: '🔧⚡😀',
};

const dir = mkdtempSync(join(tmpdir(), 'docket-scripts-'));

async function renderTo(file: string, descriptions: string[], template: string, clientName = 'Café Münster'): Promise<string> {
  const source = sampleDocumentSource('invoice', descriptions.length);
  source.lines = source.lines.map((l, i) => ({ ...l, description: descriptions[i]! }));
  const model = buildDocumentModel(sampleCompanySource(), sampleClientSource({ name: clientName }), source);
  const path = join(dir, file);
  writeFileSync(path, await renderPdf(model, template));
  return path;
}

const pdftotext = (path: string) => execFileSync('pdftotext', [path, '-'], { encoding: 'utf8' }).normalize('NFC');

/** pdffonts rows: name and the emb column. */
function fonts(path: string): Array<{ name: string; embedded: boolean }> {
  return execFileSync('pdffonts', [path], { encoding: 'utf8' })
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((row) => {
      const cols = row.trim().split(/\s+/);
      return { name: cols[0]!, embedded: cols[cols.length - 5] === 'yes' };
    });
}

describe('fallback fonts', () => {
  it.each(TEMPLATES)(
    'when an invoice (%s) has a line in Greek, Cyrillic, Arabic, Hebrew, CJK, Devanagari and emoji, then pdftotext returns each and every font is embedded',
    async (template) => {
      const path = await renderTo(
        `${template}.pdf`,
        Object.values(SCRIPTS).map((s, i) => `Line ${i + 1}: ${s}`),
        template,
        'Ресторан «Москва» 🍕',
      );
      const text = pdftotext(path);
      for (const sample of [...Object.values(SCRIPTS), 'Ресторан «Москва» 🍕']) {
        // Right-to-left lines come out in reading order, wrapped in direction marks.
        for (const word of sample.split(' ')) expect(text.replace(/[\u202a-\u202e\u200e\u200f]/g, '')).toContain(word);
      }
      const list = fonts(path);
      expect(list.length).toBeGreaterThan(0);
      for (const f of list) expect(f, f.name).toMatchObject({ embedded: true });
      const names = list.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
      for (const expected of ['NotoSansArabic', 'NotoSansHebrew', 'NotoSansSC', 'NotoSansKR', 'NotoSansDevanagari', 'NotoEmoji']) {
        expect(
          names.some((n) => n.startsWith(expected)),
          expected,
        ).toBe(true);
      }
    },
    30_000,
  );

  it('when an invoice is plain Latin, then no fallback font is embedded (the common case stays as fast as before)', async () => {
    const path = await renderTo('latin.pdf', ['Consumer unit replacement', 'Labour: electrician (per hour)', 'Twin and earth cable 2.5mm²'], 'modern');
    const names = fonts(path).map((f) => f.name);
    expect(names.every((n) => /Inter/.test(n))).toBe(true);
    expect(pdftotext(path)).toContain('Twin and earth cable 2.5mm²');
  });

  it('when only one script is needed, then only that fallback font is embedded', async () => {
    const path = await renderTo('hebrew.pdf', ['Kitchen for שלום'], 'classic');
    const extra = fonts(path)
      .map((f) => f.name.replace(/^[A-Z]{6}\+/, ''))
      .filter((n) => !/^(Inter|SourceSerif)/.test(n));
    expect(extra).toEqual(['NotoSansHebrew-Regular']);
  });

  it('when a description in another script is longer than its column, then it wraps inside the page', async () => {
    const long = `${'你好世界'.repeat(40)} ${'مرحبا بالعالم '.repeat(12)}🔧`.trim();
    const path = await renderTo('long.pdf', [long], 'modern');
    const squashed = pdftotext(path).replace(/\s/g, '');
    expect(squashed).toContain('你好世界'.repeat(4));
    expect(squashed).toContain('🔧');
    // Nothing drawn beyond the right margin: -bbox words all end inside the A4 width.
    const bbox = execFileSync('pdftotext', ['-bbox', path, '-'], { encoding: 'utf8' });
    const xMax = [...bbox.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...xMax)).toBeLessThan(595.28);
  });
});
