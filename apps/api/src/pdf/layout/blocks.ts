import QRCode from 'qrcode';
import type { PdfDocumentModel, PdfLabelled } from '../document-model.ts';
import type { Canvas, TextStyle } from './canvas.ts';
import { drawLogo } from './logo.ts';

const GAP = 24;

export function labelText(c: Canvas, text: string): string {
  return c.theme.table.upperCaseHead ? text.toUpperCase() : text;
}

export function labelStyle(c: Canvas, color = c.theme.colors.muted): TextStyle {
  return {
    font: c.theme.fonts.label,
    size: c.theme.size.label,
    color,
    characterSpacing: c.theme.table.upperCaseHead ? 0.6 : 0,
  };
}

/** Label/value rows (document number, dates, bank details); returns the height used. */
export function drawPairs(
  c: Canvas,
  pairs: PdfLabelled[],
  x: number,
  y: number,
  width: number,
  opts: {
    labelWidth?: number;
    align?: 'left' | 'right';
    valueFont?: TextStyle['font'];
    measureOnly?: boolean;
    size?: number;
  } = {},
): number {
  const labelWidth = opts.labelWidth ?? Math.min(110, width * 0.45);
  const valueWidth = width - labelWidth;
  const align = opts.align ?? 'left';
  let h = 0;
  for (const pair of pairs) {
    const value: TextStyle = { font: opts.valueFont ?? c.theme.fonts.body, size: opts.size ?? c.theme.size.body, align };
    const label: TextStyle = { ...labelStyle(c), size: c.theme.size.small };
    const rowH = Math.max(c.measure(pair.value, valueWidth, value), c.measure(pair.label, labelWidth - 8, label));
    if (!opts.measureOnly) {
      c.text(pair.label, x, y + h + 1, labelWidth - 8, label);
      c.text(pair.value, x + labelWidth, y + h, valueWidth, value);
    }
    h += rowH + (opts.size ? 2 : 3);
  }
  return h;
}

/** A bordered or plain party block: heading, bold name, then lines. Flows across pages. */
export function flowParty(c: Canvas, heading: string, name: string, lines: string[], x: number, width: number): void {
  c.flow(labelText(c, heading), x, width, labelStyle(c, c.theme.colors.accent));
  c.y += 3;
  c.flow(name, x, width, { font: c.theme.fonts.bold, size: c.theme.size.body + 1 });
  c.y += 1;
  if (lines.length) c.flow(lines.join('\n'), x, width, { color: c.theme.colors.muted });
}

/**
 * Client on the left (after the sender when `from` is set), document facts on the right.
 * The facts and sender have a bounded height; the client block may be any length: it flows
 * down (and over pages) in its own column.
 */
export function drawClientAndMeta(c: Canvas, model: PdfDocumentModel, opts: { metaWidth?: number; from?: boolean } = {}): void {
  const metaWidth = opts.metaWidth ?? 220;
  const labelWidth = Math.min(92, metaWidth * 0.45);
  c.ensure(drawPairs(c, model.meta, 0, 0, metaWidth, { labelWidth, measureOnly: true }));
  const startPage = c.pageIndex();
  const top = c.y;
  let fromH = 0;
  let clientX = c.left;
  let clientW = c.width - metaWidth - GAP;
  if (opts.from) {
    // The sender is set smaller than the client, so it gets the narrower column.
    const fromW = (c.width - metaWidth - 2 * GAP) * 0.4;
    fromH += c.text(labelText(c, 'From'), c.left, top, fromW, labelStyle(c, c.theme.colors.accent)) + 3;
    fromH += drawCompany(c, model, c.left, top + fromH, fromW, { nameSize: c.theme.size.body + 1, nameFont: c.theme.fonts.bold });
    clientX = c.left + fromW + GAP;
    clientW = c.width - metaWidth - 2 * GAP - fromW;
  }
  const metaH = drawPairs(c, model.meta, c.right - metaWidth, top, metaWidth, { labelWidth, align: 'right' });
  c.y = top;
  flowParty(c, model.client.heading, model.client.name, model.client.lines, clientX, clientW);
  if (c.pageIndex() === startPage) c.y = Math.max(c.y, top + metaH, top + fromH);
}

