import { deflateSync } from 'node:zlib';
import type { FontkitFont } from 'fontkit';

/**
 * Every PDF embeds a subset of each document font it uses. pdfkit numbers a subset's glyphs in
 * the order the document first prints them, so two documents with the same characters rarely
 * get the same file, and each one pays for fontkit re-encoding the glyphs and tables and zlib
 * compressing the result: about a third of a one-page invoice's render.
 *
 * Here the glyphs of the characters documents are made of (Latin text, figures, punctuation)
 * have fixed numbers per process. A document's subset still holds only the glyphs it prints: a
 * number it does not use holds an empty glyph (no outline, a few bytes of table). Its file then
 * depends only on which glyphs it prints, not on their order, so it is kept, compressed, and the
 * next document printing the same glyphs (the same draft previewed again, most invoices of a
 * business) embeds the kept bytes. Glyphs without a fixed number (Greek in Inter, a rare symbol)
 * are numbered after them in the order printed, as pdfkit does. Fallback fonts for other
 * scripts (fonts.ts) keep pdfkit's own subsets.
 */

const range = (first: number, last: number): string => String.fromCodePoint(...Array.from({ length: last - first + 1 }, (_, i) => first + i));

/** The characters whose glyphs get fixed numbers: ASCII, Latin-1, Latin Extended-A, common punctuation and symbols. */
const NUMBERED = `${range(0x20, 0x7e)}${range(0xa0, 0x17f)}\u2013\u2014\u2018\u2019\u201a\u201c\u201d\u201e\u2020\u2021\u2022\u2026\u2030\u2032\u2033\u2039\u203a\u20ac\u2116\u2122\u2212`;
/** Punctuation takes its case form beside capitals and figures ("(EICR)", "10-way"). */
const CONTEXTS = ['(A)', '[A]', '{A}', 'A-A', 'A\u2013A', 'A\u2014A', 'A:A', 'A/A', 'A@A', '\u00abA\u00bb', '\u2039A\u203a', 'A\u00b7A', '(0)', '0-0', '0:0'];
/** Kept files per font; a business's documents share a handful, so this bounds memory, not hits. */
const KEPT_PER_FONT = 64;

interface Glyph {
  id: number;
  codePoints?: number[];
}
interface SubsetFont {
  createSubset: () => FontkitSubset;
  layout: (text: string, features?: string[]) => { glyphs: Glyph[] };
  hasGlyphForCodePoint: (codePoint: number) => boolean;
  glyphForCodePoint: (codePoint: number) => Glyph;
  /** fontkit's glyph objects by id */
  _glyphs?: Record<number, Glyph | undefined>;
}
interface FontkitSubset {
  glyphs: number[];
  mapping: Record<number, number>;
  includeGlyph: (id: number) => number;
  encode: () => Uint8Array;
}

/** One font's fixed numbering and its kept files (made on the first document that uses the font). */
interface SharedNumbering {
  /** fontkit's own subset of the font */
  makeSubset: () => FontkitSubset;
  /** original glyph id → fixed number */
  numberOf: Map<number, number>;
  /** fixed number → original glyph id */
  glyphs: number[];
  /** a glyph without outline (the space) that stands in for a number the document does not use */
  empty: number;
  /** compressed font files by the glyphs they hold */
  kept: Map<string, Buffer>;
}

/**
 * What pdfkit's EmbeddedFont holds as its `subset` for one document: numbers glyphs in the
 * shared numbering, then yields the document's font file (compressed, kept for the next one).
 */
export class SharedSubsetView {
  private readonly used: boolean[] = [true];
  private readonly extra: number[] = [];
  private readonly extraNumber = new Map<number, number>();

  constructor(private readonly shared: SharedNumbering) {}

  /** pdfkit asks for this to tell TrueType from CFF fonts */
  readonly cff = undefined;

  includeGlyph(glyph: number | Glyph): number {
    const id = typeof glyph === 'object' ? glyph.id : glyph;
    let n = this.shared.numberOf.get(id) ?? this.extraNumber.get(id);
    if (n === undefined) {
      n = this.shared.glyphs.length + this.extra.length;
      this.extra.push(id);
      this.extraNumber.set(id, n);
    }
    this.used[n] = true;
    return n;
  }

  /** Numbers the file holds: up to the highest used, all of them when the document has glyphs of its own. */
  private count(): number {
    return this.extra.length ? this.shared.glyphs.length + this.extra.length : this.used.length;
  }

  /** The glyph ids at each number: the document's own, the empty glyph where it prints none. */
  private list(): number[] {
    const out: number[] = [];
    for (let n = 0; n < this.count(); n++) {
      const known = n < this.shared.glyphs.length;
      out.push(!known ? this.extra[n - this.shared.glyphs.length]! : this.used[n] ? this.shared.glyphs[n]! : this.shared.empty);
    }
    return out;
  }

