import { useState } from 'react';
import type { TPublicDocument } from '@docket/schemas/share';
import { payPublicDeposit } from '../api/pay-public-deposit';

/**
 * A quote's deposit (docs/product.md, "Payments from the link"): said before acceptance, offered
 * as "Pay deposit £x now" once accepted (its invoice is issued at acceptance), thanked once paid.
 */
export function DepositPanel({ token, doc, money }: { token: string; doc: TPublicDocument; money: (pounds: number) => string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
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
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      window.location.assign((await payPublicDeposit(token)).redirectUrl);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
      <button
        type="button"
        disabled={busy}
        onClick={() => void pay()}
        className="rounded-md bg-green-700 px-4 py-3 font-semibold text-white disabled:opacity-60"
      >
        Pay deposit {money(deposit.amount)} now
      </button>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
