import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { TCreditNote } from '@docket/schemas/credit-note';
import { plainFigures } from '@docket/schemas/document-figures';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatMoney } from '@/lib/format';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { DocumentFiguresView } from '@/components/documents/document-figures-view';
import { DocumentLines } from '@/components/documents/document-lines';
import { DocumentPageFrame, PageSection } from '@/components/documents/document-page-frame';
import { DocumentDownloads } from '@/components/documents/document-downloads';
import { HistoryTimeline } from '@/components/documents/history-timeline';
import { LinkedDocuments } from '@/components/documents/linked-documents';
import { openPdfPreview } from '@/components/documents/open-pdf-preview';
import { ShareLinkDialog } from '@/components/share-link-dialog';
import { DeliveryStatus } from '@/components/documents/email/delivery-status';
import { EmailDialog } from '@/components/documents/email/email-dialog';
import { ActionsMenu } from '@/components/ui/actions-menu';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/page-spinner';
import { useCreditNote } from '../api/get-credit-note';
import { creditNoteHistoryKey, getCreditNoteHistory } from '../api/get-credit-note-history';
import { shareCreditNote } from '../api/share-credit-note';
import { revokeCreditNoteLink } from '../api/revoke-credit-note-link';

/**
 * /credit-notes/:id (docs/product.md, "Document pages"): a record, never edited; its primary action
 * sends it to the client by email, and the menu shares it by link or opens its PDF.
 */
export function CreditNotePage() {
  const { id = '' } = useParams();
  const note = useCreditNote(id);
  if (note.isPending) return <PageSpinner />;
  if (note.isError) return <LoadError message={errorMessage(note.error, 'Failed to load the credit note')} onRetry={() => void note.refetch()} />;
  return <CreditNoteView note={note.data} />;
}

function CreditNoteView({ note }: { note: TCreditNote }) {
  const company = useCompanyProfile();
  const symbol = company.data?.currencySymbol || '£';
  const figures = plainFigures('credit_note', note, symbol, company.data?.reverseChargeWording);
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<'email' | 'share' | null>(null);
  const close = () => setDialog(null);
  const refreshActivity = () => queryClient.invalidateQueries({ queryKey: creditNoteHistoryKey(note.id) });
  return (
    <>
      <DocumentPageFrame
        back={{ to: '/credit-notes', label: 'Credit notes' }}
        kindLabel="Credit note"
        number={note.creditNoteNumber}
        status={<Badge tone="yellow">ISSUED</Badge>}
        client={note.client}
        meta={
          <>
            Issued <time dateTime={note.createdAt}>{formatDate(note.createdAt)}</time> · against {note.invoiceNumber}
          </>
        }
        headline={{ label: 'Total credited', text: formatMoney(-note.total, symbol) }}
        actions={
          <>
            <Button onClick={() => setDialog('email')}>Send by email</Button>
            <ActionsMenu
              actions={[
                { label: 'Share link', onSelect: () => setDialog('share') },
                { label: 'Open PDF', onSelect: () => void openPdfPreview(`/credit-notes/${note.id}/preview`) },
              ]}
            />
          </>
        }
        document={
          <>
            <p className="mb-3 break-words text-sm text-slate-700">
              <span className="font-medium">Reason for credit:</span> {note.reason}
            </p>
            <DocumentLines lines={note.lineItems} tax={note.tax} symbol={symbol} negate />
            <div className="mt-4 border-t border-slate-200 pt-4">
              <DocumentFiguresView figures={figures} />
            </div>
          </>
        }
        aside={
          <>
            <PageSection title="Activity">
              <div className="mb-3">
                <DeliveryStatus documentId={note.id} />
              </div>
              <HistoryTimeline
                queryKey={creditNoteHistoryKey(note.id)}
                load={() => getCreditNoteHistory(note.id)}
                label={`History of ${note.creditNoteNumber}`}
              />
            </PageSection>
            <LinkedDocuments links={[{ to: `/invoices/${note.invoiceId}`, label: note.invoiceNumber, detail: 'the invoice it corrects' }]} />
            <PageSection title="Files">
              <DocumentDownloads
                basePath={`/credit-notes/${note.id}`}
                number={note.creditNoteNumber}
                einvoice={{ ubl: true, facturx: false }}
                withOpen={false}
              />
            </PageSection>
          </>
        }
      />
      <EmailDialog target={dialog === 'email' ? { kind: 'credit_note', id: note.id, number: note.creditNoteNumber } : null} onClose={close} />
      <ShareLinkDialog
        shares={dialog === 'share' ? { kind: 'document', number: note.creditNoteNumber, isDraft: false } : null}
        onClose={close}
        create={async () => {
          const link = await shareCreditNote(note.id);
          void refreshActivity();
          return link;
        }}
        revoke={async () => {
          await revokeCreditNoteLink(note.id);
          void refreshActivity();
        }}
      />
    </>
  );
}
