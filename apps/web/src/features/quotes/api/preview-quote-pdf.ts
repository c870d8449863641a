import { openPdfPreview } from '@/components/documents/open-pdf-preview';

/** GET /quotes/:id/preview, shown in a new tab (call straight from the click handler). */
export const previewQuotePdf = (id: string) => openPdfPreview(`/quotes/${id}/preview`);
