import { invoiceNumberLabel } from '@docket/schemas/document';
import { Clock, FileText, PoundSterling, ReceiptPoundSterling } from 'lucide-react';
import { useCompanyProfile } from '@/lib/queries/company-profile';
import { useSubscriptionInfo } from '@/lib/queries/subscription-info';
import { formatMoney } from '@/lib/format';
import { useErrorToast } from '@/lib/use-error-toast';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboard } from '../api/get-dashboard';
import { GettingStarted } from './getting-started';
import { RecentDocuments } from './recent-documents';
import { StatCard } from './stat-card';
import { MoneyFigures } from './money-figures';

export function DashboardScreen() {
  const dashboard = useDashboard();
  const company = useCompanyProfile();
  const currencySymbol = company.data?.currencySymbol || '£';
  const subscription = useSubscriptionInfo();
  useErrorToast(dashboard.error, 'Failed to load dashboard data');

  return (
    <div>
      <PageHeader title="Dashboard" subtitle="Overview of your quotes and invoices" />
      {dashboard.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading dashboard" className="space-y-6">
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
          {/* Shown only once every answer it reads is in, so it never flashes for a set-up account. */}
          {company.isSuccess && subscription.isSuccess && (
            <GettingStarted
              hasCompany={company.data !== null}
              hasClient={subscription.data.usage.clientsCount > 0}
              hasQuote={dashboard.data.recentQuotes.length > 0}
            />
          )}
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            <StatCard label="Total Invoiced" value={formatMoney(dashboard.data.totalInvoiced, currencySymbol)} icon={PoundSterling} />
            <StatCard label="Outstanding" value={formatMoney(dashboard.data.outstanding, currencySymbol)} icon={Clock} />
            <StatCard label="Active Quotes" value={String(dashboard.data.activeQuotes)} icon={FileText} />
            <StatCard label="Active Invoices" value={String(dashboard.data.activeInvoices)} icon={ReceiptPoundSterling} />
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
                number: invoiceNumberLabel(i.invoiceNumber),
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
