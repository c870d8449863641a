import { DRAFT_NUMBER_LABEL } from '@docket/schemas/document';
import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { toastError, toastSuccess } from '@/lib/toast';
import { DialogForm } from '@/components/ui/dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { previewEmailTemplate } from './preview-email-template';
import { sendDocumentEmail, type TEmailDocumentKind } from './send-document-email';

export interface TEmailTarget {
  kind: TEmailDocumentKind;
  id: string;
  number: string;
}

/** Email a quote or invoice: to, cc, subject and message prefilled from the template, the PDF attached. */
export function EmailDialog({ target, onClose }: { target: TEmailTarget | null; onClose: () => void }) {
  const preview = useQuery({
    queryKey: [...queryKeys.email, 'prefill', target?.kind, target?.id],
    queryFn: () => previewEmailTemplate({ kind: target!.kind, documentId: target!.id }),
    enabled: target !== null,
    staleTime: 0,
    gcTime: 0,
  });
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Email ${target?.number ?? ''}`} description="A draft is issued when it is emailed.">
        {target && (preview.data || preview.isError) ? (
          <EmailForm key={target.id} target={target} subject={preview.data?.subject ?? ''} message={preview.data?.text.trimEnd() ?? ''} onClose={onClose} />
        ) : (
          <p className="text-sm text-slate-600">Preparing the email…</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** What an email changes: the document's list and page (a draft is issued by it; its history gains the email). */
const REFRESHED: Record<TEmailDocumentKind, readonly string[]> = { quote: queryKeys.quotes, invoice: queryKeys.invoices, credit_note: queryKeys.creditNotes };
const LINK_LABELS: Record<TEmailDocumentKind, string> = {
  quote: 'Include a link where the client can view, accept and sign the quote',
  invoice: 'Include a link where the client can view the invoice and how to pay',
  credit_note: 'Include a link where the client can view the credit note',
};

function EmailForm(props: { target: TEmailTarget; subject: string; message: string; onClose: () => void }) {
  const { target, onClose } = props;
  const id = useId();
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const [cc, setCc] = useState('');
  const [subject, setSubject] = useState(props.subject);
  const [message, setMessage] = useState(props.message);
  const [includeLink, setIncludeLink] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setSending(true);
    setError(null);
    try {
      const res = await sendDocumentEmail(target.kind, target.id, {
        ...(to.trim() ? { to: to.trim() } : {}),
        ...(cc.trim() ? { cc: cc.trim() } : {}),
        subject,
        message,
        includeLink,
      });
      // A draft invoice gets its number as the email issues it: the toast cannot name it yet.
      const what = target.number === DRAFT_NUMBER_LABEL ? 'The invoice' : target.number;
      toastSuccess(res.status === 'outbox' ? `${what} is in the outbox: no mail server is configured` : `${what} is being emailed`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.email });
      await queryClient.invalidateQueries({ queryKey: REFRESHED[target.kind] });
      onClose();
    } catch (err) {
      const text = errorMessage(err, 'Failed to send email');
      setError(text);
      toastError(text);
    } finally {
      setSending(false);
    }
  }

  return (
    <DialogForm onSubmit={send} onCancel={onClose} submitLabel={sending ? 'Sending…' : 'Send email'} busy={sending} error={error} className="space-y-3">
      <div>
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input id={`${id}-to`} type="text" inputMode="email" placeholder="The client's email address" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-cc`}>Cc</Label>
        <Input id={`${id}-cc`} type="text" inputMode="email" value={cc} onChange={(e) => setCc(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-subject`}>Subject</Label>
        <Input id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} />
      </div>
      <div>
        <Label htmlFor={`${id}-message`}>Message</Label>
        <Textarea id={`${id}-message`} rows={8} value={message} onChange={(e) => setMessage(e.target.value)} />
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="h-4 w-4" checked={includeLink} onChange={(e) => setIncludeLink(e.target.checked)} />
        {LINK_LABELS[target.kind]}
      </label>
      <p className="text-sm text-slate-600">
        {target.number === DRAFT_NUMBER_LABEL ? 'Attachment: the invoice PDF, numbered as it is sent' : `Attachment: ${target.number}.pdf`}
      </p>
    </DialogForm>
  );
}
