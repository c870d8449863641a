import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Copy, Link2, Unlink } from 'lucide-react';
import type { TStatementLink } from '@docket/schemas/online-payment';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toastError, toastSuccess } from '@/lib/toast';
import { createStatementLink, revokeStatementLink } from '../api/statement-link';

/**
 * "Share statement link": the client's private statement page, where they see what they owe and
 * can pay it all at once. A new link replaces any earlier one; it is shown once (only its hash is kept).
 */
export function StatementLinkDialog({ clientId, open, onClose }: { clientId: string; open: boolean; onClose: () => void }) {
  const [link, setLink] = useState<TStatementLink | null>(null);
  const close = () => {
    setLink(null);
    onClose();
  };
  const create = useMutation({
    mutationFn: () => createStatementLink(clientId),
    onSuccess: setLink,
    onError: (err) => toastError(errorMessage(err, 'Failed to create the link')),
  });
  const revoke = useMutation({
    mutationFn: () => revokeStatementLink(clientId),
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
  return (
    <Dialog open={open} onOpenChange={(o) => !o && close()}>
      <DialogContent title="Share statement link" description="Your client sees the invoices they owe and can pay everything at once, with no account.">
        {!link && (
          <div className="space-y-3">
            <p className="text-sm text-slate-700">A new link replaces any statement link made before.</p>
            <Button disabled={create.isPending} onClick={() => create.mutate()}>
              <Link2 aria-hidden="true" className="h-4 w-4" />
              Create link
            </Button>
          </div>
        )}
        {link && (
          <div className="space-y-3">
            <label htmlFor="statement-url" className="text-sm font-medium text-slate-800">
              Link for your client
            </label>
            <input
              id="statement-url"
              readOnly
              value={link.url}
              onFocus={(e) => e.target.select()}
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void copy(link.url)}>
                <Copy aria-hidden="true" className="h-4 w-4" />
                Copy link
              </Button>
              <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
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
