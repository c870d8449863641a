import type { TPublicDocument } from '@docket/schemas/share';
import { payPublicDeposit } from '../api/pay-public-deposit';
import { usePayOnline } from '../hooks/use-pay-online';
import { PayButtons } from './pay-buttons';

/**
 * A quote's deposit (docs/product.md, "Payments from the link"): said before acceptance, offered
 * as "Pay deposit £x now" once accepted (its invoice is issued at acceptance), thanked once paid.
 */
export function DepositPanel({ token, doc, money }: { token: string; doc: TPublicDocument; money: (pounds: number) => string }) {
  const { pay, busy, error } = usePayOnline(() => payPublicDeposit(token));
  const deposit = doc.deposit;
  if (!deposit) return null;
  if (deposit.paid) {
    return (
      <section role="status" aria-label="Deposit paid" className="rounded-lg border border-green-700 bg-green-50 p-4">
        <p className="font-semibold text-green-900">Deposit of {money(deposit.amount)} paid. Thank you.</p>
      </section>
    );
  }
  if (doc.status !== 'APPROVED') {
    return <p className="text-sm text-slate-700">This quote asks for a deposit of {money(deposit.amount)} when you accept it.</p>;
  }
  if (!deposit.payable)
    return (
      <p className="text-sm text-slate-700">
        A deposit of {money(deposit.amount)} is due; {doc.company.name} will send the invoice.
      </p>
    );
  return <PayButtons providers={['stripe']} label={() => `Pay deposit ${money(deposit.amount)} now`} onPay={pay} busy={busy} error={error} />;
}
