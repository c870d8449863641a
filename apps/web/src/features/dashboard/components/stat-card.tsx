import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/card';

export function StatCard({ label, value, icon: Icon }: { label: string; value: string; icon: LucideIcon }) {
  return (
    <Card className="flex items-center justify-between gap-3 p-4 sm:p-5">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <p className="mt-1 break-words text-2xl font-bold text-slate-900">{value}</p>
      </div>
      <Icon aria-hidden="true" className="h-8 w-8 shrink-0 text-brand-500" />
    </Card>
  );
}
