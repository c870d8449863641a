import { PageHeader } from '@/components/ui/page-header';

/** Stand-in for a screen still being built (replaced by web-B for quotes, invoices, calendar). */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <div>
      <PageHeader title={title} />
      <p className="text-sm text-slate-600">This screen is coming soon.</p>
    </div>
  );
}
