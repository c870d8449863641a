import PDFDocument from 'pdfkit';
import { DEFAULT_TEMPLATE, TEMPLATES, type TTemplate } from '@docket/schemas/constants';
import type { PdfDocumentModel } from './document-model.ts';
import { FONT_NAMES, loadFonts } from './fonts.ts';
import { Canvas, type Doc } from './layout/canvas.ts';
import { finishPages } from './layout/page-chrome.ts';
import { aliasDefaultFont, installGlyphDecodeCache, installSharedLayoutCache, skipRepeatedFillColor } from './pdfkit-tuning.ts';
import type { PdfTemplate } from './templates/template.ts';
import { modern } from './templates/modern.ts';
import { classic } from './templates/classic.ts';
import { minimal } from './templates/minimal.ts';
import { professional } from './templates/professional.ts';
import { elegant } from './templates/elegant.ts';

const TEMPLATE_MODULES: Record<TTemplate, PdfTemplate> = { modern, classic, minimal, professional, elegant };

export const templateFor = (name: string | null | undefined): PdfTemplate =>
  TEMPLATE_MODULES[(TEMPLATES as readonly string[]).includes(name ?? '') ? (name as TTemplate) : DEFAULT_TEMPLATE];

/**
 * Render a document model with a template to a complete PDF file in memory, on this thread.
 * The API never calls this directly: render-pdf.ts runs it in a worker (see render-pool.ts).
 */
export function renderDocument(model: PdfDocumentModel, templateName: string | null | undefined): Promise<Buffer> {
  const template = templateFor(templateName);
  const fonts = loadFonts();
  const { margin } = template.theme;
  const doc: Doc = new PDFDocument({
    size: 'A4',
    margins: { top: margin.top, bottom: margin.bottom, left: margin.side, right: margin.side },
    compress: true,
    bufferPages: true,
    autoFirstPage: true,
    // A ready fontkit font as the default, so the standard Helvetica is never loaded.
    font: fonts.sans as unknown as string,
    lang: 'en-GB',
    displayTitle: true,
    info: {
      Title: `${model.heading} ${model.number}`,
      Author: model.company.name,
      Subject: `${model.heading} for ${model.client.name.slice(0, 200)}`,
      Creator: 'Docket',
      Producer: 'Docket',
      // The email attachment and the preview are the same bytes (docs/product.md, "Email and jobs").
      ...(model.createdAt ? { CreationDate: model.createdAt } : {}),
    },
  });
  for (const name of FONT_NAMES) doc.registerFont(name, fonts[name] as unknown as string);
  aliasDefaultFont(doc, 'sans');
  skipRepeatedFillColor(doc);
  installSharedLayoutCache(doc);
  installGlyphDecodeCache(fonts.sans as unknown as Parameters<typeof installGlyphDecodeCache>[0]);

  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const canvas = new Canvas(doc, template.theme);
  template.render(canvas, model);
  finishPages(canvas, model);
  doc.end();
  return done;
}
