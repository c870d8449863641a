import { useQuery } from '@tanstack/react-query';
import { deliveriesKey, getDeliveries } from './get-deliveries';

/** The latest email of a document: sent, queued, failed with the server's reason, or in the outbox. */
export function DeliveryStatus({ documentId }: { documentId: string }) {
  const { data } = useQuery({
    queryKey: deliveriesKey(documentId),
    queryFn: () => getDeliveries(documentId),
    // A queued email settles within seconds: look again until it has.
    refetchInterval: (q) => (q.state.data?.some((d) => d.status === 'queued') ? 2000 : false),
  });
  const latest = data?.[0];
  if (!latest) return null;
  const to = latest.to.join(', ');
  const text =
    latest.status === 'sent'
      ? `Emailed to ${to}`
      : latest.status === 'queued'
        ? `Sending to ${to}…`
        : latest.status === 'outbox'
          ? `In outbox (no mail server configured): ${to}`
          : `Email to ${to} failed: ${latest.lastError ?? 'unknown reason'}`;
  const by = latest.by ? ` · Sent by ${latest.by.name}` : '';
  const tone = latest.status === 'failed' ? 'text-red-700' : latest.status === 'sent' ? 'text-green-800' : 'text-slate-600';
  return (
    <p className={`break-words text-sm ${tone}`} data-testid="delivery-status">
      {text}
      {by}
    </p>
  );
}
