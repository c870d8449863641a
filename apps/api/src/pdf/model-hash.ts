import { createHash } from 'node:crypto';
import type { PdfDocumentModel } from './document-model.ts';

/**
 * Bump when a change to the renderer (templates, layout, fonts, pdfkit) alters what an unchanged
 * model prints: every stored issued PDF then misses its key and renders anew. A change that leaves
 * the text and the look the same (issue 38's reused font files and colour operators: same
 * pdftotext, pixel-identical pages) does not bump it: a kept PDF is what the client was sent, and
 * re-rendering it would only make it differ from the attachment in their inbox.
 */
export const PDF_RENDERER_VERSION = 1;

/**
 * SHA-256 of everything the renderer receives (the whole model, the template) and the renderer's
 * version: the key of a stored issued PDF. Any field a later change adds to the model is part of
 * the key without touching this function; the logo's bytes are hashed as bytes, not as JSON.
 */
export function pdfModelHash(model: PdfDocumentModel, template: string | null | undefined): string {
  const { logo, ...company } = model.company;
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ renderer: PDF_RENDERER_VERSION, template: template ?? null, model: { ...model, company } }));
  hash.update(logo ? '\u0000logo:' : '\u0000no-logo');
  if (logo) hash.update(logo);
  return hash.digest('hex');
}
