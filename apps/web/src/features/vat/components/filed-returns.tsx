import { useState } from 'react';
import { BOXES, type TObligation, type TVatReceipt } from '@docket/schemas/mtd';
import { filedPeriods, type FiledPeriod } from './filed-periods';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useHmrcReturn } from '../api/mtd';
import { BOX_NAMES, boxValues } from './box-names';
import { periodLabel } from './obligation-label';

export function FiledReturns({ returns, obligations }: { returns: TVatReceipt[]; obligations: TObligation[] }) {
  const periods = filedPeriods(returns, obligations);
  return (
    <section aria-labelledby="receipts-heading" className="mb-6">
      <h2 id="receipts-heading" className="mb-2 text-lg font-semibold">
        Submitted returns
      </h2>
      {periods.length ? (
        <ul className="space-y-2">
          {periods.map((p) => (
            <FiledReturn key={p.periodKey} period={p} />
          ))}
        </ul>
      ) : (
        <p className="text-sm">No returns submitted yet.</p>
      )}
    </section>
  );
}

function FiledReturn({ period: p }: { period: FiledPeriod }) {
  const [open, setOpen] = useState(false);
  const label = periodLabel(p);
  const r = p.ours;
  return (
    <li className="rounded border border-slate-200 p-3 text-sm" aria-label={`Receipt ${label}`}>
      {r ? (
        <>
          <p className="font-medium">
            {label}: submitted {formatDateTime(r.submittedAt)}
          </p>
          <p>Form bundle number {r.formBundleNumber}</p>
          <p>Processed by HMRC {formatDateTime(r.processingDate)}</p>
          {r.chargeRefNumber && <p>Charge reference {r.chargeRefNumber}</p>}
          {r.paymentIndicator && <p>Payment {r.paymentIndicator === 'DD' ? 'by Direct Debit' : 'to your bank'}</p>}
          <p>
            Net VAT {formatMoney(r.body.netVatDue)} ({r.basis === 'cash' ? 'cash' : 'invoice'} basis)
          </p>
        </>
      ) : (
        <p className="font-medium">
          {label}: submitted{p.received ? ` ${formatDate(p.received)}` : ''}, not from Docket
        </p>
      )}
      <Button variant="outline" className="mt-2" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide HMRC’s copy' : 'Show HMRC’s copy'}
      </Button>
      {open && <HmrcCopy periodKey={p.periodKey} />}
    </li>
  );
}

function HmrcCopy({ periodKey }: { periodKey: string }) {
  const view = useHmrcReturn(periodKey, true);
  if (view.isPending) return <Skeleton className="mt-2 h-24" />;
  if (view.isError)
    return (
      <p role="alert" className="mt-2">
        {errorMessage(view.error, 'Could not read HMRC’s copy of the return')}
      </p>
    );
  const v = view.data;
  if (!v.hmrc) return <p className="mt-2">{v.message}</p>;
  const values = boxValues(v.hmrc);
  return (
    <div className="mt-2">
      {v.ours && (
        <p className="mb-1">
          {v.differences.length === 0
            ? 'HMRC’s figures match those Docket sent.'
            : `HMRC’s figures differ from those Docket sent in ${v.differences.map((b) => BOX_NAMES[b].split(':')[0]).join(', ')}.`}
        </p>
      )}
      <table className="w-full" aria-label={`HMRC’s copy of ${periodKey}`}>
        <tbody>
          {BOXES.map((box) => (
            <tr key={box} className={`border-t border-slate-100 ${v.differences.includes(box) ? 'font-semibold text-red-700' : ''}`}>
              <th scope="row" className="py-1 text-left font-normal">
                {BOX_NAMES[box]}
              </th>
              <td className="py-1 text-right tabular-nums">{formatMoney(values[box])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
