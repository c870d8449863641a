import type { TApiFailure } from '@docket/schemas/errors';
import { api, errorMessage } from '@/lib/api-client';
import { toastError } from '@/lib/toast';

export const PDF_PREVIEW_FALLBACK = 'Failed to generate PDF preview';

/** How long the blob URL stays valid: long enough for the new tab to load it. */
const REVOKE_AFTER_MS = 60_000;

/** The server's `error` text out of a failure's body (the client reads a failed file request as JSON). */
function serverErrorText(body: unknown): string | undefined {
  const error = (body as Partial<TApiFailure> | null | undefined)?.error;
  return typeof error === 'string' && error ? error : undefined;
}

/**
 * GET a document's PDF with the bearer token (the api client adds it) and show it in a new tab.
 * Call it straight from the click handler: the tab is opened synchronously, before any await,
 * so pop-up blockers allow it; it is pointed at the blob once the PDF has arrived.
 */
export async function openPdfPreview(path: string): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const response = await api.get<Blob | TApiFailure>(path, { responseType: 'blob' });
    // A 429 comes back as the soft JSON result rather than a PDF.
    if (!(response.data instanceof Blob) || response.data.type.includes('json')) {
      tab?.close();
      toastError(serverErrorText(response.data) ?? PDF_PREVIEW_FALLBACK);
      return;
    }
    const url = URL.createObjectURL(response.data);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  } catch (error) {
    tab?.close();
    toastError(errorMessage(error, PDF_PREVIEW_FALLBACK));
  }
}
