import type { TPublicDocument } from '@docket/schemas/share';
import { CURRENCIES, type TCurrencyCode } from '@docket/schemas/constants';
import { formatDate, formatMoney } from '@/lib/format';

const symbolOf = (code: string) => (code in CURRENCIES ? CURRENCIES[code as TCurrencyCode].symbol : '£');
const quantityFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });
const rateFormat = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** Lines of a text area (addresses, terms), kept as text. */
function Lines({ text, className }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <p className={className}>
      {text.split(/\r?\n/).map((line, i) => (
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </p>
  );
}

const KIND_HEADINGS: Record<TPublicDocument['kind'], string> = { quote: 'Quote', invoice: 'Invoice', credit_note: 'Credit note' };

/** The shared quote, invoice or credit note laid out as a page: company header, customer, lines, VAT, totals, terms. */
export function PublicDocumentView({ doc }: { doc: TPublicDocument }) {
  const money = (pounds: number) => formatMoney(pounds, symbolOf(doc.currency));
  const heading = KIND_HEADINGS[doc.kind];
  return (
    <article aria-labelledby="document-title" className="rounded-lg bg-white p-4 shadow-sm sm:p-8">
      <header className="flex flex-col gap-4 border-b border-slate-200 pb-4 sm:flex-row sm:justify-between">
        <div className="min-w-0">
          {doc.company.logo && <img src={doc.company.logo} alt={`${doc.company.name} logo`} className="mb-2 max-h-16 max-w-[12rem] object-contain" />}
          <p className="break-words text-lg font-semibold">{doc.company.name}</p>
          <Lines text={doc.company.address} className="text-sm text-slate-700" />
          <p className="text-sm text-slate-700">
            {[doc.company.phone, doc.company.email].filter(Boolean).map((v) => (
              <span key={v} className="block break-all">
                {v}
              </span>
            ))}
          </p>
          {doc.company.vatNumber && <p className="text-sm text-slate-700">VAT number {doc.company.vatNumber}</p>}
        </div>
        <div className="sm:text-right">
          <h1 id="document-title" className="text-2xl font-bold">
            {heading} {doc.number}
          </h1>
          <dl className="mt-1 text-sm text-slate-700">
            <div>
              <dt className="inline">Issued: </dt>
              <dd className="inline">{formatDate(doc.issueDate)}</dd>
            </div>
            {doc.validUntil && (
              <div>
                <dt className="inline">Valid until: </dt>
                <dd className="inline">{formatDate(doc.validUntil)}</dd>
              </div>
            )}
            {doc.dueDate && (
              <div>
                <dt className="inline">Due: </dt>
                <dd className="inline">{formatDate(doc.dueDate)}</dd>
              </div>
            )}
          </dl>
        </div>
      </header>

      <section aria-labelledby="customer-heading" className="py-4">
        <h2 id="customer-heading" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
          {doc.kind === 'quote' ? 'Prepared for' : doc.kind === 'credit_note' ? 'Credited to' : 'Bill to'}
        </h2>
        <p className="break-words font-medium">{doc.customer.name}</p>
        <Lines text={doc.customer.address} className="text-sm text-slate-700" />
        {doc.creditNote && (
          <p className="mt-3 break-words text-sm text-slate-700">
            Credit against invoice {doc.creditNote.invoiceNumber}. <span className="font-medium">Reason:</span> {doc.creditNote.reason}
          </p>
        )}
        {doc.siteAddress && (
          <>
            <h2 className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-600">Site address</h2>
            <Lines text={doc.siteAddress} className="text-sm text-slate-700" />
          </>
        )}
      </section>

      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading" className="sr-only">
          Items
        </h2>
        <ul className="divide-y divide-slate-200 border-y border-slate-200">
          {doc.lines.map((line, i) => (
            <li key={i} className="flex justify-between gap-4 py-3">
              <div className="min-w-0">
                <p className="whitespace-pre-line break-words">{line.description}</p>
                <p className="text-sm text-slate-600">
                  {quantityFormat.format(line.quantity)} × {money(line.unitPrice)}
                  {line.discountPercent !== null && ` less ${rateFormat.format(line.discountPercent)}% discount`}
                </p>
              </div>
              <p className="whitespace-nowrap font-medium">{money(line.amount)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="totals-heading" className="ml-auto mt-4 max-w-xs">
        <h2 id="totals-heading" className="sr-only">
          Totals
        </h2>
        <dl className="space-y-1 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal (excl. VAT)</dt>
            <dd>{money(doc.subtotal)}</dd>
          </div>
          {doc.vatBreakdown
            .filter((row) => !row.reverseCharge)
            .map((row) => (
              <div key={row.label} className="flex justify-between gap-3">
                <dt>
                  {row.label === `VAT at ${row.rate}%` || row.rate === 0 ? row.label : `${row.label} (${rateFormat.format(row.rate)}%)`} on {money(row.net)}
                </dt>
                <dd>{money(row.vat)}</dd>
              </div>
            ))}
          <div className="flex justify-between border-t border-slate-300 pt-1 text-base font-semibold">
            <dt>Total</dt>
            <dd>{money(doc.total)}</dd>
          </div>
          {doc.cis && (
            <>
              <div className="flex justify-between gap-3">
                <dt>
                  CIS deduction ({rateFormat.format(doc.cis.rate)}% of labour {money(doc.cis.labourNet)})
                </dt>
                <dd>−{money(doc.cis.deduction)}</dd>
              </div>
              <div className="flex justify-between font-semibold">
                <dt>Amount due</dt>
                <dd>{money(doc.amountDue ?? doc.total)}</dd>
              </div>
            </>
          )}
          {doc.balanceRows?.map((row, i) => (
            <div
              key={`${row.label}-${i}`}
              className={i === doc.balanceRows!.length - 1 ? 'flex justify-between gap-3 font-semibold' : 'flex justify-between gap-3'}
            >
              <dt>{row.label}</dt>
              <dd>{row.text}</dd>
            </div>
          ))}
        </dl>
        {doc.reverseChargeLegend && (
          <div className="mt-3 rounded border border-slate-300 p-2 text-sm">
            <p className="font-semibold">{doc.reverseChargeLegend}</p>
            {doc.vatBreakdown
              .filter((row) => row.reverseCharge)
              .map((row) => (
                <p key={row.label}>
                  {row.label}: VAT of {money(row.vat)} on {money(row.net)}, for the customer to account for (not included in the total)
                </p>
              ))}
          </div>
        )}
      </section>

      {doc.kind === 'invoice' &&
        (doc.paidInFull ? (
          <section aria-labelledby="pay-heading" className="mt-6 rounded-md border border-green-200 bg-green-50 p-4">
            <h2 id="pay-heading" className="font-semibold text-green-900">
              Paid in full
            </h2>
            <p className="mt-1 text-sm text-green-900">This invoice has been paid. Thank you: there is nothing more to pay.</p>
          </section>
        ) : (
          <PaymentDetails doc={doc} money={money} />
        ))}

      {doc.terms && (
        <section aria-labelledby="terms-heading" className="mt-6 border-t border-slate-200 pt-4">
          <h2 id="terms-heading" className="text-xs font-semibold uppercase tracking-wide text-slate-600">
            Terms and conditions
          </h2>
          <Lines text={doc.terms} className="mt-1 text-sm text-slate-700" />
        </section>
      )}
    </article>
  );
}

function PaymentDetails({ doc, money }: { doc: TPublicDocument; money: (p: number) => string }) {
  const bank = doc.bank;
  const rows: [string, string | null | undefined][] = [
    ['Bank', bank?.bankName],
    ['Account name', bank?.accountName],
    ['Account number', bank?.accountNumber],
    ['Sort code', bank?.sortCode],
    ['IBAN', bank?.iban],
    ['SWIFT/BIC', bank?.swift],
    ['Reference', doc.paymentReference],
  ];
  return (
    <section aria-labelledby="pay-heading" className="mt-6 rounded-md bg-slate-50 p-4">
      <h2 id="pay-heading" className="font-semibold">
        How to pay
      </h2>
      <p className="mt-1 text-lg">
        Amount due: <strong data-testid="balance-due">{money(doc.balanceDue ?? 0)}</strong>
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows
          .filter((r): r is [string, string] => Boolean(r[1]))
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-700">{label}</dt>
              <dd className="break-all font-medium">{value}</dd>
            </div>
          ))}
      </dl>
      <p className="mt-2 text-sm text-slate-700">Please quote the reference with your payment.</p>
    </section>
  );
}
