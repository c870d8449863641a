import { useState } from 'react';
import type { TOnlineProvider, TPublicOnlinePayment } from '@docket/schemas/online-payment';
import { payPublicInvoice } from '../api/pay-public-invoice';

const LABELS: Record<TOnlineProvider, string> = { stripe: 'Pay now', gocardless: 'Pay by bank' };

/**
 * Pay now (docs/product.md, "Payments from the link"): one button per provider the business has
 * on; a click sends the customer to the provider's hosted page. Disabled while asking, so a
 * double click makes one request (the server's idempotency key covers two tabs too).
 */
export function PayNow({ token, offer, amount, money }: { token: string; offer: TPublicOnlinePayment; amount: string; money: (pounds: number) => string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async (provider: TOnlineProvider) => {
    setBusy(true);
    setError(null);
    try {
      const { redirectUrl } = await payPublicInvoice(token, provider);
      window.location.assign(redirectUrl);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      {offer.surcharges.map((sc) => (
        <p key={sc.provider} className="text-sm text-slate-700">
          {sc.provider === 'stripe' ? 'Paying online by card or bank' : 'Paying by bank'} adds a surcharge of {money(sc.amount)} ({sc.percent}%), shown as its
          own line before you pay.
        </p>
      ))}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        {offer.providers.map((p, i) => (
          <button
            key={p}
            type="button"
            disabled={busy}
            onClick={() => void go(p)}
            className={
              i === 0
                ? 'rounded-md bg-green-700 px-4 py-3 font-semibold text-white disabled:opacity-60'
                : 'rounded-md border border-green-700 bg-white px-4 py-3 font-semibold text-green-900 disabled:opacity-60'
            }
          >
            {LABELS[p]} {amount}
          </button>
        ))}
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
