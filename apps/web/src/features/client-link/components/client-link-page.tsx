import { useState } from 'react';
import type { TPublicDocument } from '@docket/schemas/share';
import { formatDateTime } from '@/lib/format';
import { getPublicDocument, publicPdfUrl } from '../api/get-public-document';
import { usePublicAnswer } from '../hooks/use-public-answer';
import { usePaymentReturn } from '../hooks/use-payment-return';
import { PublicDocumentView } from './public-document-view';
import { PublicPage } from './public-page';
import { AcceptQuoteForm } from './accept-quote-form';
import { DeclineQuoteForm } from './decline-quote-form';
import { PayNow } from './pay-now';
import { DepositPanel } from './deposit-panel';

const moneyOf = (doc: TPublicDocument, amount: number) => new Intl.NumberFormat('en-GB', { style: 'currency', currency: doc.currency || 'GBP' }).format(amount);

const TITLES = { quote: 'Quote', invoice: 'Invoice', credit_note: 'Credit note' } as const;
const titleOf = (doc: TPublicDocument) => `${TITLES[doc.kind]} ${doc.number} from ${doc.company.name}`;
/** What a payment from this page waits for: the invoice's balance, or the accepted quote's deposit. */
const stillOwed = (doc: TPublicDocument) =>
  doc.kind === 'invoice' ? doc.status !== 'PAID' && (doc.balanceDue ?? 0) > 0 : Boolean(doc.deposit && !doc.deposit.paid);
const owes = (doc: TPublicDocument) => doc.status !== 'PAID' && !doc.deposit?.paid;

/** The customer's page at /p/{token}: no sign-in, phone first. */
export function ClientLinkPage({ token }: { token: string }) {
  const { state, replace, reload } = usePublicAnswer(token, getPublicDocument);
  const [mode, setMode] = useState<'view' | 'accept' | 'decline'>('view');
  const { payment, waiting } = usePaymentReturn(state.kind === 'ready' && stillOwed(state.data), reload);

  const done = (doc: TPublicDocument) => {
    replace(doc);
    setMode('view');
  };

  return (
    <PublicPage
      state={state}
      what="document"
      invalidHint="It may have expired or been replaced. Please ask the business that sent it for a new link."
      titleOf={titleOf}
      payment={payment}
      waiting={waiting}
      owes={owes}
    >
      {(doc) => (
        <>
          <StatusBanner doc={doc} />
          {mode === 'view' && doc.kind === 'quote' && !waiting && <DepositPanel token={token} doc={doc} money={(n) => moneyOf(doc, n)} />}
          {mode === 'accept' && <AcceptQuoteForm token={token} version={doc.version ?? 0} onDone={done} onCancel={() => setMode('view')} />}
          {mode === 'decline' && <DeclineQuoteForm token={token} onDone={done} onCancel={() => setMode('view')} />}
          {mode === 'view' && doc.kind === 'invoice' && doc.onlinePayment && !waiting && (
            <PayNow token={token} offer={doc.onlinePayment} amount={moneyOf(doc, doc.balanceDue ?? 0)} money={(n) => moneyOf(doc, n)} />
          )}
          {mode === 'view' && (
            <div className="flex flex-col gap-2 sm:flex-row">
              {doc.kind === 'quote' && doc.status === 'SENT' && (
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
          <PublicDocumentView doc={doc} />
        </>
      )}
    </PublicPage>
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
