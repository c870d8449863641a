import { openPdfPreview } from '@/components/documents/open-pdf-preview';

/** GET /credit-notes/:id/preview, shown in a new tab (call straight from the click handler). */
export const previewCreditNotePdf = (id: string) => openPdfPreview(`/credit-notes/${id}/preview`);
