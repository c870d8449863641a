import { isAxiosError } from 'axios';
import type { TApiFailure } from '@docket/schemas/errors';
import { api } from '@/lib/api-client';
import { toastError } from '@/lib/toast';

export const PDF_PREVIEW_FALLBACK = 'Failed to generate PDF preview';

/** How long the blob URL stays valid: long enough for the new tab to load it. */
const REVOKE_AFTER_MS = 60_000;

/** Blob.text() where there is one; FileReader elsewhere (older engines, jsdom). */
function readBlobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the response'));
    reader.readAsText(blob);
  });
}

/** A failed blob request carries its JSON error as a Blob: read the server's `error` text out of it. */
async function serverErrorText(body: unknown): Promise<string | undefined> {
  try {
    if (body instanceof Blob) body = JSON.parse(await readBlobText(body)) as unknown;
    const error = (body as Partial<TApiFailure> | null | undefined)?.error;
    return typeof error === 'string' && error ? error : undefined;
  } catch {
    return undefined;
  }
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
      toastError((await serverErrorText(response.data)) ?? PDF_PREVIEW_FALLBACK);
      return;
    }
    const url = URL.createObjectURL(response.data);
    if (tab) tab.location.href = url;
    else window.open(url, '_blank', 'noopener');
    window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  } catch (error) {
    tab?.close();
    const text = isAxiosError(error) ? await serverErrorText(error.response?.data) : undefined;
    toastError(text ?? PDF_PREVIEW_FALLBACK);
  }
}
