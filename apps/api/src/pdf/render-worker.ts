import type { PdfDocumentModel } from './document-model.ts';
import { renderDocument } from './render-document.ts';

export interface RenderTask {
  model: PdfDocumentModel;
  template: string | null;
}

/**
 * One document per call, inside a worker thread of the render pool. Buffers arrive as plain
 * Uint8Arrays after crossing the thread boundary; pdfkit wants a Buffer for the logo.
 */
export default async function renderInWorker({ model, template }: RenderTask): Promise<Uint8Array> {
  const logo = model.company.logo;
  const company = { ...model.company, logo: logo ? Buffer.from(logo.buffer, logo.byteOffset, logo.byteLength) : null };
  return renderDocument({ ...model, company }, template);
}
