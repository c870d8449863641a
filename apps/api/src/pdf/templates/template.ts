import type { PdfDocumentModel } from '../document-model.ts';
import type { Canvas } from '../layout/canvas.ts';
import type { Theme } from '../theme.ts';

/** One design: its look (theme) and how it arranges the shared blocks on the page. */
export interface PdfTemplate {
  theme: Theme;
  render: (c: Canvas, model: PdfDocumentModel) => void;
}
