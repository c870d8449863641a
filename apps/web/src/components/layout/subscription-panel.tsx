import { Link } from 'react-router-dom';
import type { TPlanLimits } from '@docket/schemas/plans';
import type { TUsage } from '@docket/schemas/subscription';
import { PLANS } from '@docket/schemas/plans';
import { useSubscriptionInfo } from '@/lib/queries/subscription-info';
import { Skeleton } from '@/components/ui/skeleton';

const USAGE_ROWS: Array<{ label: string; used: keyof Omit<TUsage, 'month'>; limit: keyof TPlanLimits }> = [
  { label: 'Invoices', used: 'invoicesCount', limit: 'invoicesPerMonth' },
  { label: 'Quotes', used: 'quotesCount', limit: 'quotesPerMonth' },
  { label: 'Clients', used: 'clientsCount', limit: 'maxClients' },
];

function UsageRow({ label, used, limit }: { label: string; used: number; limit: number }) {
  const unlimited = limit === -1;
  const percent = unlimited || limit <= 0 ? 0 : Math.min(100, Math.round((used / limit) * 100));
  return (
    <div>
      <div className="flex justify-between text-xs text-slate-600">
        <span>{label}</span>
        <span>
          {used} /{' '}
          {unlimited ? (
            <>
              <span aria-hidden="true">∞</span>
              <span className="sr-only">unlimited</span>
            </>
          ) : (
            limit
          )}
        </span>
      </div>
      {!unlimited && (
        <div
          role="progressbar"
          aria-label={`${label} used`}
          aria-valuemin={0}
          aria-valuemax={limit}
          aria-valuenow={Math.min(used, limit)}
          className="mt-1 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div className={percent >= 90 ? 'h-full rounded-full bg-red-500' : 'h-full rounded-full bg-brand-600'} style={{ width: `${percent}%` }} />
        </div>
      )}
    </div>
  );
}

/** Plan, usage against limits and an upgrade link on FREE (docs/product.md, "Screens"). */
export function SubscriptionPanel() {
  const { data, isPending, isError } = useSubscriptionInfo();
  if (isPending) {
    return (
      <div role="status" className="space-y-2 rounded-lg border border-slate-200 p-3" aria-busy="true" aria-label="Loading subscription">
        <Skeleton className="h-4 w-20" />
        <Skeleton className="h-3 w-full" />
        <Skeleton className="h-3 w-full" />
      </div>
    );
  }
  if (isError || !data) {
    return <p className="rounded-lg border border-slate-200 p-3 text-xs text-slate-500">Subscription details unavailable</p>;
  }
  const { limits, usage } = data;
  return (
    <section aria-label="Subscription" className="space-y-3 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <div className="flex items-center justify-between">
        <span className="text-xs uppercase tracking-wide text-slate-500">Plan</span>
        <span className="text-sm font-semibold text-slate-900">{PLANS[data.plan]?.name ?? data.plan}</span>
      </div>
      {USAGE_ROWS.map((row) => (
        <UsageRow key={row.used} label={row.label} used={usage[row.used]} limit={limits[row.limit] as number} />
      ))}
      {!limits.hasCalendar && <p className="text-xs text-slate-600">Calendar requires Pro plan</p>}
      {!limits.hasBranding && <p className="text-xs text-slate-600">Custom branding requires Pro plan</p>}
      {data.plan === 'FREE' && (
        <Link to="/pricing" className="block rounded-md bg-brand-600 px-3 py-2 text-center text-sm font-medium text-white hover:bg-brand-700">
          Upgrade Plan
        </Link>
      )}
    </section>
  );
}
