import type { Theme } from '../theme.ts';
import type { PdfTemplate } from './template.ts';
import { drawLogo } from '../layout/logo.ts';
import { drawClientAndMeta, drawCompany, drawSummary, drawTerms } from '../layout/blocks.ts';
import { drawLineTable } from '../layout/line-table.ts';

/** Minimal: Inter in greys, generous white space, no fills; one hairline under the table head. */
const theme: Theme = {
  fonts: { body: 'sans', bold: 'sansSemiBold', heading: 'sansSemiBold', label: 'sans' },
  colors: {
    text: '#18181b',
    muted: '#71717a',
    accent: '#18181b',
    rule: '#d4d4d8',
    headFill: null,
    headText: '#71717a',
    zebra: null,
    totalFill: null,
    totalText: '#18181b',
  },
  table: { style: 'open', upperCaseHead: false },
  size: { body: 9.5, small: 8, table: 9, label: 8 },
  margin: { top: 44, bottom: 58, side: 52 },
};

export const minimal: PdfTemplate = {
  theme,
  render(c, model) {
    const top = c.top;
    const half = (c.width - 24) / 2;
    const leftH = drawCompany(c, model, c.left, top, half, { nameSize: 12, stacked: false });
    const logo = drawLogo(c, model.company.logo, c.right - 150, top, 150, 44, 'right');
    c.y = top + Math.max(leftH, logo.height) + 18;
    c.y += c.text(model.heading, c.left, c.y, c.width, {
      font: theme.fonts.heading,
      size: 22,
      lineGap: 0,
    });
    c.y += c.text(model.number, c.left, c.y + 2, c.width, { size: 10, color: theme.colors.muted }) + 14;
    drawClientAndMeta(c, model, { metaWidth: 200 });
    c.y += 16;
    drawLineTable(c, model);
    drawSummary(c, model, { gapAbove: 10 });
    drawTerms(c, model);
  },
};
