import { useState } from 'react';
import { Copy, Link2, Unlink } from 'lucide-react';
import type { TShareLink } from '@docket/schemas/share';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';

interface ShareLinkDialogProps {
  /** e.g. 'Q0001'; null closes the dialog */
  number: string | null;
  isDraft: boolean;
  onClose: () => void;
  create: () => Promise<TShareLink>;
  revoke: () => Promise<unknown>;
}

/**
 * "Share link": makes the customer's private link (a new one replaces any earlier one), with Copy
 * and Revoke. The link is shown once: only its hash is kept.
 */
export function ShareLinkDialog({ number, isDraft, onClose, create, revoke }: ShareLinkDialogProps) {
  const [link, setLink] = useState<TShareLink | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setLink(null);
    onClose();
  };
  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      toastError(errorMessage(err, fallback));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={number !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        title={`Share ${number ?? ''}`}
        description="Your customer can view it, download the PDF and (for a quote) accept and sign or decline, with no account."
      >
        {!link && (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">{isDraft ? 'Sharing a draft issues it: it becomes Sent. ' : ''}A new link replaces any link made before.</p>
            <Button disabled={busy} onClick={() => void run(async () => setLink(await create()), 'Failed to create the link')}>
              <Link2 aria-hidden="true" className="h-4 w-4" />
              Create link
            </Button>
          </div>
        )}
        {link && (
          <div className="space-y-3">
            <label htmlFor="share-url" className="text-sm font-medium text-slate-800">
              Link for your customer
            </label>
            <input
              id="share-url"
              readOnly
              value={link.url}
              onFocus={(e) => e.target.select()}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            <p className="text-sm text-slate-600">Valid until {formatDate(link.expiresAt)}.</p>
            <div className="flex flex-wrap gap-2">
              <Button
                onClick={() =>
                  void run(async () => {
                    await navigator.clipboard.writeText(link.url);
                    toastSuccess('Link copied');
                  }, 'Could not copy the link')
                }
              >
                <Copy aria-hidden="true" className="h-4 w-4" />
                Copy link
              </Button>
              <Button
                variant="outline"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    await revoke();
                    toastSuccess('Link revoked');
                    close();
                  }, 'Failed to revoke the link')
                }
              >
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
