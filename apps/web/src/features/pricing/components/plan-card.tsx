import { Check, X } from 'lucide-react';
import { TEMPLATES } from '@docket/schemas/constants';
import type { TPlan } from '@docket/schemas/plans';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

const limitText = (n: number, unit: string) => (n === -1 ? `Unlimited ${unit}` : `${n.toLocaleString('en-GB')} ${unit}`);
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A plan allowing as many templates as exist (or more) is promised all of them, by their real count. */
function templatesText(allowed: number): string {
  if (allowed === -1 || allowed >= TEMPLATES.length) return `All ${TEMPLATES.length} PDF templates`;
  return `${allowed} PDF template${allowed === 1 ? '' : 's'}`;
}

function Feature({ included, children }: { included: boolean; children: string }) {
  return (
    <li className={cn('flex items-start gap-2 text-sm', included ? 'text-slate-700' : 'text-slate-500')}>
      {included ? (
        <Check aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-green-600" />
      ) : (
        <X aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      )}
      <span>
        {children}
        {!included && <span className="sr-only"> (not included)</span>}
      </span>
    </li>
  );
}

interface PlanCardProps {
  plan: TPlan;
  /** this is the account's plan (from /subscription/info) */
  current: boolean;
  /** the account's plan costs more than this one */
  cheaper: boolean;
  selected: boolean;
  onUpgrade: () => void;
}

export function PlanCard({ plan, current, cheaper, selected, onUpgrade }: PlanCardProps) {
  const f = plan.features;
  return (
    <Card
      className={cn('relative flex h-full flex-col p-6', plan.popular && 'border-brand-500 ring-2 ring-brand-500', selected && 'bg-brand-50')}
      aria-current={selected ? 'true' : undefined}
    >
      {plan.popular && (
        <Badge tone="brand" className="absolute -top-3 left-1/2 -translate-x-1/2">
          Most Popular
        </Badge>
      )}
      <h2 className="text-xl font-semibold">{plan.name}</h2>
      <p className="mt-1 text-sm text-slate-500">{plan.description}</p>
      <p className="mt-4">
        <span className="text-3xl font-bold">{formatMoney(plan.price)}</span>
        <span className="text-sm text-slate-500">/{plan.billing}</span>
      </p>
      {plan.annualPrice > 0 && (
        <p className="mt-1 text-sm text-slate-600">
          or {formatMoney(plan.annualPrice)}/{plan.annualBilling} (2 months free)
        </p>
      )}
      <ul className="mt-6 space-y-2">
        <Feature included>{limitText(f.invoicesPerMonth, 'invoices per month')}</Feature>
        <Feature included>{limitText(f.quotesPerMonth, 'quotes per month')}</Feature>
        <Feature included>{limitText(f.maxClients, 'clients')}</Feature>
        <Feature included>{templatesText(f.templates)}</Feature>
        <Feature included={f.hasBranding}>Custom branding</Feature>
        <Feature included={f.hasCalendar}>Calendar</Feature>
        <Feature included>{`${capitalise(f.support)} support`}</Feature>
      </ul>
      <div className="mt-6 pt-2 sm:mt-auto">
        {current ? (
          <Button variant="outline" className="w-full" disabled>
            Current Plan
          </Button>
        ) : cheaper ? (
          <Button variant="outline" className="w-full" onClick={onUpgrade}>
            Switch Plan
          </Button>
        ) : (
          <Button className="w-full" variant={plan.popular ? 'primary' : 'outline'} onClick={onUpgrade}>
            Upgrade Now
          </Button>
        )}
      </div>
    </Card>
  );
}