  /** Uncompressed font file (pdfkit's call; the embed in pdfkit-tuning.ts asks for `deflated`). */
  encode(): Uint8Array {
    return this.fontFile();
  }

  private fontFile(): Uint8Array {
    const subset = this.shared.makeSubset();
    subset.glyphs = [];
    subset.mapping = {};
    this.list().forEach((id, n) => {
      subset.glyphs.push(id);
      // Compound glyphs find their parts by id: only the real glyph at a number answers for it.
      if (n === 0 || this.used[n] || n >= this.shared.glyphs.length) subset.mapping[id] ??= n;
    });
    // Parts of compound glyphs the document does not print are appended after, as fontkit does.
    return subset.encode();
  }

  /** The compressed font file (a FlateDecode stream's bytes), kept for documents printing the same glyphs. */
  deflated(): Buffer {
    const key = this.list().join(',');
    const { kept } = this.shared;
    let bytes = kept.get(key);
    if (bytes) {
      // most recently used last: the first is the one to drop
      kept.delete(key);
    } else {
      bytes = deflateSync(this.fontFile());
      if (kept.size >= KEPT_PER_FONT) kept.delete(kept.keys().next().value!);
    }
    kept.set(key, bytes);
    return bytes;
  }

  /**
   * pdfkit writes widths and the Unicode map as one run from glyph 0: numbers the document does
   * not print get no width and no character (nothing draws them).
   */
  fillMetrics(widths: number[], unicode: number[][]): void {
    for (let n = 0; n < this.count(); n++) {
      widths[n] ??= 0;
      unicode[n] ??= [0];
    }
  }
}

const numberings = new WeakMap<object, SharedNumbering>();

function number(font: SubsetFont, makeSubset: () => FontkitSubset): SharedNumbering {
  // fontkit keeps one glyph object per id, filed under the code points of its first request, and
  // PDFs read their text back from those (fonts.ts, keepGlyphCodePoints). Numbering lays out
  // characters no document asked for (µ before Greek μ, both one glyph in Source Serif): the glyph
  // objects it made are dropped again and earlier ones get their code points back, so documents
  // read exactly as they did.
  const cache = font._glyphs ?? {};
  const before = new Map(Object.entries(cache).map(([id, g]) => [id, g?.codePoints]));
  try {
    return numberGlyphs(font, makeSubset);
  } finally {
    for (const [id, g] of Object.entries(cache)) {
      if (!before.has(id)) delete cache[Number(id)];
      else if (g) g.codePoints = before.get(id);
    }
  }
}

function numberGlyphs(font: SubsetFont, makeSubset: () => FontkitSubset): SharedNumbering {
  const numberOf = new Map<number, number>([[0, 0]]);
  const glyphs = [0];
  const add = (g: Glyph) => {
    if (numberOf.has(g.id)) return;
    numberOf.set(g.id, glyphs.length);
    glyphs.push(g.id);
  };
  for (const ch of NUMBERED) {
    // Shaping reads a glyph's code points back: a character the font lacks would file itself under
    // the missing glyph while numbering runs, and a format character (soft hyphen) is shaped as an
    // invisible space; neither has a glyph of its own to number.
    if (!font.hasGlyphForCodePoint(ch.codePointAt(0)!) || /[\p{Cc}\p{Cf}]/u.test(ch)) continue;
    for (const features of [undefined, ['tnum']]) font.layout(ch, features).glyphs.forEach(add);
  }
  for (const context of CONTEXTS) {
    for (const features of [undefined, ['tnum']]) {
      // only forms of one character: a ligature's glyph would keep the wrong code points
      for (const g of font.layout(context, features).glyphs) if (g.codePoints?.length === 1) add(g);
    }
  }
  return { makeSubset, numberOf, glyphs, empty: font.glyphForCodePoint(0x20).id, kept: new Map() };
}

/**
 * Make pdfkit number this font's glyphs in the shared numbering: every EmbeddedFont made from it
 * from now on holds a SharedSubsetView. Only together with installSharedSubsets (pdfkit-tuning.ts),
 * which writes the kept bytes and fills the widths and Unicode map.
 */
export function useSharedSubsets(font: FontkitFont): void {
  const f = font as unknown as SubsetFont;
  const makeSubset = f.createSubset.bind(f);
  f.createSubset = () => {
    let shared = numberings.get(f);
    if (!shared) {
      shared = number(f, makeSubset);
      numberings.set(f, shared);
    }
    return new SharedSubsetView(shared) as unknown as FontkitSubset;
  };
}
