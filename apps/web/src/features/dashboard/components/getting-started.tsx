import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router-dom';
import { cn } from '@/lib/cn';
import { Card } from '@/components/ui/card';

interface GettingStartedProps {
  hasCompany: boolean;
  hasClient: boolean;
  hasQuote: boolean;
}

/**
 * A new account's first steps, each a link to its form and ticked once done; the card goes when
 * all three are (docs/product.md, "Getting started").
 */
export function GettingStarted({ hasCompany, hasClient, hasQuote }: GettingStartedProps) {
  const steps = [
    { done: hasCompany, label: 'Set up your company profile', hint: 'Name, address, VAT number and bank details for your documents', to: '/settings' },
    { done: hasClient, label: 'Add your first client', hint: 'Who you quote and invoice', to: '/clients?new=1' },
    { done: hasQuote, label: 'Create your first quote', hint: 'Lines, VAT and a PDF to send', to: '/quotes?new=1' },
  ];
  if (steps.every((s) => s.done)) return null;
  const doneCount = steps.filter((s) => s.done).length;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="getting-started-title">
        <h2 id="getting-started-title" className="text-lg font-semibold text-slate-900">
          Get started
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {doneCount} of {steps.length} done
        </p>
        <ol className="mt-4 grid gap-3 md:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step.to}>
              <Link
                to={step.to}
                className={cn(
                  'flex h-full items-start gap-3 rounded-md border p-3 hover:bg-slate-50',
                  step.done ? 'border-green-200 bg-green-50/50' : 'border-slate-200',
                )}
              >
                {step.done ? (
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-600" />
                ) : (
                  <Circle aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-400" />
                )}
                <span className="min-w-0">
                  <span className={cn('block font-medium', step.done ? 'text-slate-500 line-through' : 'text-slate-900')}>
                    {i + 1}. {step.label}
                    <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
                  </span>
                  <span className="block text-sm text-slate-600">{step.hint}</span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </Card>
  );
}
