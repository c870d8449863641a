import type { Theme } from '../theme.ts';
import type { PdfTemplate } from './template.ts';
import { drawLogo } from '../layout/logo.ts';
import { drawClientAndMeta, drawSummary, drawTerms } from '../layout/blocks.ts';
import { drawLineTable } from '../layout/line-table.ts';

/** Modern (default): Inter, indigo accent bar, big coloured title on the right, banded table. */
const theme: Theme = {
  fonts: { body: 'sans', bold: 'sansSemiBold', heading: 'sansBold', label: 'sansSemiBold' },
  colors: {
    text: '#111827',
    muted: '#6b7280',
    accent: '#4338ca',
    rule: '#e5e7eb',
    headFill: '#4338ca',
    headText: '#ffffff',
    zebra: '#f5f6fe',
    totalFill: '#4338ca',
    totalText: '#ffffff',
  },
  table: { style: 'band', upperCaseHead: true },
  size: { body: 9.5, small: 8, table: 9, label: 7.5 },
  margin: { top: 50, bottom: 58, side: 48 },
};

export const modern: PdfTemplate = {
  theme,
  render(c, model) {
    c.rect(0, 0, c.doc.page.width, 8, theme.colors.accent);
    const top = c.top;
    const rightW = 220;
    const logo = drawLogo(c, model.company.logo, c.left, top, 170, 60);
    // Without a logo the company name takes its place in large type.
    const nameH = logo.height ? 0 : c.text(model.company.name, c.left, top + 4, c.width - rightW - 24, { font: theme.fonts.heading, size: 18, lineGap: 0 });
    let right = c.text(model.title, c.right - rightW, top - 6, rightW, {
      font: theme.fonts.heading,
      size: 28,
      color: theme.colors.accent,
      align: 'right',
      characterSpacing: 1.5,
      lineGap: 0,
    });
    right += c.text(model.number, c.right - rightW, top + right - 2, rightW, { size: 11, color: theme.colors.muted, align: 'right' });
    c.y = top + Math.max(logo.height, nameH, right) + 18;
    c.rule(c.left, c.right, c.y);
    c.y += 16;
    drawClientAndMeta(c, model, { from: true, metaWidth: 176 });
    c.y += 22;
    drawLineTable(c, model);
    drawSummary(c, model);
    drawTerms(c, model);
  },
};
