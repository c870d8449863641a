import type { TOnlineProvider, TPublicOnlinePayment } from '@docket/schemas/online-payment';
import { payPublicInvoice } from '../api/pay-public-invoice';
import { usePayOnline } from '../hooks/use-pay-online';
import { PayButtons } from './pay-buttons';
import { SurchargeNotes } from './surcharge-notes';

const LABELS: Record<TOnlineProvider, string> = { stripe: 'Pay now', gocardless: 'Pay by bank' };

/**
 * Pay now (docs/product.md, "Payments from the link"): one button per provider the business has
 * on, any surcharge said before; a click sends the customer to the provider's hosted page.
 */
export function PayNow({ token, offer, amount, money }: { token: string; offer: TPublicOnlinePayment; amount: string; money: (pounds: number) => string }) {
  const { pay, busy, error } = usePayOnline((provider) => payPublicInvoice(token, provider));
  return (
    <div className="space-y-2">
      <SurchargeNotes surcharges={offer.surcharges} money={money} />
      <PayButtons providers={offer.providers} label={(p) => `${LABELS[p]} ${amount}`} onPay={pay} busy={busy} error={error} />
    </div>
  );
}
