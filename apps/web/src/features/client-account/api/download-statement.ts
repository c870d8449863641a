import { openPdfPreview } from '@/components/documents/open-pdf-preview';

/** GET /clients/:id/statement (PDF) in a new tab. */
export const downloadStatement = (clientId: string) => openPdfPreview(`/clients/${clientId}/statement`);