/** Labels keep at least this much of the totals box; the figures take what they need. */
const TOTALS_MIN_LABEL_WIDTH = 90;

function drawTotals(c: Canvas, model: PdfDocumentModel, x: number, y: number, width: number, measureOnly = false): number {
  const t = c.theme;
  const rowStyle: TextStyle = { size: t.size.body, figures: true };
  const totalStyle: TextStyle = { size: t.size.body + 2, font: t.fonts.bold, figures: true, color: t.colors.totalText };
  const noteStyle: TextStyle = { size: t.size.small, figures: true };
  const { subtotal, vatRows, total, afterTotal, outsideHeading, outside, legend } = model.totals;
  const rows = [subtotal, ...vatRows];
  // As wide as the widest figure, so an amount never wraps; past that it shrinks (fitSize).
  const widest = Math.max(
    ...[...rows, ...outside].map((r) => c.textWidth(r.value, rowStyle)),
    ...[total, ...afterTotal].map((r) => c.textWidth(r.value, totalStyle)),
  );
  const valueW = Math.min(Math.max(110, Math.ceil(widest) + 2), width - 16 - TOTALS_MIN_LABEL_WIDTH);
  const labelW = width - valueW - 8;
  const fitted = (value: string, style: TextStyle): TextStyle => ({ ...style, size: c.fitSize(value, valueW, style), align: 'right' });
  let h = 0;
  const plainRow = (row: { label: string; value: string }, style: TextStyle, labelColor: string) => {
    const valueStyle = fitted(row.value, style);
    const rowH = Math.max(c.measure(row.label, labelW, style), c.measure(row.value, valueW, valueStyle)) + 9;
    if (!measureOnly) {
      c.text(row.label, x + 8, y + h + 4, labelW, { ...style, color: labelColor });
      c.text(row.value, x + width - valueW - 8, y + h + 4, valueW, valueStyle);
    }
    h += rowH;
  };
  for (const row of rows) plainRow(row, rowStyle, t.colors.muted);
  const boldRow = (row: { label: string; value: string }) => {
    const valueStyle = fitted(row.value, totalStyle);
    const rowH = Math.max(c.measure(row.label, labelW, totalStyle), c.measure(row.value, valueW, valueStyle)) + 14;
    if (!measureOnly) {
      if (t.colors.totalFill) c.rect(x, y + h + 2, width, rowH, t.colors.totalFill);
      else c.rule(x, x + width, y + h + 2, t.colors.text, 1);
      c.text(row.label, x + 8, y + h + 9, labelW, totalStyle);
      c.text(row.value, x + width - valueW - 8, y + h + 9, valueW, valueStyle);
    }
    h += rowH + 2;
  };
  boldRow(total);
  // CIS: the deduction, then the amount due in the total's style.
  afterTotal.forEach((row, i) => (i === afterTotal.length - 1 ? boldRow(row) : plainRow(row, rowStyle, t.colors.text)));
  // Outside the total: reverse-charge VAT per rate, then HMRC's legend.
  if (outside.length || legend) h += 6;
  if (outsideHeading) {
    const headingStyle: TextStyle = { size: t.size.small, color: t.colors.muted };
    const hh = c.measure(outsideHeading, width - 16, headingStyle) + 4;
    if (!measureOnly) c.text(outsideHeading, x + 8, y + h + 2, width - 16, headingStyle);
    h += hh;
  }
  for (const row of outside) plainRow(row, noteStyle, t.colors.muted);
  if (legend) {
    const legendStyle: TextStyle = { size: t.size.small, font: t.fonts.bold, color: t.colors.text };
    const lh = c.measure(legend, width - 16, legendStyle) + 6;
    if (!measureOnly) c.text(legend, x + 8, y + h + 2, width - 16, legendStyle);
    h += lh;
  }
  return h;
}

