import type PDFDocument from 'pdfkit';
import { fallbackFor, loadFallback, loadFonts, type FallbackName, type FontName } from '../fonts.ts';

type Doc = InstanceType<typeof PDFDocument>;

export interface Segment {
  text: string;
  font: FontName | FallbackName;
  width: number;
}

/** One laid-out line of text that needs more than one font. */
export interface MixedLine {
  segments: Segment[];
  width: number;
  height: number;
  /** distance from the top of the line to the shared baseline */
  ascent: number;
}

interface Token {
  segments: Segment[];
  width: number;
  space: boolean;
  rtl: boolean;
}

export interface MixedStyle {
  font: FontName;
  size: number;
  characterSpacing: number;
  features?: string[];
  lineGap: number;
}

/** Characters every document font has (ASCII, Latin-1, dashes, quotes, bullet, ellipsis, euro): no lookup needed. */
// eslint-disable-next-line no-control-regex -- the whole ASCII range, controls included, needs no fallback
const BEYOND_DOCUMENT_FONTS = /[^\x00-\x7f\u00a0-\u00ff\u2013\u2014\u2018-\u201e\u2022\u2026\u20ac]/;
const RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const registered = new WeakMap<Doc, Set<string>>();

/** A combining mark, joiner, variation selector, emoji modifier or tag: drawn with the character before it. */
function attaches(codePoint: number, ch: string): boolean {
  return (
    codePoint === 0x200d ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) ||
    (codePoint >= 0xe0020 && codePoint <= 0xe007f) ||
    /\p{M}/u.test(ch)
  );
}

/**
 * The text cut into runs of one font each, or null when the document font draws all of it
 * (the common case, checked without leaving the document font).
 */
export function fontRuns(text: string, primary: FontName): Array<{ text: string; font: FontName | FallbackName }> | null {
  if (!BEYOND_DOCUMENT_FONTS.test(text)) return null;
  const main = loadFonts()[primary];
  const runs: Array<{ text: string; font: FontName | FallbackName }> = [];
  let mixed = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const last = runs[runs.length - 1];
    let font: FontName | FallbackName;
    if (last && attaches(cp, ch)) font = last.font;
    else if (/\s/.test(ch) || main.hasGlyphForCodePoint(cp)) font = primary;
    else font = fallbackFor(cp) ?? primary;
    if (font !== primary) mixed = true;
    if (last && last.font === font) last.text += ch;
    else runs.push({ text: ch, font });
  }
  return mixed ? runs : null;
}

/**
 * Lays out and draws text whose characters need several fonts. pdfkit wraps text in one font
 * only, so words are measured run by run here and lines filled greedily; runs of right-to-left
 * words are put in visual order (fontkit already orders the letters inside a word).
 */
export class MixedText {
  constructor(
    private readonly doc: Doc,
    private readonly style: MixedStyle,
  ) {}

  private use(font: FontName | FallbackName): void {
    let names = registered.get(this.doc);
    if (!names) {
      names = new Set();
      registered.set(this.doc, names);
    }
    if (font.startsWith('fb') && !names.has(font)) {
      this.doc.registerFont(font, loadFallback(font as FallbackName) as unknown as string);
      names.add(font);
    }
    this.doc.font(font).fontSize(this.style.size);
  }

  private segment(text: string, font: FontName | FallbackName): Segment {
    this.use(font);
    const width = this.doc.widthOfString(text, {
      characterSpacing: this.style.characterSpacing,
      features: this.style.features,
    } as PDFKit.Mixins.TextOptions);
    return { text, font, width };
  }

  private token(text: string): Token {
    const runs = fontRuns(text, this.style.font) ?? [{ text, font: this.style.font }];
    const segments = runs.map((r) => this.segment(r.text, r.font));
    return {
      segments,
      width: segments.reduce((w, s) => w + s.width, 0),
      space: /^\s+$/.test(text),
      rtl: RTL.test(text),
    };
  }

