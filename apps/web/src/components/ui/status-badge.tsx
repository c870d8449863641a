import { AlertTriangle, CheckCircle2, FileText, Send, XCircle } from 'lucide-react';
import type { TInvoiceStatus, TQuoteStatus } from '@docket/schemas/lifecycle';
import { Badge, type BadgeTone } from './badge';

type Status = TQuoteStatus | TInvoiceStatus;

/** Status colours (docs/product.md, "Statuses"): gray DRAFT, blue SENT, green APPROVED/PAID, red DECLINED/OVERDUE. */
const tone: Record<Status, BadgeTone> = {
  DRAFT: 'gray',
  SENT: 'blue',
  APPROVED: 'green',
  DECLINED: 'red',
  PAID: 'green',
  OVERDUE: 'red',
};
const icon: Record<Status, typeof FileText> = {
  DRAFT: FileText,
  SENT: Send,
  APPROVED: CheckCircle2,
  DECLINED: XCircle,
  PAID: CheckCircle2,
  OVERDUE: AlertTriangle,
};

/**
 * A status badge that never relies on colour alone: it always shows the status word and an icon.
 * An unknown status gets the DRAFT look.
 */
export function StatusBadge({ status }: { status: string }) {
  const known = status in tone ? (status as Status) : undefined;
  const Icon = known ? icon[known] : FileText;
  return (
    <Badge tone={known ? tone[known] : 'gray'}>
      <Icon aria-hidden="true" className="h-3 w-3" />
      {status}
    </Badge>
  );
}
