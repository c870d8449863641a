import { useEffect, useState } from 'react';
import type { TOnlineProvider, TPublicStatement } from '@docket/schemas/online-payment';
import { formatDate } from '@/lib/format';
import { payPublicStatement } from '../api/pay-public-statement';
import { usePublicStatement } from '../hooks/use-public-statement';

const returnedFrom = (): 'success' | 'cancelled' | null => {
  const v = new URLSearchParams(window.location.search).get('payment');
  return v === 'success' || v === 'cancelled' ? v : null;
};
const moneyOf = (s: TPublicStatement, amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: s.currency || 'GBP' }).format(amount);

/** The client's statement at /s/{token}: what they owe, invoice by invoice, and Pay £x now for all of it. */
export function StatementPage({ token }: { token: string }) {
  const { state, reload } = usePublicStatement(token);
  const [payment] = useState(returnedFrom);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Back from a successful payment: the webhook may land a moment later, so look again a few times.
  const waiting = payment === 'success' && state.kind === 'ready' && state.statement.totalDue > 0;
  useEffect(() => {
    if (!waiting) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      if (++tries > 30) window.clearInterval(timer);
      else reload();
    }, 1000);
    return () => window.clearInterval(timer);
  }, [waiting, reload]);
  useEffect(() => {
    if (state.kind === 'ready') document.title = `Statement from ${state.statement.business.name}`;
    else if (state.kind === 'invalid') document.title = 'Link no longer valid';
  }, [state]);

  const pay = async (provider: TOnlineProvider) => {
    setBusy(true);
    setError(null);
    try {
      const { redirectUrl } = await payPublicStatement(token, provider);
      window.location.assign(redirectUrl);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
      setBusy(false);
    }
  };

  return (
    <main className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-8">
      {state.kind === 'loading' && (
        <p role="status" className="py-16 text-center text-slate-700">
          Loading your statement…
        </p>
      )}
      {(state.kind === 'invalid' || state.kind === 'error') && (
        <section className="rounded-lg bg-white p-6 text-center shadow-sm">
          <h1 className="text-xl font-semibold">{state.kind === 'invalid' ? 'This link is no longer valid' : 'Something went wrong'}</h1>
          <p className="mt-2 text-slate-700">
            {state.kind === 'invalid' ? 'It may have been replaced. Please ask the business that sent it for a new link.' : state.message}
          </p>
        </section>
      )}
      {state.kind === 'ready' && (
        <>
          {payment === 'success' && (
            <section role="status" aria-label="Payment received" className="rounded-lg border border-green-700 bg-green-50 p-4">
              <p className="font-semibold text-green-900">Payment received, thank you</p>
              {waiting && <p className="mt-1 text-sm text-green-900">Your payment is being confirmed; this page updates by itself.</p>}
            </section>
          )}
          {payment === 'cancelled' && state.statement.totalDue > 0 && (
            <section role="status" aria-label="Payment not completed" className="rounded-lg border border-amber-600 bg-amber-50 p-4">
              <p className="font-semibold text-amber-900">Payment not completed</p>
              <p className="mt-1 text-sm text-amber-900">Nothing has been taken. You can try again or pay by bank transfer.</p>
            </section>
          )}
          <section className="rounded-lg bg-white p-4 shadow-sm sm:p-6">
            <h1 className="text-xl font-semibold">Statement from {state.statement.business.name}</h1>
            <p className="mt-1 text-slate-700">For {state.statement.client.name}</p>
            {state.statement.invoices.length === 0 ? (
              <p className="mt-4 font-semibold text-green-900">Nothing is owed. Thank you.</p>
            ) : (
              <table className="mt-4 w-full text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-300">
                    <th className="py-2">Invoice</th>
                    <th className="py-2">Date</th>
                    <th className="py-2">Due</th>
                    <th className="py-2 text-right">Balance</th>
                  </tr>
                </thead>
                <tbody>
                  {state.statement.invoices.map((i) => (
                    <tr key={i.number} className="border-b border-slate-200">
                      <td className="py-2">{i.number}</td>
                      <td className="py-2">{i.date ? formatDate(i.date) : ''}</td>
                      <td className="py-2">{formatDate(i.dueDate)}</td>
                      <td className="py-2 text-right">{moneyOf(state.statement, i.balance)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th colSpan={3} className="py-2">
                      Total due
                    </th>
                    <td className="py-2 text-right font-semibold" data-testid="statement-total">
                      {moneyOf(state.statement, state.statement.totalDue)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            )}
          </section>
          {state.statement.onlinePayment && !waiting && (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
              {state.statement.onlinePayment.providers.map((p, i) => (
                <button
                  key={p}
                  type="button"
                  disabled={busy}
                  onClick={() => void pay(p)}
                  className={
                    i === 0
                      ? 'rounded-md bg-green-700 px-4 py-3 font-semibold text-white disabled:opacity-60'
                      : 'rounded-md border border-green-700 bg-white px-4 py-3 font-semibold text-green-900 disabled:opacity-60'
                  }
                >
                  {p === 'gocardless' ? 'Pay by bank' : 'Pay'} {moneyOf(state.statement, state.statement.totalDue)} now
                </button>
              ))}
              {error && (
                <p role="alert" className="text-sm text-red-800">
                  {error}
                </p>
              )}
            </div>
          )}
        </>
      )}
    </main>
  );
}
