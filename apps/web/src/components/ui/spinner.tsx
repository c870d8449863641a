import { Loader2 } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinning icon with a text alternative; `label` is read by screen readers. */
export function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center', className)}>
      <Loader2 aria-hidden="true" className="h-6 w-6 animate-spin text-brand-600" />
      <span className="sr-only">{label}</span>
    </span>
  );
}
