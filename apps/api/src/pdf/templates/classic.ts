import type { Theme } from '../theme.ts';
import type { PdfTemplate } from './template.ts';
import { drawLogo } from '../layout/logo.ts';
import { drawClientAndMeta, drawCompany, drawSummary, drawTerms } from '../layout/blocks.ts';
import { drawLineTable } from '../layout/line-table.ts';

/** Classic: Source Serif throughout, navy ink, centred letterhead, boxed grid table. */
const theme: Theme = {
  fonts: { body: 'serif', bold: 'serifBold', heading: 'serifBold', label: 'serifBold' },
  colors: {
    text: '#1b2233',
    muted: '#4b5563',
    accent: '#1e3a5f',
    rule: '#9aa5b4',
    headFill: '#e8edf3',
    headText: '#1e3a5f',
    zebra: null,
    totalFill: null,
    totalText: '#1b2233',
  },
  table: { style: 'grid', upperCaseHead: false },
  size: { body: 9, small: 8, table: 8.5, label: 8 },
  margin: { top: 36, bottom: 54, side: 54 },
};

export const classic: PdfTemplate = {
  theme,
  render(c, model) {
    const top = c.top;
    const logo = drawLogo(c, model.company.logo, c.left, top, c.width, 46, 'center');
    c.y = top + (logo.height ? logo.height + 8 : 0);
    c.y += drawCompany(c, model, c.left, c.y, c.width, { align: 'center', nameSize: 17, nameColor: theme.colors.accent });
    c.y += 10;
    c.rule(c.left, c.right, c.y, theme.colors.accent, 1.2);
    c.rule(c.left, c.right, c.y + 2.5, theme.colors.accent, 0.4);
    c.y += 12;
    // The number is in the facts block below; letter-spaced text would not extract as one word.
    c.y += c.text(model.title, c.left, c.y, c.width, {
      font: theme.fonts.heading,
      size: 15,
      align: 'center',
      color: theme.colors.accent,
      characterSpacing: 3,
    });
    c.y += 10;
    drawClientAndMeta(c, model, { metaWidth: 210 });
    c.y += 14;
    drawLineTable(c, model);
    drawSummary(c, model);
    drawTerms(c, model);
  },
};
