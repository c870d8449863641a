import { useState } from 'react';
import { PLAN_KEYS, PLANS, type TPlanKey } from '@docket/schemas/plans';
import { useSubscriptionInfo } from '@/lib/queries/subscription-info';
import { toast } from '@/lib/toast';
import { useErrorToast } from '@/lib/use-error-toast';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { usePlans } from '../api/get-plans';
import { PlanCard } from './plan-card';
import { PricingFaq } from './pricing-faq';

const showComingSoon = () => toast({ title: 'Coming Soon', description: 'Payment processing will be available soon. Contact us for manual upgrade.' });

export function PricingScreen() {
  const plans = usePlans();
  // The account's real plan (the sidebar reads the same answer); nothing is marked until it loads.
  const subscription = useSubscriptionInfo();
  const currentPlan = subscription.data?.plan;
  const [selected, setSelected] = useState<TPlanKey | null>(null);
  useErrorToast(plans.error, 'Failed to load pricing plans');

  return (
    <div>
      <div className="mb-8 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Simple, Transparent Pricing</h1>
        <p className="mx-auto mt-2 max-w-2xl text-slate-600">
          VAT-compliant quotes and invoices for UK trade businesses. Prices in pounds sterling; annual billing saves 2 months.
        </p>
      </div>
      {plans.isPending || subscription.isPending ? (
        <div className="flex flex-col items-center gap-3 py-12">
          <Spinner label="Loading pricing plans" />
          <p className="text-sm text-slate-600">Loading pricing plans...</p>
        </div>
      ) : plans.isError ? (
        <LoadError message="Failed to load pricing plans" onRetry={() => void plans.refetch()} />
      ) : (
        <ul className="grid gap-6 pt-3 md:grid-cols-3">
          {PLAN_KEYS.filter((key) => plans.data[key]).map((key) => (
            <li key={key}>
              <PlanCard
                plan={plans.data[key]}
                current={currentPlan === key}
                cheaper={currentPlan !== undefined && PLANS[currentPlan].price > plans.data[key].price}
                selected={selected === key}
                onUpgrade={() => {
                  setSelected(key);
                  showComingSoon();
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <PricingFaq />
      <section aria-labelledby="help-heading" className="mt-12 rounded-lg bg-brand-50 p-6 text-center">
        <h2 id="help-heading" className="text-xl font-semibold">
          Need Help Choosing?
        </h2>
        <p className="mt-2 text-sm text-slate-600">Talk to us about your business and we&apos;ll help you pick the right plan.</p>
        <Button className="mt-4" variant="outline" onClick={showComingSoon}>
          Contact Sales
        </Button>
      </section>
    </div>
  );
}
