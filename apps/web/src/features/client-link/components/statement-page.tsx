import type { TPublicStatement } from '@docket/schemas/online-payment';
import { formatDate } from '@/lib/format';
import { getPublicStatement } from '../api/get-public-statement';
import { payPublicStatement } from '../api/pay-public-statement';
import { usePublicAnswer } from '../hooks/use-public-answer';
import { usePaymentReturn } from '../hooks/use-payment-return';
import { usePayOnline } from '../hooks/use-pay-online';
import { PayButtons } from './pay-buttons';
import { PublicPage } from './public-page';
import { SurchargeNotes } from './surcharge-notes';

const moneyOf = (s: TPublicStatement, amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: s.currency || 'GBP' }).format(amount);
const titleOf = (s: TPublicStatement) => `Statement from ${s.business.name}`;
const owes = (s: TPublicStatement) => s.totalDue > 0;

/** The client's statement at /s/{token}: what they owe, invoice by invoice, and Pay £x now for all of it. */
export function StatementPage({ token }: { token: string }) {
  const { state, reload } = usePublicAnswer(token, getPublicStatement);
  const { payment, waiting } = usePaymentReturn(state.kind === 'ready' && owes(state.data), reload);
  const { pay, busy, error } = usePayOnline((provider) => payPublicStatement(token, provider));

  return (
    <PublicPage
      state={state}
      what="statement"
      invalidHint="It may have been replaced. Please ask the business that sent it for a new link."
      titleOf={titleOf}
      payment={payment}
      waiting={waiting}
      owes={owes}
    >
      {(statement) => (
        <>
          <section className="rounded-lg bg-white p-4 shadow-sm sm:p-6">
            <h1 className="text-xl font-semibold">Statement from {statement.business.name}</h1>
            <p className="mt-1 text-slate-700">For {statement.client.name}</p>
            {statement.invoices.length === 0 ? (
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
                  {statement.invoices.map((i) => (
                    <tr key={i.number} className="border-b border-slate-200">
                      <td className="py-2">{i.number}</td>
                      <td className="py-2">{i.date ? formatDate(i.date) : ''}</td>
                      <td className="py-2">{formatDate(i.dueDate)}</td>
                      <td className="py-2 text-right">{moneyOf(statement, i.balance)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th colSpan={3} className="py-2">
                      Total due
                    </th>
                    <td className="py-2 text-right font-semibold" data-testid="statement-total">
                      {moneyOf(statement, statement.totalDue)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            )}
          </section>
          {statement.onlinePayment && !waiting && (
            <div className="space-y-2">
              <SurchargeNotes surcharges={statement.onlinePayment.surcharges} money={(n) => moneyOf(statement, n)} />
              <PayButtons
                providers={statement.onlinePayment.providers}
                label={(p) => `${p === 'gocardless' ? 'Pay by bank' : 'Pay'} ${moneyOf(statement, statement.totalDue)} now`}
                onPay={pay}
                busy={busy}
                error={error}
              />
            </div>
          )}
        </>
      )}
    </PublicPage>
  );
}
