import { useId, useState } from 'react';
import type { TQuote } from '@docket/schemas/document';
import { DEPOSIT_MESSAGES, ZDepositRequest, type TDeposit } from '@docket/schemas/online-payment';
import { divRoundHalfUp, penceToPounds, percentToBasisPoints, poundsToPence } from '@docket/schemas/money';
import { errorMessage } from '@/lib/api-client';
import { useRole } from '@/lib/role';
import { formatMoney } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { DialogForm } from '@/components/ui/dialog-form';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useQuoteDeposit, useSetQuoteDeposit } from '../api/quote-deposit';

type Kind = 'none' | 'percent' | 'amount';

/** What a percent deposit comes to on the quote's total (half-up, as the deposit invoice computes it). */
const percentOf = (total: number, percent: number) =>
  penceToPounds(Number(divRoundHalfUp(BigInt(poundsToPence(total)) * BigInt(percentToBasisPoints(percent)), 10_000n)));

export function depositWords(deposit: TDeposit | undefined, total: number, symbol: string): string | null {
  if (!deposit) return null;
  if (deposit.percent !== null) return `${deposit.percent}% (${formatMoney(percentOf(total, deposit.percent), symbol)})`;
  if (deposit.amount !== null) return formatMoney(deposit.amount, symbol);
  return null;
}

/** The quote page's line: the deposit the customer is asked for when they accept (docs/product.md, "Payments from the link"). */
export function QuoteDepositLine({ quote, symbol }: { quote: TQuote; symbol: string }) {
  // Money: engineers do not read it (GET /quotes/{id}/deposit needs `read`).
  const deposit = useQuoteDeposit(quote.id, useRole().can('read'));
  const words = depositWords(deposit.data, quote.total, symbol);
  if (!words) return null;
  return (
    <p data-testid="quote-deposit" className="mt-4 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700">
      Asks for a deposit of {words} when the customer accepts.
    </p>
  );
}

/** "Deposit on acceptance…": none, a percent of the total or an amount (VAT included), while the quote is a draft or sent. */
export function QuoteDepositDialog({ quote, symbol, onClose }: { quote: TQuote | null; symbol: string; onClose: () => void }) {
  return (
    <Dialog open={quote !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Deposit on acceptance"
        description="Ask the customer for a deposit when they accept this quote on its link. The deposit invoice is issued at acceptance and can be paid online."
      >
        {quote && <DepositForm key={quote.id} quote={quote} symbol={symbol} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function DepositForm({ quote, symbol, onClose }: { quote: TQuote; symbol: string; onClose: () => void }) {
  const id = useId();
  const current = useQuoteDeposit(quote.id).data;
  const initial: Kind = current?.percent != null ? 'percent' : current?.amount != null ? 'amount' : 'none';
  const [kind, setKind] = useState<Kind>(initial);
  const [value, setValue] = useState(current?.percent != null ? String(current.percent) : current?.amount != null ? current.amount.toFixed(2) : '');
  const [error, setError] = useState<string | null>(null);
  const save = useSetQuoteDeposit();

  async function submit() {
    const body = kind === 'none' ? {} : { [kind]: Number(value) };
    const parsed = ZDepositRequest.safeParse(body);
    if ((kind !== 'none' && !value.trim()) || !parsed.success) {
      setError(
        parsed.success
          ? kind === 'percent'
            ? DEPOSIT_MESSAGES.percent
            : DEPOSIT_MESSAGES.amount
          : (parsed.error.issues[0]?.message ?? DEPOSIT_MESSAGES.amount),
      );
      return;
    }
    if (parsed.data.amount !== undefined && parsed.data.amount > quote.total) {
      setError(DEPOSIT_MESSAGES.overTotal);
      return;
    }
    try {
      await save.mutateAsync({ id: quote.id, body: parsed.data });
      toastSuccess(kind === 'none' ? 'No deposit asked for' : 'Deposit saved');
      onClose();
    } catch (err) {
      toastError(errorMessage(err, 'Failed to save the deposit'));
    }
  }

  const preview = kind === 'percent' && Number(value) > 0 && Number(value) <= 100 ? formatMoney(percentOf(quote.total, Number(value)), symbol) : null;
  return (
    <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Save deposit" busy={save.isPending} error={error} errorId={`${id}-error`}>
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Deposit</legend>
        <div className="flex flex-wrap gap-4 text-sm">
          {(
            [
              ['none', 'None'],
              ['percent', 'Percent of the total'],
              ['amount', `Amount (${symbol}, VAT included)`],
            ] as const
          ).map(([k, label]) => (
            <label key={k} className="flex items-center gap-2">
              <input
                type="radio"
                name={`${id}-kind`}
                value={k}
                checked={kind === k}
                onChange={() => {
                  setKind(k);
                  setError(null);
                }}
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
      {kind !== 'none' && (
        <div>
          <Label htmlFor={`${id}-value`}>{kind === 'percent' ? 'Deposit (%) *' : `Deposit (${symbol}) *`}</Label>
          <Input
            id={`${id}-value`}
            inputMode="decimal"
            value={value}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
          <p className="mt-1 text-xs text-slate-600">
            Quote total {formatMoney(quote.total, symbol)}
            {preview ? `: the deposit is ${preview}` : ''}
          </p>
        </div>
      )}
    </DialogForm>
  );
}
