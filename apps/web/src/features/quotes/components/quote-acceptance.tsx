import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/format';
import { getQuoteAcceptance, quoteAcceptanceKey } from '../api/get-quote-acceptance';

/** An approved quote's acceptance through the client's link: name, time and signature. */
export function QuoteAcceptance({ quoteId }: { quoteId: string }) {
  const acceptance = useQuery({ queryKey: quoteAcceptanceKey(quoteId), queryFn: () => getQuoteAcceptance(quoteId) });
  if (!acceptance.data) return null;
  const a = acceptance.data;
  return (
    <div data-testid="quote-acceptance" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm">
      <p className="font-medium text-green-900">
        Accepted by {a.name} on <time dateTime={a.signedAt}>{formatDateTime(a.signedAt)}</time>
      </p>
      {a.signature && <img src={a.signature} alt={`Signature of ${a.name}`} className="mt-2 max-h-20 bg-white" />}
    </div>
  );
}
