import type PDFDocument from 'pdfkit';
import type { FontName } from '../fonts.ts';
import type { Theme } from '../theme.ts';
import { fontRuns, MixedText, type MixedLine } from './mixed-text.ts';

export type Doc = InstanceType<typeof PDFDocument>;

/** Words this long may not fit a column (cheap pre-check before measuring). */
const LONG_WORD = /\S{16,}/;
const LONG_WORDS = /\S{16,}/g;
/** A line fits its box when it is at least this much narrower (the wrap test in `lines` uses 1). */
const FIT_SLACK = 1.5;

export interface TextStyle {
  font?: FontName;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
  /** tabular figures so amounts line up digit for digit */
  figures?: boolean;
  lineGap?: number;
  characterSpacing?: number;
}

/**
 * A cursor over a pdfkit document: every block is measured before it is drawn, and the
 * cursor (`y`) only moves down, so nothing can overlap. Page breaks go through `ensure`.
 */
export class Canvas {
  y: number;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly top: number;
  readonly bottom: number;

  constructor(
    readonly doc: Doc,
    readonly theme: Theme,
  ) {
    const page = doc.page;
    this.left = page.margins.left;
    this.right = page.width - page.margins.right;
    this.width = this.right - this.left;
    this.top = page.margins.top;
    this.bottom = page.height - page.margins.bottom;
    this.y = this.top;
  }

  /** Font and size only: enough to measure. Colour is written to the page, so only drawing sets it. */
  private setFont(style: TextStyle) {
    this.doc.font(style.font ?? this.theme.fonts.body).fontSize(style.size ?? this.theme.size.body);
  }

  private apply(style: TextStyle) {
    this.setFont(style);
    this.doc.fillColor(style.color ?? this.theme.colors.text);
  }

  /** Text that needs fallback fonts (another script, emoji) goes through the mixed-font layout. */
  private mixed(text: string, style: TextStyle): MixedText | null {
    const font = style.font ?? this.theme.fonts.body;
    if (!fontRuns(text, font)) return null;
    return new MixedText(this.doc, {
      font,
      size: style.size ?? this.theme.size.body,
      characterSpacing: style.characterSpacing ?? 0,
      features: style.figures ? ['tnum'] : undefined,
      lineGap: style.lineGap ?? 1.5,
    });
  }

  private options(width: number, style: TextStyle): PDFKit.Mixins.TextOptions {
    return {
      width,
      align: style.align ?? 'left',
      lineGap: style.lineGap ?? 1.5,
      characterSpacing: style.characterSpacing ?? 0,
      features: style.figures ? ['tnum'] : undefined,
    } as PDFKit.Mixins.TextOptions;
  }

  measure(text: string, width: number, style: TextStyle = {}): number {
    if (!text) return 0;
    return this.lines(text, width, style).reduce((h, l) => h + l.height, 0);
  }

  /**
   * Each line of the text with its height: a line that fits is placed directly (w set), which
   * skips pdfkit's wrapper (slower, and it leaves a blank line after a line that fills the
   * column exactly); a longer one goes through the wrapper on its own.
   */
  private lines(text: string, width: number, style: TextStyle): Array<{ text: string; width: number | null; height: number; mixed?: MixedLine }> {
    const mixed = this.mixed(text, style);
    if (mixed) return mixed.layout(text, width).map((m) => ({ text: '', width: m.width, height: m.height, mixed: m }));
    this.setFont(style);
    const options = this.options(width, style);
    const single = this.doc.currentLineHeight(true) + (options.lineGap ?? 0);
    return text.split('\n').map((line) => {
      const w = this.doc.widthOfString(line.trimEnd(), options);
      if (w <= width - 1) return { text: line, width: w, height: single };
      const broken = this.breakLongWords(line, width, style);
      return { text: broken, width: null, height: this.doc.heightOfString(broken, options) };
    });
  }

  /**
   * Split any word wider than the column into pieces that fit, one per line. pdfkit can split
   * such a word itself, but re-measures the whole remainder for every line: a 5,000-character
   * name took tens of seconds. Piece widths add up single-character advances (cached).
   */
  private breakLongWords(text: string, width: number, style: TextStyle): string {
    if (!LONG_WORD.test(text)) return text;
    const spacing = style.characterSpacing ?? 0;
    const limit = width - 2;
    return text.replace(LONG_WORDS, (word) => {
      if (this.doc.widthOfString(word, { characterSpacing: spacing }) <= limit) return word;
      const pieces: string[] = [];
      let piece = '';
      let pieceWidth = 0;
      for (const ch of word) {
        const w = this.doc.widthOfString(ch) + spacing;
        if (piece && pieceWidth + w > limit) {
          pieces.push(piece);
          piece = '';
          pieceWidth = 0;
        }
        piece += ch;
        pieceWidth += w;
      }
      if (piece) pieces.push(piece);
      return pieces.join('\n');
    });
  }

  /**
   * The font size (at most the style's) at which `text` fits on one line of `width`: money and
   * quantities shrink rather than wrap (docs/product.md, "Money figures in PDFs").
   */
  fitSize(text: string, width: number, style: TextStyle = {}): number {
    const size = style.size ?? this.theme.size.body;
    const room = width - FIT_SLACK;
    const w = this.textWidth(text, style);
    if (w <= room) return size;
    return Math.floor(((size * room) / w) * 100) / 100;
  }

