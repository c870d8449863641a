import type { PdfDocumentModel } from './document-model.ts';
import { renderDocument } from './render-document.ts';
import { renderStatementPdf, type StatementModel } from './statement-pdf.ts';

/** What one pool task renders: a quote, invoice or credit note, or a client's statement. */
export type RenderTask = { kind: 'document'; model: PdfDocumentModel; template: string | null } | { kind: 'statement'; statement: StatementModel };

/**
 * One PDF per call, inside a worker thread of the render pool. Buffers arrive as plain
 * Uint8Arrays after crossing the thread boundary; pdfkit wants a Buffer for the logo.
 */
export default async function renderInWorker(task: RenderTask): Promise<Uint8Array> {
  const asBuffer = (b: Uint8Array | null) => (b ? Buffer.from(b.buffer, b.byteOffset, b.byteLength) : null);
  if (task.kind === 'statement')
    return renderStatementPdf({ ...task.statement, company: { ...task.statement.company, logo: asBuffer(task.statement.company.logo) } });
  const { model, template } = task;
  const company = { ...model.company, logo: asBuffer(model.company.logo) };
  const acceptance = model.acceptance && { ...model.acceptance, signature: asBuffer(model.acceptance.signature) };
  return renderDocument({ ...model, company, acceptance }, template);
}
