import { useEffect, type ReactNode } from 'react';
import type { PublicAnswerState } from '../hooks/use-public-answer';
import type { PaymentReturn } from '../hooks/use-payment-return';

interface PublicPageProps<T> {
  state: PublicAnswerState<T>;
  /** 'document' or 'statement': "Loading your …" */
  what: string;
  /** why a dead link is dead, said under "This link is no longer valid" */
  invalidHint: string;
  /** the tab's title once the answer is in */
  titleOf: (data: T) => string;
  payment: PaymentReturn;
  waiting: boolean;
  /** whether anything is still to pay (a cancelled payment says so only then) */
  owes: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

/**
 * The frame of a customer's public page (/p/{token}, /s/{token}): loading, the dead link's one
 * message, a failure, and once ready the payment's outcome on coming back from the provider
 * ("Payment received, thank you" / "Payment not completed") above the page itself.
 */
export function PublicPage<T>({ state, what, invalidHint, titleOf, payment, waiting, owes, children }: PublicPageProps<T>) {
  useEffect(() => {
    if (state.kind === 'ready') document.title = titleOf(state.data);
    else if (state.kind === 'invalid') document.title = 'Link no longer valid';
  }, [state, titleOf]);
  return (
    <main className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-8">
      {state.kind === 'loading' && (
        <p role="status" className="py-16 text-center text-slate-700">
          Loading your {what}…
        </p>
      )}
      {(state.kind === 'invalid' || state.kind === 'error') && (
        <section className="rounded-lg bg-white p-6 text-center shadow-sm">
          <h1 className="text-xl font-semibold">{state.kind === 'invalid' ? 'This link is no longer valid' : 'Something went wrong'}</h1>
          <p className="mt-2 text-slate-700">{state.kind === 'invalid' ? invalidHint : state.message}</p>
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
          {payment === 'cancelled' && owes(state.data) && (
            <section role="status" aria-label="Payment not completed" className="rounded-lg border border-amber-600 bg-amber-50 p-4">
              <p className="font-semibold text-amber-900">Payment not completed</p>
              <p className="mt-1 text-sm text-amber-900">Nothing has been taken. You can try again or pay by bank transfer.</p>
            </section>
          )}
          {children(state.data)}
        </>
      )}
    </main>
  );
}