  /** A word wider than the column, cut between characters into pieces that fit. */
  private pieces(word: string, width: number): Token[] {
    const out: Token[] = [];
    let piece = '';
    for (const ch of word) {
      const cp = ch.codePointAt(0)!;
      if (piece && !attaches(cp, ch) && this.token(piece + ch).width > width - 2) {
        out.push(this.token(piece));
        piece = '';
      }
      piece += ch;
    }
    if (piece) out.push(this.token(piece));
    return out;
  }

  layout(text: string, width: number): MixedLine[] {
    const lines: MixedLine[] = [];
    for (const paragraph of text.split('\n')) {
      let current: Token[] = [];
      let currentWidth = 0;
      const flush = () => {
        while (current.length && current[current.length - 1]!.space) current.pop();
        lines.push(this.line(current));
        current = [];
        currentWidth = 0;
      };
      for (const part of paragraph.split(/(\s+)/)) {
        if (!part) continue;
        const token = this.token(part);
        if (token.space) {
          if (current.length) {
            current.push(token);
            currentWidth += token.width;
          }
          continue;
        }
        if (current.length && currentWidth + token.width > width - 1) flush();
        const parts = token.width > width - 1 ? this.pieces(part, width) : [token];
        parts.forEach((p, i) => {
          if (i > 0) flush();
          current.push(p);
          currentWidth += p.width;
        });
      }
      flush();
    }
    return lines;
  }

  private line(tokens: Token[]): MixedLine {
    const ordered = visualOrder(tokens);
    const segments: Segment[] = [];
    for (const token of ordered) {
      for (const s of token.segments) {
        const last = segments[segments.length - 1];
        if (last && last.font === s.font) {
          last.text += s.text;
          last.width += s.width;
        } else segments.push({ ...s });
      }
    }
    // The baseline stays where the document font puts it, so a line lines up with its
    // neighbours in a table row; deeper descenders of other fonts only add height below.
    const metrics = (font: FontName | FallbackName) => {
      this.use(font);
      const f = (this.doc as unknown as { _font: { ascender: number; descender: number } })._font;
      return { ascent: (f.ascender / 1000) * this.style.size, descent: (-f.descender / 1000) * this.style.size };
    };
    const main = metrics(this.style.font);
    this.use(this.style.font);
    const mainHeight = this.doc.currentLineHeight(true);
    const ascent = main.ascent;
    let height = mainHeight;
    for (const font of new Set(segments.map((s) => s.font))) {
      height = Math.max(height, mainHeight - main.descent + metrics(font).descent);
    }
    return {
      segments,
      width: segments.reduce((w, s) => w + s.width, 0),
      height: height + this.style.lineGap,
      ascent,
    };
  }

  /** Draw one line with its top at y; colour is whatever the caller set. */
  draw(line: MixedLine, x: number, y: number, width: number, align: 'left' | 'right' | 'center'): void {
    let left = align === 'right' ? x + width - line.width : align === 'center' ? x + (width - line.width) / 2 : x;
    for (const s of line.segments) {
      if (s.text.trim()) {
        this.use(s.font);
        this.doc.text(s.text, left, y + line.ascent, {
          lineBreak: false,
          baseline: 'alphabetic',
          characterSpacing: this.style.characterSpacing,
          features: this.style.features,
        } as PDFKit.Mixins.TextOptions);
      }
      left += s.width;
    }
    this.use(this.style.font);
  }
}

/** Consecutive right-to-left words (and the spaces between them) read right to left. */
function visualOrder(tokens: Token[]): Token[] {
  const out = [...tokens];
  let i = 0;
  while (i < out.length) {
    if (!out[i]!.rtl) {
      i++;
      continue;
    }
    let end = i;
    let j = i + 1;
    while (j < out.length && (out[j]!.rtl || out[j]!.space)) {
      if (out[j]!.rtl) end = j;
      j++;
    }
    const run = out.slice(i, end + 1).reverse();
    out.splice(i, run.length, ...run);
    i = end + 1;
  }
  return out;
}
