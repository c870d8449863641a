import { Clock, FileText, PoundSterling, Receipt } from 'lucide-react';
import { useCurrencySymbol } from '@/lib/queries/company-profile';
import { formatMoney } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboard } from '../api/get-dashboard';
import { RecentDocuments } from './recent-documents';
import { StatCard } from './stat-card';
import { MoneyFigures } from './money-figures';

export function DashboardScreen() {
  const dashboard = useDashboard();
  const currencySymbol = useCurrencySymbol();
  useErrorToast(dashboard.error, 'Failed to load dashboard data');

  return (
    <div>
      <PageHeader title="Dashboard" subtitle="Overview of your quotes and invoices" />
      {dashboard.isPending ? (
        <div aria-busy="true" aria-label="Loading dashboard" className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-24" />
            ))}
          </div>
          <div className="grid gap-6 lg:grid-cols-2">
            <Skeleton className="h-64" />
            <Skeleton className="h-64" />
          </div>
        </div>
      ) : dashboard.isError ? (
        <LoadError message="Failed to load dashboard data" onRetry={() => void dashboard.refetch()} />
      ) : (
        <div className="space-y-6">
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label="Total Invoiced" value={formatMoney(dashboard.data.totalInvoiced, currencySymbol)} icon={PoundSterling} />
            <StatCard label="Outstanding" value={formatMoney(dashboard.data.outstanding, currencySymbol)} icon={Clock} />
            <StatCard label="Active Quotes" value={String(dashboard.data.activeQuotes)} icon={FileText} />
            <StatCard label="Active Invoices" value={String(dashboard.data.activeInvoices)} icon={Receipt} />
          </div>
          <MoneyFigures data={dashboard.data} currencySymbol={currencySymbol} />
          <div className="grid gap-6 lg:grid-cols-2">
            <RecentDocuments
              title="Recent Quotes"
              emptyText="No quotes yet"
              currencySymbol={currencySymbol}
              rows={dashboard.data.recentQuotes.map((q) => ({
                id: q.id,
                number: q.quoteNumber,
                clientName: q.client?.name ?? '',
                createdAt: q.createdAt,
                total: q.total,
                status: q.status,
              }))}
            />
            <RecentDocuments
              title="Recent Invoices"
              emptyText="No invoices yet"
              currencySymbol={currencySymbol}
              rows={dashboard.data.recentInvoices.map((i) => ({
                id: i.id,
                number: i.invoiceNumber,
                clientName: i.client?.name ?? '',
                createdAt: i.createdAt,
                total: i.total,
                status: i.status,
              }))}
            />
          </div>
        </div>
      )}
    </div>
  );
}
