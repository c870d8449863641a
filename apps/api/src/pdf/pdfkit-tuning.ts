import { deflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import type { FontkitFont } from 'fontkit';
import { SharedSubsetView, useSharedSubsets } from './font-subsets.ts';
import type { Doc } from './layout/canvas.ts';

/**
 * pdfkit keeps its text-layout cache per document, so every PDF re-shapes every word through
 * fontkit's OpenType engine (most of the render time). A shaped run depends only on the font
 * and the text, never on the document, so one process-wide cache per font is safe; subsets are
 * still built per document from the glyph ids each document encodes.
 * Relies on pdfkit 0.20's EmbeddedFont.layoutRun(text, features); if a pdfkit upgrade drops it the
 * patch is skipped and rendering stays correct, only slower (the Unicode tests cover reuse).
 */
interface EmbeddedFontLike {
  font: object;
  layoutRun: (text: string, features?: unknown) => Run;
  layout: (text: string, features?: unknown, onlyWidth?: boolean) => Layout;
}
interface Layout {
  glyphs: unknown[] | null;
  positions: unknown[] | null;
  advanceWidth: number;
}
interface Run {
  glyphs: unknown[];
  positions: unknown[];
  advanceWidth: number;
}

const MAX_RUNS_PER_FONT = 20_000;
/** Runs longer than this are shaped in pieces of at most this size. */
const CHUNK = 32;
const runs = new WeakMap<object, Map<string, Run>>();
/** A whole string's layout (pdfkit's EmbeddedFont.layout: its words' runs joined), per font. */
const layouts = new WeakMap<object, Map<string, Layout>>();
/** Fewer than runs: an entry holds a whole string's glyphs and positions, not one word's. */
const MAX_LAYOUTS_PER_FONT = 5_000;
let installed = false;

/** A low surrogate, a combining mark, a zero-width joiner or a variation selector. */
function joinsPrevious(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if ((code >= 0xdc00 && code <= 0xdfff) || code === 0x200d || (code >= 0xfe00 && code <= 0xfe0f)) return true;
  return /\p{M}/u.test(text[at]!);
}

/** Cut before CHUNK code units, never inside a surrogate pair or before a combining mark. */
function chunks(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(start + CHUNK, text.length);
    while (end < text.length && end > start + 1 && joinsPrevious(text, end)) end--;
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

export function installSharedLayoutCache(doc: Doc): void {
  if (installed) return;
  const current = (doc as unknown as { _font?: EmbeddedFontLike })._font;
  const proto = current && (Object.getPrototypeOf(current) as EmbeddedFontLike);
  if (!proto || typeof proto.layoutRun !== 'function') return;
  const original = proto.layoutRun;
  function cached(self: EmbeddedFontLike, text: string, features: unknown): Run {
    let cache = runs.get(self.font);
    if (!cache) {
      cache = new Map();
      runs.set(self.font, cache);
    }
    const key = Array.isArray(features) && features.length ? `${features.join(',')}\u0000${text}` : text;
    let run = cache.get(key);
    if (run === undefined) {
      run = original.call(self, text, features);
      // Client text is unbounded; start over rather than grow without limit.
      if (cache.size >= MAX_RUNS_PER_FONT) cache.clear();
      cache.set(key, run);
    }
    return run;
  }
  proto.layoutRun = function (this: EmbeddedFontLike, text: string, features?: unknown): Run {
    if (text.length <= CHUNK + 16) return cached(this, text, features);
    // A long unbroken string (a 5,000-character name) would be re-shaped whole for every
    // line the wrapper tries: quadratic, tens of seconds. Shaped in short pieces it is linear;
    // only kerning across a piece boundary inside one giant word is lost.
    const glyphs: unknown[] = [];
    const positions: unknown[] = [];
    let advanceWidth = 0;
    for (const piece of chunks(text)) {
      const run = cached(this, piece, features);
      for (const g of run.glyphs) glyphs.push(g);
      for (const p of run.positions) positions.push(p);
      advanceWidth += run.advanceWidth;
    }
    return { glyphs, positions, advanceWidth };
  };
  // pdfkit lays a string out word by word (its runs from the cache above) and joins the words'
  // glyphs afresh on every call, several times per string drawn (measured, wrapped, aligned,
  // encoded). The joined layout depends only on the font and the text, and its readers (encode,
  // widthOfString, _fragment) never change it, so it is kept whole; a width-only call reads the
  // same entry.
  const layout = proto.layout;
  if (typeof layout === 'function') {
    proto.layout = function (this: EmbeddedFontLike, text: string, features?: unknown, onlyWidth?: boolean): Layout {
      if (features) return layout.call(this, text, features, onlyWidth);
      let cache = layouts.get(this.font);
      if (!cache) {
        cache = new Map();
        layouts.set(this.font, cache);
      }
      let whole = cache.get(text);
      if (whole === undefined) {
        whole = layout.call(this, text);
        if (cache.size >= MAX_LAYOUTS_PER_FONT) cache.clear();
        cache.set(text, whole);
      }
      return whole;
    };
  }
  installed = true;
}

/**
 * The default font is opened from the fontkit object before the names are registered; file it
 * under its registered name too, so switching to it does not open (and compare) a second copy.
 */
export function aliasDefaultFont(doc: Doc, name: string): void {
  const d = doc as unknown as { _font?: object; _fontFamilies?: Record<string, object> };
  if (d._font && d._fontFamilies) d._fontFamilies[name] = d._font;
}

interface GlyphLike {
  _decode?: () => unknown;
}
const decodedGlyphs = new WeakMap<object, unknown>();
let glyphsInstalled = false;

/**
 * Each document's font subset decodes every glyph it includes from the font's glyf table again
 * (fontkit's TTFSubset._addGlyph → TTFGlyph._decode), a third of a small document's render.
 * The fonts are loaded once per process and fontkit keeps one glyph object per id, and nothing
 * changes a decoded glyph (the subset and outline code only read it), so each glyph is decoded
 * once per process. Skipped if a fontkit upgrade drops the method; rendering stays correct.
 */
export function installGlyphDecodeCache(font: { getGlyph?: (id: number) => GlyphLike }): void {
  if (glyphsInstalled || typeof font.getGlyph !== 'function') return;
  const proto = Object.getPrototypeOf(font.getGlyph(0)) as GlyphLike | null;
  const original = proto?._decode;
  if (!proto || typeof original !== 'function') return;
  proto._decode = function (this: object) {
    if (decodedGlyphs.has(this)) return decodedGlyphs.get(this);
    const decoded = original.call(this);
    decodedGlyphs.set(this, decoded);
    return decoded;
  };
  glyphsInstalled = true;
}

/**
 * pdfkit writes the fill colour into the page each time it is set, though text is drawn in a
 * handful of colours: a table cell would repeat the same `/DeviceRGB cs r g b scn` five times a
 * row. The colour is skipped when the page's graphics state already holds it. That state is
 * the one pdfkit writes: it changes with every colour set, is saved and restored with q/Q (so
 * a colour set inside a save/restore pair is forgotten on restore) and starts anew on each page.
 * Only plain colour strings without opacity are skipped; anything else is written as before.
 */
export function skipRepeatedFillColor(doc: Doc): void {
  type Fill = { page: object; color: string } | null;
  const d = doc as unknown as { page: object; _fillColor?: unknown[] };
  const fillColor = doc.fillColor.bind(doc);
  const save = doc.save.bind(doc);
  const restore = doc.restore.bind(doc);
  let current: Fill = null;
  const saved: Fill[] = [];
  doc.save = () => {
    saved.push(current);
    return save();
  };
  doc.restore = () => {
    current = saved.pop() ?? null;
    return restore();
  };
  doc.fillColor = ((color: PDFKit.Mixins.ColorValue, opacity?: number) => {
    const plain = typeof color === 'string' && opacity === undefined;
    if (plain && current && current.page === d.page && current.color === color) {
      // pdfkit re-applies this on a page break inside flowing text: it must name the colour in use
      d._fillColor = [color, opacity];
      return doc;
    }
    fillColor(color, opacity);
    current = plain ? { page: d.page, color } : null;
    return doc;
  }) as Doc['fillColor'];
}

interface PdfRef {
  compress: boolean;
  data: Record<string, unknown>;
  end: (chunk?: Uint8Array | string) => void;
}
interface EmbeddedFontInternals {
  subset: unknown;
  font: object;
  widths: number[];
  unicode: number[][];
  document: { ref: (data?: object) => PdfRef; compress: boolean };
  embed: () => unknown;
  toUnicodeCmap: () => PdfRef;
}

/**
 * zlib's level for the streams a document writes (page content, object streams). pdfkit uses the
 * default, 6: on a 10-line invoice's four streams level 3 took half the time (0.3 against 0.55–0.6
 * ms) for about 600 bytes more (2.5% of the file). Fonts' files stay at the default
 * (font-subsets.ts); kept Unicode maps are compressed at this level, as a made one is (keptCmap).
 */
const CONTENT_DEFLATE_LEVEL = 3;

let batchedWrites: boolean | null = null;

/**
 * A font's ToUnicode maps, compressed, by the characters they map. pdfkit writes one per font per
 * document (hundreds of entries as hex, then deflated: 7% of a one-page render); with the shared
 * numbering a business's documents map the same numbers to the same characters, so the bytes of
 * one serve the next. The map is a function of `unicode` alone, which is the key.
 */
const keptCmaps = new WeakMap<object, Map<string, Buffer>>();
const KEPT_CMAPS_PER_FONT = 64;

function keptCmap(self: EmbeddedFontInternals, original: () => PdfRef): PdfRef {
  const doc = self.document;
  if (!doc.compress) return original.call(self);
  let kept = keptCmaps.get(self.font);
  if (!kept) keptCmaps.set(self.font, (kept = new Map()));
  const key = self.unicode.map((codePoints) => codePoints.join('.')).join(',');
  const bytes = kept.get(key);
  if (!bytes) {
    // pdfkit's own map, its text kept as it is written
    const made = doc.ref;
    let text = '';
    doc.ref = function (data?: object) {
      delete (doc as Partial<typeof doc>).ref;
      const ref = made.call(doc, data);
      const end = ref.end.bind(ref);
      ref.end = (chunk) => {
        text = String(chunk ?? '');
        end(chunk);
      };
      return ref;
    };
    try {
      const ref = original.call(self);
      // as pdfkit writes a text chunk (with a line end) and as the made map was compressed (at the
      // batched writes' level once they are installed)
      kept.set(key, deflateSync(`${text}\n`, batchedWrites ? { level: CONTENT_DEFLATE_LEVEL } : {}));
      if (kept.size > KEPT_CMAPS_PER_FONT) kept.delete(kept.keys().next().value!);
      return ref;
    } finally {
      delete (doc as Partial<typeof doc>).ref;
    }
  }
  // most recently used last: the first is the one to drop
  kept.delete(key);
  kept.set(key, bytes);
  const ref = doc.ref();
  ref.compress = false;
  // the dictionary's keys in pdfkit's order, so a kept map writes the very bytes a made one does
  ref.data.Length = 0;
  ref.data.Filter = 'FlateDecode';
  ref.end(bytes);
  return ref;
}
let sharedSubsets: boolean | null = null;

/**
 * Embed the document fonts from the shared numbering (font-subsets.ts). pdfkit's EmbeddedFont.embed
 * writes the font file, its descriptor, widths and Unicode map; here the file's stream gets the
 * view's compressed bytes (kept from an earlier document when it printed the same glyphs) and is
 * marked compressed, so pdfkit neither encodes nor compresses it again. Installed before the first
 * document, so every document, the first included, is numbered the same way. Relies on pdfkit
 * 0.20's EmbeddedFont (subset, widths, unicode, embed); without them the fonts keep pdfkit's own subsets.
 */
export function installSharedSubsets(fonts: Record<string, FontkitFont>): void {
  if (sharedSubsets !== null) return;
  sharedSubsets = false;
  const probe = new PDFDocument({ font: fonts.sans as unknown as string, autoFirstPage: false });
  const current = (probe as unknown as { _font?: EmbeddedFontInternals })._font;
  const proto = current && (Object.getPrototypeOf(current) as EmbeddedFontInternals);
  if (!proto || typeof proto.embed !== 'function' || !Array.isArray(current.widths) || !Array.isArray(current.unicode)) return;
  const original = proto.embed;
  proto.embed = function (this: EmbeddedFontInternals) {
    const view = this.subset;
    if (!(view instanceof SharedSubsetView)) return original.call(this);
    view.fillMetrics(this.widths, this.unicode);
    const doc = this.document;
    // The font file is the first object embed makes: mark it compressed already.
    doc.ref = function (data?: object) {
      delete (doc as Partial<typeof doc>).ref;
      const ref = doc.ref(data);
      ref.compress = false;
      ref.data.Filter = 'FlateDecode';
      return ref;
    };
    const own = view as unknown as { encode?: () => Uint8Array };
    own.encode = () => view.deflated();
    const self = this as EmbeddedFontInternals & { toUnicodeCmap: () => PdfRef };
    const toUnicodeCmap = proto.toUnicodeCmap;
    self.toUnicodeCmap = () => keptCmap(self, toUnicodeCmap);
    try {
      return original.call(this);
    } finally {
      delete (doc as Partial<typeof doc>).ref;
      delete own.encode;
      delete (self as Partial<typeof self>).toUnicodeCmap;
    }
  };
  for (const font of Object.values(fonts)) useSharedSubsets(font);
  sharedSubsets = true;
}

interface WrittenRef {
  buffer: Uint8Array[];
  compress: boolean;
  uncompressedLength: number;
  data: Record<string, unknown>;
  write: (chunk: Uint8Array | string) => void;
  finalize: () => void;
  /** strings written since the last bytes, with their line ends */
  pendingText?: string[];
}
interface WrittenDoc {
  _offset: number;
  _root: WrittenRef;
  _write: (data: Uint8Array | string) => void;
  push: (chunk: Uint8Array | null) => boolean;
  pendingText?: string[];
}

/** latin1 keeps the low byte of each UTF-16 code unit: pdfkit's own `charCodeAt(i) & 0xff`. */
const bytesOf = (text: string[]) => Buffer.from(text.length === 1 ? text[0]! : text.join(''), 'latin1');

/** Whether pdfkit's writes are batched in this process (loading the fonts installs them). */
export const writesBatched = () => batchedWrites === true;

/**
 * pdfkit turns every string it writes into bytes one character at a time in JavaScript: each
 * operator of a page's content as it is drawn, each line of each object as the file is written,
 * and it pushes every one of those lines into its stream by itself. Here strings are kept as they
 * come and turned into bytes together by Buffer, in one push per run of lines. The bytes before
 * compression and their order are pdfkit's, so are the offsets in the cross-reference table
 * (`_offset` still moves with every write); what pdfkit would compress is compressed here, at
 * CONTENT_DEFLATE_LEVEL. Relies on pdfkit 0.20's PDFReference (write, finalize, buffer, compress)
 * and PDFDocument._write; without them nothing is patched. Installed with the fonts, before any
 * document (a statement included) is written, so that every document's streams and kept maps are
 * compressed alike.
 */
export function installBatchedWrites(font: FontkitFont): void {
  if (batchedWrites !== null) return;
  batchedWrites = false;
  // a document never ended, only to reach pdfkit's prototypes
  const d = new PDFDocument({ font: font as unknown as string, autoFirstPage: false }) as unknown as WrittenDoc;
  const docProto = Object.getPrototypeOf(d) as WrittenDoc;
  const refProto = d._root && (Object.getPrototypeOf(d._root) as WrittenRef);
  if (!refProto || typeof refProto.write !== 'function' || typeof refProto.finalize !== 'function') return;
  if (typeof docProto._write !== 'function' || !Array.isArray(d._root.buffer)) return;

  const writeBytes = refProto.write;
  const finalize = refProto.finalize;
  const flushRef = (ref: WrittenRef) => {
    if (!ref.pendingText) return;
    ref.buffer.push(bytesOf(ref.pendingText));
    ref.pendingText = undefined;
  };
  refProto.write = function (this: WrittenRef, chunk) {
    if (chunk instanceof Uint8Array) {
      flushRef(this);
      writeBytes.call(this, chunk);
      return;
    }
    const line = `${chunk}\n`;
    (this.pendingText ??= []).push(line);
    // what pdfkit counts for a chunk of line.length bytes
    this.uncompressedLength += line.length;
    this.data.Length = ((this.data.Length as number | undefined) ?? 0) + line.length;
    if (this.compress) this.data.Filter = 'FlateDecode';
  };
  refProto.finalize = function (this: WrittenRef) {
    flushRef(this);
    if (this.compress && this.buffer.length) {
      // compressed here at a lower level; pdfkit then only writes the bytes out
      this.buffer = [deflateSync(this.buffer.length === 1 ? this.buffer[0]! : Buffer.concat(this.buffer), { level: CONTENT_DEFLATE_LEVEL })];
      this.compress = false;
    }
    finalize.call(this);
  };

  const push = docProto.push;
  const flushDoc = (self: WrittenDoc) => {
    if (!self.pendingText) return;
    const bytes = bytesOf(self.pendingText);
    self.pendingText = undefined;
    push.call(self, bytes);
  };
  docProto._write = function (this: WrittenDoc, data) {
    if (data instanceof Uint8Array) {
      flushDoc(this);
      push.call(this, data);
      this._offset += data.length;
      return;
    }
    const line = `${data}\n`;
    (this.pendingText ??= []).push(line);
    this._offset += line.length;
  };
  // the end of the file: what is still kept goes before it
  docProto.push = function (this: WrittenDoc, chunk) {
    if (chunk === null) flushDoc(this);
    return push.call(this, chunk);
  };
  batchedWrites = true;
}
