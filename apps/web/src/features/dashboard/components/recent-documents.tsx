import { formatDateTime, formatMoney } from '@/lib/format';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { StatusBadge } from '@/components/ui/status-badge';

export interface TRecentRow {
  id: string;
  number: string;
  clientName: string;
  createdAt: string;
  total: number;
  status: string;
}

interface RecentDocumentsProps {
  title: string;
  rows: TRecentRow[];
  emptyText: string;
  currencySymbol: string;
}

/** One of the two "latest 5" lists: number, client, created date, total and status badge. */
export function RecentDocuments({ title, rows, emptyText, currencySymbol }: RecentDocumentsProps) {
  return (
    // min-w-0: a grid item may otherwise grow to its longest unbroken word (a long client name).
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{emptyText}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {rows.map((row) => (
              <li key={row.id} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900">{row.number}</p>
                  <p className="truncate text-sm text-slate-600" title={row.clientName}>
                    {row.clientName}
                  </p>
                  <p className="text-xs text-slate-500">
                    <span className="sr-only">Created </span>
                    {formatDateTime(row.createdAt)}
                  </p>
                </div>
                <div className="flex shrink-0 flex-col items-end gap-1">
                  <span className="font-semibold text-slate-900">{formatMoney(row.total, currencySymbol)}</span>
                  <StatusBadge status={row.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
