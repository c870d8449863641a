import type { PdfDocumentModel } from '../document-model.ts';
import type { Canvas } from './canvas.ts';

/**
 * Runs once every page exists (bufferPages): the footer with 'Page N of M' and the status
 * watermark. Bottom margins drop to zero while drawing so pdfkit never adds a page here.
 */
export function finishPages(c: Canvas, model: PdfDocumentModel): void {
  const { doc, theme } = c;
  const range = doc.bufferedPageRange();
  const total = range.count;
  for (let i = range.start; i < range.start + total; i++) {
    doc.switchToPage(i);
    const margins = doc.page.margins;
    const savedBottom = margins.bottom;
    margins.bottom = 0;
    const y = doc.page.height - savedBottom + 20;
    c.rule(c.left, c.right, y - 8, theme.colors.rule, 0.5);
    const pageLabel = `Page ${i - range.start + 1} of ${total}`;
    const pageW = c.textWidth(pageLabel, { size: theme.size.small }) + 2;
    const footStyle = { size: theme.size.small, color: theme.colors.muted } as const;
    c.clipped(model.footer, c.left, y, c.width - pageW - 24, theme.size.small * 1.3, footStyle);
    c.text(pageLabel, c.right - pageW, y, pageW, { ...footStyle, align: 'right' });
    if (model.watermark) drawWatermark(c, model.watermark);
    margins.bottom = savedBottom;
  }
}

function drawWatermark(c: Canvas, mark: NonNullable<PdfDocumentModel['watermark']>): void {
  const { doc } = c;
  const size = 110;
  const color = mark === 'PAID' ? '#15803d' : mark === 'VOID' ? '#b91c1c' : '#94a3b8';
  const width = c.textWidth(mark, { font: c.theme.fonts.bold, size, characterSpacing: 8 });
  const cx = doc.page.width / 2;
  const cy = doc.page.height / 2;
  doc.save();
  doc.rotate(-35, { origin: [cx, cy] });
  doc.fillOpacity(0.2);
  doc
    .font(c.theme.fonts.bold)
    .fontSize(size)
    .fillColor(color)
    .text(mark, cx - width / 2, cy - size * 0.6, { lineBreak: false, characterSpacing: 8 });
  doc.restore();
}
