import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Copy, Link2, Unlink } from 'lucide-react';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';

/** What a private link is made for: a quote, invoice or credit note (by its number), or a client's statement. */
export type SharedThing = { kind: 'document'; number: string; isDraft: boolean } | { kind: 'statement' };

/** A made link: documents' links expire, a statement link does not. */
interface MadeLink {
  url: string;
  expiresAt?: string;
}

const WORDS = (shares: SharedThing) =>
  shares.kind === 'document'
    ? {
        title: `Share ${shares.number}`,
        description: 'Your customer can view it, download the PDF and (for a quote) accept and sign or decline, with no account.',
        note: `${shares.isDraft ? 'Sharing a draft issues it: it becomes Sent. ' : ''}A new link replaces any link made before.`,
        urlLabel: 'Link for your customer',
      }
    : {
        title: 'Share statement link',
        description: 'Your client sees the invoices they owe and can pay everything at once, with no account.',
        note: 'A new link replaces any statement link made before.',
        urlLabel: 'Link for your client',
      };

interface ShareLinkDialogProps {
  /** what the link is for; null closes the dialog */
  shares: SharedThing | null;
  onClose: () => void;
  create: () => Promise<MadeLink>;
  revoke: () => Promise<unknown>;
}

/**
 * "Share link" for a document and "Share statement link" for a client: makes the private link (a
 * new one replaces any earlier one), with Copy and Revoke. The link is shown once: only its hash is kept.
 */
export function ShareLinkDialog({ shares, onClose, create, revoke }: ShareLinkDialogProps) {
  const [link, setLink] = useState<MadeLink | null>(null);
  const urlId = useId();
  const close = () => {
    setLink(null);
    onClose();
  };
  const making = useMutation({
    mutationFn: create,
    onSuccess: setLink,
    onError: (err) => toastError(errorMessage(err, 'Failed to create the link')),
  });
  const revoking = useMutation({
    mutationFn: revoke,
    onSuccess: () => {
      toastSuccess('Link revoked');
      close();
    },
    onError: (err) => toastError(errorMessage(err, 'Failed to revoke the link')),
  });
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess('Link copied');
    } catch {
      toastError('Could not copy the link');
    }
  };
  const words = shares ? WORDS(shares) : null;
  return (
    <Dialog open={shares !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent title={words?.title ?? ''} description={words?.description}>
        {!link && (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{words?.note}</p>
            <Button disabled={making.isPending} onClick={() => making.mutate()}>
              <Link2 aria-hidden="true" className="h-4 w-4" />
              Create link
            </Button>
          </div>
        )}
        {link && (
          <div className="space-y-3">
            <label htmlFor={urlId} className="text-sm font-medium text-slate-800">
              {words?.urlLabel}
            </label>
            <input
              id={urlId}
              readOnly
              value={link.url}
              onFocus={(e) => e.target.select()}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            {link.expiresAt && <p className="text-sm text-slate-600">Valid until {formatDate(link.expiresAt)}.</p>}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy(link.url)}>
                <Copy aria-hidden="true" className="h-4 w-4" />
                Copy link
              </Button>
              <Button variant="outline" disabled={revoking.isPending} onClick={() => revoking.mutate()}>
                <Unlink aria-hidden="true" className="h-4 w-4" />
                Revoke link
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
