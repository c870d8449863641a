import PDFDocument from 'pdfkit';
import { formatPence } from '@docket/schemas/money';
import { AGED_BUCKETS, AGED_BUCKET_LABELS, type TAgedBucket } from '@docket/schemas/reports';
import { FONT_NAMES, loadFonts } from './fonts.ts';
import { Canvas, type Doc, type TextStyle } from './layout/canvas.ts';
import { drawLogo } from './layout/logo.ts';
import { drawPayOnline } from './layout/blocks.ts';
import { aliasDefaultFont, skipRepeatedFillColor } from './pdfkit-tuning.ts';
import { formatDay } from './document-model.ts';
import { templateFor } from './render-document.ts';

export interface StatementModel {
  template: string;
  /** the logo's bytes: a statement carries the same branding as the company's documents */
  company: { name: string; addressLines: string[]; contactLines: string[]; vatLine: string | null; logo: Buffer | null };
  client: { name: string; lines: string[] };
  from: string | null;
  to: string;
  openingPence: number;
  lines: { day: string; description: string; debitPence: number; creditPence: number; balancePence: number }[];
  closingPence: number;
  aged: Record<TAgedBucket | 'total', number>;
  bank: { label: string; value: string }[];
  /** the statement's pay link and its QR code while the business takes payments online and the client owes something */
  payOnline?: { line: string; url: string } | null;
}

/** A client's statement of account in the company's template colours and fonts (docs/product.md, "Client accounts"). */
export function renderStatementPdf(m: StatementModel): Promise<Buffer> {
  const theme = templateFor(m.template).theme;
  const fonts = loadFonts();
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margins: { top: theme.margin.top, bottom: theme.margin.bottom, left: theme.margin.side, right: theme.margin.side },
    compress: true,
    bufferPages: true,
    font: fonts.sans as unknown as string,
    lang: 'en-GB',
    info: { Title: `Statement ${m.client.name.slice(0, 200)}`, Author: m.company.name, Creator: 'Docket', Producer: 'Docket' },
  });
  for (const name of FONT_NAMES) doc.registerFont(name, fonts[name] as unknown as string);
  aliasDefaultFont(doc, 'sans');
  skipRepeatedFillColor(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const c = new Canvas(doc, theme);
  const muted: TextStyle = { color: theme.colors.muted, size: theme.size.small };
  const bold: TextStyle = { font: theme.fonts.bold };

  c.rect(0, 0, doc.page.width, 6, theme.colors.accent);
  const rightW = 200;
  // The logo heads the company's column, as on its quotes and invoices.
  const logo = drawLogo(c, m.company.logo, c.left, c.y, 160, 60);
  if (logo.height > 0) c.y += logo.height + 8;
  const top = c.y;
  let leftH = c.text(m.company.name, c.left, top, c.width - rightW - 20, { font: theme.fonts.heading, size: 16 });
  for (const l of [...m.company.addressLines, ...m.company.contactLines, m.company.vatLine ?? '']) {
    if (l) leftH += c.text(l, c.left, top + leftH, c.width - rightW - 20, muted);
  }
  let rightH = c.text('STATEMENT', c.right - rightW, top, rightW, { font: theme.fonts.heading, size: 20, align: 'right', color: theme.colors.accent });
  const period = `${m.from ? formatDay(m.from) : 'Start of account'} to ${formatDay(m.to)}`;
  rightH += c.text(period, c.right - rightW, top + rightH, rightW, { ...muted, align: 'right' });
  c.y = top + Math.max(leftH, rightH) + 18;
  c.text('STATEMENT FOR', c.left, c.y, c.width, { ...muted, font: theme.fonts.label });
  c.y += 12;
  c.flow([m.client.name, ...m.client.lines].join('\n'), c.left, c.width / 2);
  c.y += 14;

  const cols = { date: 90, debit: 80, credit: 80, balance: 90 };
  const descW = c.width - cols.date - cols.debit - cols.credit - cols.balance;
  const row = (cells: [string, string, string, string, string], style: TextStyle = {}) => {
    const h = Math.max(c.measure(cells[1], descW - 6, style), 12) + 5;
    c.ensure(h);
    let x = c.left;
    c.text(cells[0], x, c.y, cols.date, style);
    x += cols.date;
    c.text(cells[1], x, c.y, descW - 6, style);
    x += descW;
    c.text(cells[2], x, c.y, cols.debit, { ...style, align: 'right', figures: true });
    x += cols.debit;
    c.text(cells[3], x, c.y, cols.credit, { ...style, align: 'right', figures: true });
    x += cols.credit;
    c.text(cells[4], x, c.y, cols.balance, { ...style, align: 'right', figures: true });
    c.y += h;
    c.rule(c.left, c.right, c.y - 2);
  };
  row(['Date', 'Description', 'Invoiced', 'Paid / credited', 'Balance'], { ...bold, color: theme.colors.muted });
  row([m.from ? formatDay(m.from) : '', 'Opening balance', '', '', formatPence(m.openingPence)]);
  for (const l of m.lines) {
    row([
      formatDay(l.day),
      l.description,
      l.debitPence ? formatPence(l.debitPence) : '',
      l.creditPence ? formatPence(l.creditPence) : '',
      formatPence(l.balancePence),
    ]);
  }
  row([formatDay(m.to), 'Closing balance', '', '', formatPence(m.closingPence)], bold);
  c.y += 16;

  c.ensure(60);
  c.text('AGED SUMMARY (AMOUNT DUE)', c.left, c.y, c.width, { ...muted, font: theme.fonts.label });
  c.y += 14;
  const cellW = c.width / (AGED_BUCKETS.length + 1);
  [...AGED_BUCKETS, 'total' as const].forEach((k, i) => {
    c.text(k === 'total' ? 'Total due' : AGED_BUCKET_LABELS[k], c.left + i * cellW, c.y, cellW - 4, muted);
    c.text(formatPence(m.aged[k]), c.left + i * cellW, c.y + 12, cellW - 4, { ...bold, figures: true });
  });
  c.y += 34;

  if (m.bank.length) {
    c.ensure(20 + m.bank.length * 13);
    c.text('PAYMENT DETAILS', c.left, c.y, c.width, { ...muted, font: theme.fonts.label });
    c.y += 14;
    for (const b of m.bank) {
      c.text(`${b.label}: ${b.value}`, c.left, c.y, c.width);
      c.y += 13;
    }
  }
  if (m.payOnline) {
    // The same block as an invoice's: QR code, what it is for, and the short link under it, kept on one page.
    const width = Math.min(c.width, 300);
    c.y += 12;
    c.ensure(drawPayOnline(c, m.payOnline, c.left, c.y, width, true));
    c.y += drawPayOnline(c, m.payOnline, c.left, c.y, width, false);
  }
  doc.end();
  return done;
}
