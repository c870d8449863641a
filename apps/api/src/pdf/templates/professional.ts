import type { Theme } from '../theme.ts';
import type { PdfTemplate } from './template.ts';
import { drawLogo } from '../layout/logo.ts';
import { drawClientAndMeta, drawCompany, drawSummary, drawTerms } from '../layout/blocks.ts';
import { drawLineTable } from '../layout/line-table.ts';

/** Professional: a full-width slate letterhead band, teal accents, ruled table with a grey head. */
const theme: Theme = {
  fonts: { body: 'sans', bold: 'sansSemiBold', heading: 'sansBold', label: 'sansSemiBold' },
  colors: {
    text: '#0f172a',
    muted: '#64748b',
    accent: '#0f766e',
    rule: '#e2e8f0',
    headFill: '#f1f5f9',
    headText: '#334155',
    zebra: null,
    totalFill: '#0f172a',
    totalText: '#ffffff',
  },
  table: { style: 'rules', upperCaseHead: true },
  size: { body: 9.5, small: 8, table: 9, label: 7.5 },
  margin: { top: 40, bottom: 58, side: 44 },
};

export const professional: PdfTemplate = {
  theme,
  render(c, model) {
    const band = '#1e293b';
    const pageW = c.doc.page.width;
    const rightW = 170;
    const leftX = c.left;
    // Measure the band content first so the band is exactly as tall as it needs to be.
    const logoW = model.company.logo ? 120 : 0;
    const textX = leftX + (logoW ? logoW + 16 : 0);
    const textW = c.width - rightW - 24 - (logoW ? logoW + 16 : 0);
    const bandTop = 0;
    const inner = 30;
    const probe = drawCompany(c, model, textX, inner, textW, { nameSize: 15, measureOnly: true, maxHeight: 200 });
    const bandH = inner * 2 + Math.max(probe, 50);
    c.rect(0, bandTop, pageW, bandH, band);
    c.rect(0, bandH, pageW, 4, theme.colors.accent);
    // A white tile keeps any logo legible on the dark band.
    if (model.company.logo) {
      c.doc
        .save()
        .roundedRect(leftX - 6, inner - 6, logoW + 12, 62, 4)
        .fillColor('#ffffff')
        .fill()
        .restore();
      drawLogo(c, model.company.logo, leftX, inner, logoW, 50, 'center');
    }
    const saved = { ...theme.colors };
    theme.colors.text = '#ffffff';
    theme.colors.muted = '#cbd5e1';
    drawCompany(c, model, textX, inner, textW, { nameSize: 15, maxHeight: 200 });
    Object.assign(theme.colors, saved);
    c.text(model.title, c.right - rightW, inner - 4, rightW, {
      font: theme.fonts.heading,
      size: 24,
      color: '#ffffff',
      align: 'right',
      characterSpacing: 2,
      lineGap: 0,
    });
    c.text(model.number, c.right - rightW, inner + 28, rightW, { size: 11, color: '#5eead4', align: 'right' });
    c.y = bandH + 30;
    drawClientAndMeta(c, model, { metaWidth: 210 });
    c.y += 22;
    drawLineTable(c, model);
    drawSummary(c, model);
    drawTerms(c, model);
  },
};
