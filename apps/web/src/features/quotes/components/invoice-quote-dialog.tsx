import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { TQuote } from '@docket/schemas/document';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useConvertQuoteToInvoice } from '../api/convert-quote-to-invoice';
import { useInvoiceQuoteInStages } from '../api/invoice-quote-in-stages';

type TChoice = 'DEPOSIT' | 'STAGE' | 'FINAL' | 'FULL';
const CHOICES: { value: TChoice; label: string; hint: string }[] = [
  { value: 'DEPOSIT', label: 'Deposit', hint: 'A percent or an amount of the quote, up front' },
  { value: 'STAGE', label: 'Stage payment', hint: 'A percent or an amount as the work goes on' },
  { value: 'FINAL', label: 'Final invoice', hint: 'The quote, less every invoice raised before' },
  { value: 'FULL', label: 'Full invoice', hint: 'The whole quote on one invoice' },
];

interface InvoiceQuoteDialogProps {
  quote: TQuote | null;
  currencySymbol: string;
  onClose: () => void;
}

/** "Invoice…" on an approved quote: deposit, stage, final or full (docs/product.md, "Invoicing a quote in stages"). */
export function InvoiceQuoteDialog({ quote, currencySymbol, onClose }: InvoiceQuoteDialogProps) {
  const id = useId();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<TChoice>('DEPOSIT');
  const [by, setBy] = useState<'percent' | 'amount'>('percent');
  const [value, setValue] = useState('');
  const stages = useInvoiceQuoteInStages();
  const full = useConvertQuoteToInvoice();
  const started = (quote?.invoices.filter((i) => i.status !== 'VOID').length ?? 0) > 0;
  const choices = CHOICES.filter((c) => c.value !== 'FULL' || !started);
  const share = choice === 'DEPOSIT' || choice === 'STAGE';

  const close = () => {
    setChoice('DEPOSIT');
    setBy('percent');
    setValue('');
    onClose();
  };

  async function submit() {
    if (!quote) return;
    try {
      // No due date: the server's payment terms (the client's, else the company's) set it (docs/product.md, "Payment terms").
      const number = Number(value);
      const made =
        choice === 'FULL'
          ? await full.mutateAsync({ quoteId: quote.id })
          : await stages.mutateAsync({
              quoteId: quote.id,
              body: share ? { type: choice, ...(by === 'percent' ? { percent: number } : { amount: number }) } : { type: 'FINAL' },
            });
      // The whole quote on one invoice is the original conversion: its toast keeps the original words.
      toastSuccess(
        choice === 'FULL'
          ? 'Invoice created from quote'
          : made.invoiceNumber
            ? `Invoice ${made.invoiceNumber} created from ${quote.quoteNumber}`
            : `Draft invoice created from ${quote.quoteNumber}`,
      );
      close();
      navigate(`/invoices/${made.id}`);
    } catch (err) {
      toastError(errorMessage(err, 'Failed to create invoice from quote'));
    }
  }

  return (
    <Dialog open={quote !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent
        title={`Invoice quote ${quote?.quoteNumber ?? ''}`}
        description={
          quote
            ? `Invoiced ${formatMoney(quote.invoicedAmount, currencySymbol)} of ${formatMoney(quote.total, currencySymbol)}; ${formatMoney(quote.remainingAmount, currencySymbol)} left.`
            : undefined
        }
      >
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-700">What to invoice</legend>
            {choices.map((c) => (
              <label key={c.value} className="flex items-start gap-2 text-sm">
                <input type="radio" name={`${id}-type`} className="mt-1" checked={choice === c.value} onChange={() => setChoice(c.value)} />
                <span>
                  <span className="font-medium text-slate-900">{c.label}</span>
                  <span className="block text-slate-500">{c.hint}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {share && (
            <div className="grid grid-cols-2 gap-3">
              <div>
                <Label htmlFor={`${id}-by`}>By</Label>
                <select
                  id={`${id}-by`}
                  className="h-10 w-full rounded-md border border-slate-300 px-2 text-sm"
                  value={by}
                  onChange={(e) => setBy(e.target.value as 'percent' | 'amount')}
                >
                  <option value="percent">Percent of the quote</option>
                  <option value="amount">Amount including VAT</option>
                </select>
              </div>
              <div>
                <Label htmlFor={`${id}-value`}>{by === 'percent' ? 'Percent' : `Amount (${currencySymbol})`}</Label>
                <Input id={`${id}-value`} type="number" inputMode="decimal" min={0} step="0.01" value={value} onChange={(e) => setValue(e.target.value)} />
              </div>
            </div>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" disabled={stages.isPending || full.isPending || (share && value.trim() === '')}>
              Create invoice
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
