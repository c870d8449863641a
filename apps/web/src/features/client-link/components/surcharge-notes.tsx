import type { TPublicOnlinePayment } from '@docket/schemas/online-payment';

/**
 * What paying online adds, said before the customer pays (business clients only: the Consumer
 * Rights (Payment Surcharges) Regulations 2012 ban surcharges to consumers, so theirs is empty).
 * Shared by the invoice link's Pay now and the statement link's Pay £x now.
 */
export function SurchargeNotes({ surcharges, money }: { surcharges: TPublicOnlinePayment['surcharges']; money: (pounds: number) => string }) {
  return (
    <>
      {surcharges.map((sc) => (
        <p key={sc.provider} className="text-sm text-slate-700">
          {sc.provider === 'stripe' ? 'Paying online by card or bank' : 'Paying by bank'} adds a surcharge of {money(sc.amount)} ({sc.percent}%), shown as its
          own line before you pay.
        </p>
      ))}
    </>
  );
}