  textWidth(text: string, style: TextStyle = {}): number {
    const mixed = this.mixed(text, style);
    if (mixed) return Math.max(0, ...mixed.layout(text, Number.MAX_SAFE_INTEGER).map((l) => l.width));
    this.setFont(style);
    return this.doc.widthOfString(text, this.options(Number.MAX_SAFE_INTEGER, style));
  }

  /** Draw wrapped text at a fixed place (must already fit on the page); returns its height. */
  text(text: string, x: number, y: number, width: number, style: TextStyle = {}): number {
    if (!text) return 0;
    const lines = this.lines(text, width, style);
    const options = this.options(width, style);
    const align = style.align ?? 'left';
    let h = 0;
    const mixed = lines[0]?.mixed ? this.mixed(text, style) : null;
    this.apply(style);
    for (const line of lines) {
      if (mixed && line.mixed) {
        mixed.draw(line.mixed, x, y + h, width, align);
      } else if (line.width === null) {
        this.doc.text(line.text, x, y + h, { ...options, height: line.height + 1 });
      } else if (line.text.trim()) {
        const left = align === 'right' ? x + width - line.width : align === 'center' ? x + (width - line.width) / 2 : x;
        this.doc.text(line.text, left, y + h, {
          lineBreak: false,
          characterSpacing: options.characterSpacing,
          features: options.features,
        });
      }
      h += line.height;
    }
    return h;
  }

  /**
   * Draw text at a fixed place but no taller than maxHeight: anything beyond is cut with an
   * ellipsis. Only for the sender's own details at absurd lengths, never for client content.
   */
  clipped(text: string, x: number, y: number, width: number, maxHeight: number, style: TextStyle = {}, measureOnly = false): number {
    if (!text) return 0;
    const height = this.measure(text, width, style);
    if (height <= maxHeight) return measureOnly ? height : this.text(text, x, y, width, style);
    if (measureOnly) return maxHeight;
    const mixed = this.mixed(text, style);
    if (mixed) {
      this.apply(style);
      let h = 0;
      const lines = mixed.layout(text, width);
      for (const [i, line] of lines.entries()) {
        const next = lines[i + 1];
        if (next && h + line.height + next.height > maxHeight) {
          // The cut shows: the final line ends in an ellipsis within the column.
          let kept = [...lineText(line)];
          while (kept.length && mixed.layout(`${kept.join('')}…`, width).length > 1) kept = kept.slice(0, -1);
          mixed.draw(mixed.layout(`${kept.join('')}…`, width)[0]!, x, y + h, width, style.align ?? 'left');
          break;
        }
        mixed.draw(line, x, y + h, width, style.align ?? 'left');
        h += line.height;
      }
      return maxHeight;
    }
    this.apply(style);
    this.doc.text(this.breakLongWords(text, width, style), x, y, { ...this.options(width, style), height: maxHeight, ellipsis: true });
    return maxHeight;
  }

  /**
   * Draw text that may run past the page end (a 5,000-character client name, long terms):
   * pdfkit continues it on new pages in the same column. Moves the cursor below it.
   */
  flow(text: string, x: number, width: number, style: TextStyle = {}): void {
    if (!text) return;
    const mixed = this.mixed(text, style);
    if (mixed) {
      for (const line of mixed.layout(text, width)) {
        if (this.y + line.height > this.bottom) this.newPage();
        this.apply(style);
        mixed.draw(line, x, this.y, width, style.align ?? 'left');
        this.y += line.height;
      }
      return;
    }
    this.apply(style);
    if (this.y + this.doc.currentLineHeight(true) > this.bottom) this.newPage();
    this.doc.text(this.breakLongWords(text, width, style), x, this.y, this.options(width, style));
    this.y = this.doc.y;
  }

  /** Start a new page when `height` does not fit below the cursor. True when it broke. */
  ensure(height: number): boolean {
    if (this.y + height <= this.bottom || this.y <= this.top) return false;
    this.newPage();
    return true;
  }

  newPage(): void {
    this.doc.addPage();
    this.y = this.top;
  }

  pageIndex(): number {
    const range = this.doc.bufferedPageRange();
    return range.start + range.count - 1;
  }

  rule(x1: number, x2: number, y: number, color = this.theme.colors.rule, width = 0.75): void {
    this.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(width).strokeColor(color).stroke().restore();
  }

  /** A QR code as vector squares in one path (`dark`: row-major, `size` modules a side), `side` points square. */
  qr(dark: ArrayLike<number>, size: number, x: number, y: number, side: number, fill: string): void {
    const m = side / size;
    this.doc.save();
    for (let r = 0; r < size; r++) for (let col = 0; col < size; col++) if (dark[r * size + col]) this.doc.rect(x + col * m, y + r * m, m, m);
    this.doc.fillColor(fill).fill().restore();
  }

  rect(x: number, y: number, w: number, h: number, fill: string): void {
    this.doc.save().rect(x, y, w, h).fillColor(fill).fill().restore();
  }

  box(x: number, y: number, w: number, h: number, stroke: string, width = 0.75): void {
    this.doc.save().rect(x, y, w, h).lineWidth(width).strokeColor(stroke).stroke().restore();
  }
}

function lineText(line: MixedLine): string {
  return line.segments.map((s) => s.text).join('');
}
