import type { PdfDocumentModel, PdfLine } from '../document-model.ts';
import type { Canvas, TextStyle } from './canvas.ts';

type Key = keyof PdfLine;
interface Column {
  key: Key;
  width: number;
  align: 'left' | 'right';
}

const PAD_X = 6;
/** The description keeps at least this much room however wide the figures get. */
const MIN_DESCRIPTION_WIDTH = 150;

/**
 * Figure columns are as wide as their widest figure (never narrower than the usual widths), so
 * amounts stay on one line; the description takes the rest. Should the figures need more than
 * the page leaves, every figure column narrows and the cells shrink their text to fit instead.
 */
function columns(c: Canvas, model: PdfDocumentModel, figureStyle: TextStyle): Column[] {
  const fixed: Column[] = [
    { key: 'quantity', width: 36, align: 'right' },
    { key: 'unitPrice', width: 74, align: 'right' },
    { key: 'vatRate', width: 38, align: 'right' },
    { key: 'amount', width: 84, align: 'right' },
  ];
  for (const col of fixed) {
    const widest = model.lines.reduce((w, line) => Math.max(w, c.textWidth(line[col.key], figureStyle)), 0);
    col.width = Math.max(col.width, Math.ceil(widest) + 2 * PAD_X + 2);
  }
  const used = fixed.reduce((s, col) => s + col.width, 0);
  const room = c.width - MIN_DESCRIPTION_WIDTH;
  if (used > room) for (const col of fixed) col.width = (col.width * room) / used;
  return [{ key: 'description', width: c.width - Math.min(used, room), align: 'left' }, ...fixed];
}

/**
 * The line-item table: descriptions wrap, every cell is measured so the row height fits its
 * tallest cell, and a row that would cross the page end moves to a new page under a repeated head.
 */
export function drawLineTable(c: Canvas, model: PdfDocumentModel): void {
  const t = c.theme;
  const padY = t.table.style === 'grid' ? 3.5 : 4;
  const cols = columns(c, model, { size: t.size.table, font: t.fonts.body, figures: true });
  const cellStyle = (col: Column, text = ''): TextStyle => {
    const style: TextStyle = { size: t.size.table, font: t.fonts.body, align: col.align, figures: col.key !== 'description' };
    return col.key === 'description' ? style : { ...style, size: c.fitSize(text, col.width - 2 * PAD_X, style) };
  };
  const headStyle = (col: Column): TextStyle => ({
    size: t.size.label,
    font: t.fonts.label,
    color: t.colors.headText,
    align: col.align,
    characterSpacing: t.table.upperCaseHead ? 0.6 : 0,
  });
  const headText = (col: Column) => {
    const label = model.columns[col.key];
    return t.table.upperCaseHead ? label.toUpperCase() : label;
  };

  const drawHead = () => {
    const h = Math.max(...cols.map((col) => c.measure(headText(col), col.width - 2 * PAD_X, headStyle(col)))) + 2 * padY;
    if (t.colors.headFill) c.rect(c.left, c.y, c.width, h, t.colors.headFill);
    let x = c.left;
    for (const col of cols) {
      c.text(headText(col), x + PAD_X, c.y + padY, col.width - 2 * PAD_X, headStyle(col));
      x += col.width;
    }
    if (t.table.style === 'grid') drawGrid(c.y, h);
    else if (!t.colors.headFill) c.rule(c.left, c.right, c.y + h, t.colors.headText, 0.9);
    c.y += h;
  };

  const drawGrid = (y: number, h: number) => {
    c.box(c.left, y, c.width, h, t.colors.rule);
    let x = c.left;
    for (const col of cols.slice(0, -1)) {
      x += col.width;
      c.doc
        .save()
        .moveTo(x, y)
        .lineTo(x, y + h)
        .lineWidth(0.75)
        .strokeColor(t.colors.rule)
        .stroke()
        .restore();
    }
  };

  const headHeight = c.measure('X', 100, headStyle(cols[0]!)) + 2 * padY;
  const rowHeight = (line: PdfLine) =>
    Math.max(...cols.map((col) => c.measure(line[col.key], col.width - 2 * PAD_X, cellStyle(col, line[col.key])))) + 2 * padY;

  // Keep the head with at least the first row.
  c.ensure(headHeight + (model.lines[0] ? rowHeight(model.lines[0]) : 0));
  drawHead();
  model.lines.forEach((line, i) => {
    const h = rowHeight(line);
    if (c.ensure(h)) drawHead();
    if (t.colors.zebra && i % 2 === 1) c.rect(c.left, c.y, c.width, h, t.colors.zebra);
    let x = c.left;
    for (const col of cols) {
      c.text(line[col.key], x + PAD_X, c.y + padY, col.width - 2 * PAD_X, cellStyle(col, line[col.key]));
      x += col.width;
    }
    if (t.table.style === 'grid') drawGrid(c.y, h);
    else if (t.table.style === 'rules' || t.table.style === 'band') c.rule(c.left, c.right, c.y + h);
    c.y += h;
  });
  if (t.table.style === 'open') c.rule(c.left, c.right, c.y, t.colors.rule);
}
