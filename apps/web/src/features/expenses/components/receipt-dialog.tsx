import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { useReceiptUrl } from '../api/get-receipt';

/** The receipt of one expense: the photo inline, a PDF behind a link. */
function ReceiptBody({ id }: { id: string }) {
  const receipt = useReceiptUrl(id);
  if (receipt.isPending) return <Spinner />;
  if (receipt.isError || !receipt.url)
    return (
      <p role="alert" className="text-sm text-red-700">
        The receipt could not be loaded.
      </p>
    );
  if (receipt.mimeType === 'application/pdf') {
    return (
      <a className="text-brand-700 underline" href={receipt.url} target="_blank" rel="noreferrer">
        Open the receipt (PDF)
      </a>
    );
  }
  return <img src={receipt.url} alt="Receipt" className="mx-auto max-h-[70vh] w-auto rounded border border-slate-200" />;
}

export function ReceiptDialog({ id, title, onClose }: { id: string | null; title: string; onClose: () => void }) {
  return (
    <Dialog open={id !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={title}>{id && <ReceiptBody id={id} />}</DialogContent>
    </Dialog>
  );
}
