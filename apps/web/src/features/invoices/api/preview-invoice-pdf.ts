import { openPdfPreview } from '@/components/documents/open-pdf-preview';

/** GET /invoices/:id/preview, shown in a new tab (call straight from the click handler). */
export const previewInvoicePdf = (id: string) => openPdfPreview(`/invoices/${id}/preview`);
