import type { Theme } from '../theme.ts';
import type { PdfTemplate } from './template.ts';
import { drawLogo } from '../layout/logo.ts';
import { drawClientAndMeta, drawCompany, drawSummary, drawTerms } from '../layout/blocks.ts';
import { drawLineTable } from '../layout/line-table.ts';

/** Elegant: Source Serif with an italic title, warm burgundy and gold hairlines, open table. */
const theme: Theme = {
  fonts: { body: 'serif', bold: 'serifBold', heading: 'serifBold', label: 'sansSemiBold' },
  colors: {
    text: '#292524',
    muted: '#78716c',
    accent: '#7f1d1d',
    rule: '#c9a96e',
    headFill: null,
    headText: '#7f1d1d',
    zebra: '#fbf8f3',
    totalFill: null,
    totalText: '#7f1d1d',
  },
  table: { style: 'open', upperCaseHead: true },
  size: { body: 9, small: 8, table: 8.5, label: 7 },
  margin: { top: 40, bottom: 54, side: 54 },
};

export const elegant: PdfTemplate = {
  theme,
  render(c, model) {
    const top = c.top;
    const rightW = 200;
    const leftW = c.width - rightW - 24;
    const logo = drawLogo(c, model.company.logo, c.left, top, 150, 44);
    const companyTop = top + (logo.height ? logo.height + 12 : 0);
    const leftH = companyTop - top + drawCompany(c, model, c.left, companyTop, leftW, { nameSize: 18, nameColor: theme.colors.accent });
    const titleH = c.text(model.heading, c.right - rightW, top - 8, rightW, {
      font: 'serifItalic',
      size: 30,
      color: theme.colors.accent,
      align: 'right',
      lineGap: 0,
    });
    const numberH = c.text(`No. ${model.number}`, c.right - rightW, top + titleH, rightW, {
      font: theme.fonts.label,
      size: 9,
      color: theme.colors.muted,
      align: 'right',
    });
    c.y = top + Math.max(leftH, titleH + numberH) + 12;
    c.rule(c.left, c.right, c.y, theme.colors.rule, 0.8);
    c.y += 14;
    drawClientAndMeta(c, model, { metaWidth: 210 });
    c.y += 16;
    drawLineTable(c, model);
    c.rule(c.left, c.right, c.y + 0.5, theme.colors.rule, 0.8);
    drawSummary(c, model, { gapAbove: 14 });
    drawTerms(c, model);
  },
};
