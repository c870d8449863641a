import type { PdfDocumentModel } from './document-model.ts';
import { createRenderPool, type RenderPool } from './render-pool.ts';
import type { StatementModel } from './statement-pdf.ts';

let shared: RenderPool | undefined;

/**
 * Render a document model with a template to a complete PDF, in the process's shared worker
 * pool (started on first use). Rejects with PdfRenderFailed when that one document fails.
 */
export function renderPdf(model: PdfDocumentModel, templateName: string | null | undefined): Promise<Buffer> {
  shared ??= createRenderPool();
  return shared.render(model, templateName);
}

/** A client's statement of account, in the same pool and under the same limits as documents. */
export function renderStatement(statement: StatementModel): Promise<Buffer> {
  shared ??= createRenderPool();
  return shared.renderStatement(statement);
}

/** Stop the shared pool's workers (server shutdown, end of a test file). */
export async function closeRenderPool(): Promise<void> {
  const pool = shared;
  shared = undefined;
  await pool?.close();
}
