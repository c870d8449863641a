import { useEffect, useState } from 'react';
import type { TPublicDocument } from '@docket/schemas/share';
import { formatDateTime } from '@/lib/format';
import { publicPdfUrl } from '../api/get-public-document';
import { usePublicDocument } from '../hooks/use-public-document';
import { PublicDocumentView } from './public-document-view';
import { AcceptQuoteForm } from './accept-quote-form';
import { DeclineQuoteForm } from './decline-quote-form';
import { PayNow } from './pay-now';
import { DepositPanel } from './deposit-panel';

/** ?payment=success|cancelled: where the provider's page sent the customer back to. */
const returnedFrom = (): 'success' | 'cancelled' | null => {
  const v = new URLSearchParams(window.location.search).get('payment');
  return v === 'success' || v === 'cancelled' ? v : null;
};
const moneyOf = (doc: TPublicDocument, amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: doc.currency || 'GBP' }).format(amount);

const TITLES = { quote: 'Quote', invoice: 'Invoice', credit_note: 'Credit note' } as const;

/** The customer's page at /p/{token}: no sign-in, phone first. */
export function ClientLinkPage({ token }: { token: string }) {
  const { state, replace, reload } = usePublicDocument(token);
  const [mode, setMode] = useState<'view' | 'accept' | 'decline'>('view');
  const [payment] = useState(returnedFrom);

  // Back from a successful payment: the provider's webhook may land a moment later, so look again a few times.
  const waiting =
    payment === 'success' &&
    state.kind === 'ready' &&
    (state.doc.kind === 'invoice' ? state.doc.status !== 'PAID' && (state.doc.balanceDue ?? 0) > 0 : Boolean(state.doc.deposit && !state.doc.deposit.paid));
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
    if (state.kind === 'ready') document.title = `${TITLES[state.doc.kind]} ${state.doc.number} from ${state.doc.company.name}`;
    else if (state.kind === 'invalid') document.title = 'Link no longer valid';
  }, [state]);

  const done = (doc: TPublicDocument) => {
    replace(doc);
    setMode('view');
  };

  return (
    <main className="mx-auto max-w-3xl space-y-4 px-3 py-4 sm:px-6 sm:py-8">
      {state.kind === 'loading' && (
        <p role="status" className="py-16 text-center text-slate-700">
          Loading your document…
        </p>
      )}
      {(state.kind === 'invalid' || state.kind === 'error') && (
        <section className="rounded-lg bg-white p-6 text-center shadow-sm">
          <h1 className="text-xl font-semibold">{state.kind === 'invalid' ? 'This link is no longer valid' : 'Something went wrong'}</h1>
          <p className="mt-2 text-slate-700">
            {state.kind === 'invalid' ? 'It may have expired or been replaced. Please ask the business that sent it for a new link.' : state.message}
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
          {payment === 'cancelled' && state.doc.status !== 'PAID' && !state.doc.deposit?.paid && (
            <section role="status" aria-label="Payment not completed" className="rounded-lg border border-amber-600 bg-amber-50 p-4">
              <p className="font-semibold text-amber-900">Payment not completed</p>
              <p className="mt-1 text-sm text-amber-900">Nothing has been taken. You can try again or pay by bank transfer.</p>
            </section>
          )}
          <StatusBanner doc={state.doc} />
          {mode === 'view' && state.doc.kind === 'quote' && !waiting && <DepositPanel token={token} doc={state.doc} money={(n) => moneyOf(state.doc, n)} />}
          {mode === 'accept' && <AcceptQuoteForm token={token} version={state.doc.version ?? 0} onDone={done} onCancel={() => setMode('view')} />}
          {mode === 'decline' && <DeclineQuoteForm token={token} onDone={done} onCancel={() => setMode('view')} />}
          {mode === 'view' && state.doc.kind === 'invoice' && state.doc.onlinePayment && !waiting && (
            <PayNow token={token} offer={state.doc.onlinePayment} amount={moneyOf(state.doc, state.doc.balanceDue ?? 0)} money={(n) => moneyOf(state.doc, n)} />
          )}
          {mode === 'view' && (
            <div className="flex flex-col gap-2 sm:flex-row">
              {state.doc.kind === 'quote' && state.doc.status === 'SENT' && (
                <>
                  <button type="button" onClick={() => setMode('accept')} className="rounded-md bg-green-700 px-4 py-3 font-semibold text-white">
                    Accept and sign
                  </button>
                  <button type="button" onClick={() => setMode('decline')} className="rounded-md border border-slate-400 bg-white px-4 py-3 font-medium">
                    Decline
                  </button>
                </>
              )}
              <a href={publicPdfUrl(token)} download className="rounded-md border border-slate-400 bg-white px-4 py-3 text-center font-medium text-slate-900">
                Download PDF
              </a>
            </div>
          )}
          <PublicDocumentView doc={state.doc} />
        </>
      )}
    </main>
  );
}

/** Clear words for where the document stands: accepted (with the signature), declined, paid. */
function StatusBanner({ doc }: { doc: TPublicDocument }) {
  if (doc.kind === 'quote' && doc.status === 'APPROVED') {
    return (
      <section role="status" aria-label="Quote accepted" className="rounded-lg border border-green-700 bg-green-50 p-4">
        <p className="font-semibold text-green-900">
          {doc.acceptance ? `Accepted by ${doc.acceptance.name} on ${formatDateTime(doc.acceptance.signedAt)}` : 'This quote has been accepted.'}
        </p>
        {doc.acceptance?.signature && <img src={doc.acceptance.signature} alt={`Signature of ${doc.acceptance.name}`} className="mt-2 max-h-24 bg-white" />}
        <p className="mt-1 text-sm text-green-900">Thank you. {doc.company.name} has been told.</p>
      </section>
    );
  }
  if (doc.kind === 'quote' && doc.status === 'DECLINED') {
    return (
      <section role="status" aria-label="Quote declined" className="rounded-lg border border-slate-400 bg-white p-4">
        <p className="font-semibold">This quote has been declined.</p>
      </section>
    );
  }
  if (doc.kind === 'invoice' && doc.status === 'PAID') {
    return (
      <section role="status" aria-label="Invoice paid" className="rounded-lg border border-green-700 bg-green-50 p-4">
        <p className="font-semibold text-green-900">This invoice has been paid. Thank you.</p>
      </section>
    );
  }
  if (doc.kind === 'invoice' && doc.status === 'VOID') {
    return (
      <section role="status" aria-label="Invoice void" className="rounded-lg border border-slate-400 bg-white p-4">
        <p className="font-semibold">This invoice has been cancelled; nothing is due.</p>
      </section>
    );
  }
  return null;
}
