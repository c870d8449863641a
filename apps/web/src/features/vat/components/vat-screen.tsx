import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BOXES, MTD_DECLARATION, type TBox } from '@docket/schemas/mtd';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { toastError } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useConnect, useDisconnect, useMtdStatus, useObligations, useSubmitReturn, useVatPreview, useVatReturns } from '../api/mtd';
import { BOX_NAMES, boxValues } from './box-names';
import { FiledReturns } from './filed-returns';
import { HmrcAccount } from './hmrc-account';
import { obligationLabel, periodLabel } from './obligation-label';

const OUTCOMES: Record<string, string> = {
  connected: 'Docket is connected to HMRC.',
  denied: 'HMRC authority was not granted. Nothing changed.',
  failed: 'HMRC did not confirm the connection. Please try connecting again.',
};

const sum = (xs: number[]) => Math.round(xs.reduce((a, x) => a + x * 100, 0)) / 100;

/** Making Tax Digital for VAT (docs/product.md, "Filing VAT returns with HMRC"). */
export function VatScreen() {
  const status = useMtdStatus();
  const [params] = useSearchParams();
  const outcome = params.get('hmrc');
  const connected = status.data?.connected ?? false;
  const obligations = useObligations(connected);
  const returns = useVatReturns(connected);
  const connect = useConnect();
  const disconnect = useDisconnect();
  const [periodKey, setPeriodKey] = useState<string | null>(null);

  if (status.isPending) return <Skeleton className="h-40" />;
  // An office or engineer member reaching /vat by its address: the API's 403 in its words.
  if (status.isError) return <p role="alert">{errorMessage(status.error, 'Could not read the HMRC connection')}</p>;
  const s = status.data;
  return (
    <div>
      <PageHeader title="VAT" subtitle="File VAT returns with HMRC (Making Tax Digital)" />
      {outcome && OUTCOMES[outcome] && (
        <p role="status" className="mb-4 rounded border border-slate-200 bg-slate-50 p-3 text-sm">
          {OUTCOMES[outcome]}
        </p>
      )}
      <Card className="mb-6 p-4">
        <h2 className="text-lg font-semibold">HMRC connection</h2>
        {!s?.configured ? (
          <p className="mt-2 text-sm">
            Filing with HMRC is not set up on this server. Set HMRC_CLIENT_ID, HMRC_CLIENT_SECRET and SECRETS_KEY (see the README, “Filing VAT returns with
            HMRC”).
          </p>
        ) : connected ? (
          <div className="mt-2 flex flex-wrap items-center gap-4 text-sm">
            <span>
              Connected for VAT number {s.vrn}
              {s.connectedAt ? ` since ${formatDateTime(s.connectedAt)}` : ''}.
            </span>
            <Button variant="outline" onClick={() => disconnect.mutate(undefined, { onError: (e) => toastError(errorMessage(e, 'Could not disconnect')) })}>
              Disconnect
            </Button>
          </div>
        ) : (
          <div className="mt-2 flex flex-wrap items-center gap-4 text-sm">
            <span>{s.vrn ? `Not connected. VAT number ${s.vrn}.` : 'Not connected. Add a valid VAT number in Settings first.'}</span>
            <Button onClick={() => connect.mutate(undefined, { onError: (e) => toastError(errorMessage(e, 'Could not connect to HMRC')) })}>
              Connect to HMRC
            </Button>
          </div>
        )}
      </Card>
      {connected && (
        <section aria-labelledby="obligations-heading" className="mb-6">
          <h2 id="obligations-heading" className="mb-2 text-lg font-semibold">
            Obligations
          </h2>
          {obligations.isPending ? (
            <Skeleton className="h-20" />
          ) : obligations.isError ? (
            <p role="alert">{errorMessage(obligations.error, 'Could not read obligations from HMRC')}</p>
          ) : obligations.data.length === 0 ? (
            <p>HMRC lists no obligations.</p>
          ) : (
            <ul className="space-y-2">
              {obligations.data.map((o) => (
                <li key={o.periodKey} className="flex flex-wrap items-center justify-between gap-2 rounded border border-slate-200 p-3">
                  <span>{obligationLabel(o)}</span>
                  {o.status === 'O' && (
                    <Button variant="outline" onClick={() => setPeriodKey(o.periodKey)} aria-label={`Open ${periodLabel(o)}`}>
                      Open
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {connected && periodKey && <ReturnPreview key={periodKey} periodKey={periodKey} onDone={() => setPeriodKey(null)} />}
      {connected && <FiledReturns returns={returns.data ?? []} obligations={obligations.data ?? []} />}
      {connected && <HmrcAccount />}
    </div>
  );
}

function ReturnPreview({ periodKey, onDone }: { periodKey: string; onDone: () => void }) {
  const preview = useVatPreview(periodKey);
  const submit = useSubmitReturn();
  const [declared, setDeclared] = useState(false);
  const [open, setOpen] = useState<TBox | null>(null);
  if (preview.isPending) return <Skeleton className="h-60" />;
  if (preview.isError) return <p role="alert">{errorMessage(preview.error, 'Could not build the return')}</p>;
  const p = preview.data;
  const values = boxValues(p.body);
  const corrections = p.documents.filter((d) => d.corrects);
  return (
    <Card className="mb-6 p-4">
      <h2 className="text-lg font-semibold">VAT return for {periodLabel(p.obligation)}</h2>
      <p className="mb-3 text-sm text-slate-600">{p.basis === 'cash' ? 'Cash' : 'Invoice'} basis. Boxes 4 and 7 are your expenses in the period.</p>
      {corrections.length > 0 && (
        <p className="mb-3 rounded border border-amber-200 bg-amber-50 p-2 text-sm">
          Includes corrections to returns already filed: {corrections.length === 1 ? 'one credit note' : `${corrections.length} credit notes`}, net{' '}
          {formatMoney(sum(corrections.map((d) => d.net)))}, VAT {formatMoney(sum(corrections.map((d) => d.vatAmount)))}.
        </p>
      )}
      <table className="w-full text-sm">
        <tbody>
          {BOXES.map((box) => {
            const docs = p.documents.filter((d) => d.boxes.includes(box));
            return (
              <tr key={box} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-2 text-left font-normal">
                  {docs.length ? (
                    <button type="button" className="underline" aria-expanded={open === box} onClick={() => setOpen(open === box ? null : box)}>
                      {BOX_NAMES[box]}
                    </button>
                  ) : (
                    BOX_NAMES[box]
                  )}
                  {open === box && (
                    <ul aria-label={`Documents behind ${BOX_NAMES[box]}`} className="mt-2 space-y-1 text-slate-600">
                      {docs.map((d) => (
                        <li key={`${d.kind}-${d.id}-${d.vat}`}>
                          {d.number} {formatDate(d.date)} {d.clientName}: net {formatMoney(d.net)}, VAT {formatMoney(d.vatAmount)}
                          {d.corrects && (
                            <span className="text-amber-800">
                              {' '}
                              (correction to {periodLabel({ start: d.corrects.periodStart, end: d.corrects.periodEnd })}, already filed)
                            </span>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                </th>
                <td className="py-2 text-right tabular-nums">{formatMoney(values[box])}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {p.submitted ? (
        <p className="mt-4 text-sm">This period was submitted on {formatDateTime(p.submitted.submittedAt)}.</p>
      ) : (
        <form
          className="mt-4 space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit.mutate(periodKey, { onSuccess: onDone, onError: (err) => toastError(errorMessage(err, 'The return was not submitted')) });
          }}
        >
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" checked={declared} onChange={(e) => setDeclared(e.target.checked)} className="mt-1" />
            <span>{MTD_DECLARATION}</span>
          </label>
          <Button type="submit" disabled={!declared || submit.isPending}>
            Submit return to HMRC
          </Button>
        </form>
      )}
    </Card>
  );
}