function drawPayment(c: Canvas, model: PdfDocumentModel, x: number, y: number, width: number, measureOnly = false): number {
  if (model.kind !== 'invoice' || !model.paymentDue) return 0;
  const dueStyle: TextStyle = { font: c.theme.fonts.bold, color: c.theme.colors.text };
  let h = (measureOnly ? c.measure(model.paymentDue, width, dueStyle) : c.text(model.paymentDue, x, y, width, dueStyle)) + 8;
  if (model.bank.length) {
    const heading = labelText(c, 'Payment details');
    const style = labelStyle(c, c.theme.colors.accent);
    h += (measureOnly ? c.measure(heading, width, style) : c.text(heading, x, y + h, width, style)) + 5;
    h += drawPairs(c, model.bank, x, y + h, width, { labelWidth: 84, measureOnly, size: c.theme.size.small + 0.5 });
  }
  if (model.payOnline) h += 10 + drawPayOnline(c, model.payOnline, x, y + h + 10, width, measureOnly);
  return h;
}

/**
 * The pay page's QR code (vector, black on white, with its quiet zone), what it is for beside it,
 * and its short link under it on one line (shrunk rather than wrapped, so it reads and copies whole).
 */
export function drawPayOnline(c: Canvas, pay: { line: string; url: string }, x: number, y: number, width: number, measureOnly: boolean): number {
  const qr = QRCode.create(pay.url, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const side = 72;
  const quiet = (side / size) * 2;
  const box = side + 2 * quiet;
  const textX = x + box + 8;
  const textW = Math.max(60, width - (textX - x));
  const heading = labelText(c, 'Pay online');
  const headingStyle = labelStyle(c, c.theme.colors.accent);
  const lineStyle: TextStyle = { size: c.theme.size.small + 0.5, color: c.theme.colors.text };
  let th = (measureOnly ? c.measure(heading, textW, headingStyle) : c.text(heading, textX, y + quiet, textW, headingStyle)) + 4;
  th += measureOnly ? c.measure(pay.line, textW, lineStyle) : c.text(pay.line, textX, y + quiet + th, textW, lineStyle);
  const urlStyle: TextStyle = { font: c.theme.fonts.bold, color: c.theme.colors.text, size: c.theme.size.small + 0.5 };
  const fitted: TextStyle = { ...urlStyle, size: c.fitSize(pay.url, width, urlStyle) };
  const top = Math.max(box, th + quiet) + 2;
  const uh = measureOnly ? c.measure(pay.url, width, fitted) : c.text(pay.url, x, y + top, width, fitted);
  if (!measureOnly) {
    c.rect(x, y, box, box, '#ffffff');
    c.qr(qr.modules.data, size, x + quiet, y + quiet, side, '#000000');
  }
  return top + uh;
}

/**
 * Totals on the right and, on invoices, the payment instructions on the left, kept together
 * on one page so the totals are never split from each other.
 */
export function drawSummary(c: Canvas, model: PdfDocumentModel, opts: { totalsWidth?: number; gapAbove?: number } = {}): void {
  const totalsW = opts.totalsWidth ?? 250;
  const leftW = c.width - totalsW - GAP;
  c.y += opts.gapAbove ?? 12;
  const needed = Math.max(drawTotals(c, model, 0, 0, totalsW, true), drawPayment(c, model, 0, 0, leftW, true) + 12);
  c.ensure(needed);
  const top = c.y;
  const th = drawTotals(c, model, c.right - totalsW, top, totalsW);
  const ph = drawPayment(c, model, c.left, top + 12, leftW);
  c.y = top + Math.max(th, ph + 12);
}

/** The credit note's reason or the void invoice's reason, set apart above the terms. */
function drawNotice(c: Canvas, model: PdfDocumentModel): void {
  if (!model.notice) return;
  c.y += 16;
  const style: TextStyle = { font: c.theme.fonts.bold, color: c.theme.colors.text };
  const h = c.measure(model.notice, c.width - 16, style);
  c.ensure(h + 12);
  c.rule(c.left, c.right, c.y, c.theme.colors.rule, 0.75);
  c.y += 6;
  c.flow(model.notice, c.left + 8, c.width - 16, style);
  c.y += 6;
  c.rule(c.left, c.right, c.y, c.theme.colors.rule, 0.75);
}

/** An accepted quote: who accepted it and when, then the signature they drew. */
function drawAcceptance(c: Canvas, model: PdfDocumentModel): void {
  if (!model.acceptance) return;
  const { line, signature } = model.acceptance;
  const style: TextStyle = { font: c.theme.fonts.bold, color: c.theme.colors.text };
  const sigH = signature ? 70 : 0;
  c.y += 16;
  c.ensure(c.measure(line, c.width, style) + sigH + 8);
  c.flow(line, c.left, c.width, style);
  if (!signature) return;
  c.y += 4;
  const drawn = drawLogo(c, signature, c.left, c.y, 220, sigH);
  c.y += drawn.height;
}

/** Terms, after the notice and an accepted quote's signature (every template calls this last). */
export function drawTerms(c: Canvas, model: PdfDocumentModel): void {
  drawNotice(c, model);
  drawAcceptance(c, model);
  if (!model.terms) return;
  c.y += 16;
  const heading = labelText(c, 'Terms and conditions');
  const headingStyle = labelStyle(c, c.theme.colors.accent);
  const bodyStyle: TextStyle = { size: c.theme.size.small, color: c.theme.colors.muted, lineGap: 2 };
  const height = c.measure(heading, c.width, headingStyle) + 4 + c.measure(model.terms, c.width, bodyStyle);
  // Short terms stay in one piece; long ones start here and flow on.
  c.ensure(height < 200 ? height : 40);
  c.flow(heading, c.left, c.width, headingStyle);
  c.y += 4;
  c.flow(model.terms, c.left, c.width, bodyStyle);
}

/** Company name, contact lines and VAT number at a fixed place; returns the height used. */
export function drawCompany(
  c: Canvas,
  model: PdfDocumentModel,
  x: number,
  y: number,
  width: number,
  opts: {
    align?: 'left' | 'right' | 'center';
    nameSize?: number;
    nameColor?: string;
    nameFont?: TextStyle['font'];
    /** one line per address line and contact (true) or address on one line, contacts on another */
    stacked?: boolean;
    measureOnly?: boolean;
    /** the block never grows past this; name and contacts are cut, the VAT number never */
    maxHeight?: number;
  } = {},
): number {
  const t = c.theme;
  const align = opts.align ?? 'left';
  const maxHeight = opts.maxHeight ?? 240;
  const nameStyle: TextStyle = {
    font: opts.nameFont ?? t.fonts.heading,
    size: opts.nameSize ?? 15,
    color: opts.nameColor ?? t.colors.text,
    align,
    lineGap: 0,
  };
  const smallStyle: TextStyle = { size: t.size.small, color: t.colors.muted, align };
  const { addressLines, contactLines } = model.company;
  const contact = opts.stacked
    ? [...addressLines, ...contactLines].join('\n')
    : [addressLines.join(', '), packInline(c, contactLines, width, t.size.small)].filter(Boolean).join('\n');
  const vatLine = model.company.vatLine;
  const vatH = vatLine ? 2 + c.measure(vatLine, width, smallStyle) : 0;
  const gap = opts.nameSize && opts.nameSize < 12 ? 2 : 4;
  const room = Math.max(40, maxHeight - vatH - gap);
  let h = c.clipped(model.company.name, x, y, width, room * 0.4, nameStyle, opts.measureOnly);
  h += gap;
  h += c.clipped(contact, x, y + h, width, room - h, smallStyle, opts.measureOnly);
  if (vatLine) {
    if (!opts.measureOnly) c.text(vatLine, x, y + h + 2, width, smallStyle);
    h += vatH;
  }
  return h;
}

/** Join items with a middle dot, starting a new line instead of splitting an item. */
function packInline(c: Canvas, items: string[], width: number, size: number): string {
  const sep = '  ·  ';
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    const candidate = line ? line + sep + item : item;
    // A little slack: pdfkit's wrapper counts trailing spaces that widthOfString does not.
    if (line && c.textWidth(candidate, { size }) > width - 6) {
      lines.push(line);
      line = item;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
