import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { TBankLine } from '@docket/schemas/bank';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_CODES, ZExpenseEntry, type TExpenseEntry, type TExpenseVat } from '@docket/schemas/expense';
import { formatDate, formatMoney } from '@/lib/format';
import { errorMessage } from '@/lib/api-client';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ExpenseVatField } from '@/components/expense-vat-field';
import { matchGuess, supplierGuess } from './line-text';

export interface TExpenseFromLine {
  entry: TExpenseEntry;
  /** the rule to save with it, when the user ticks the box */
  rule: { match: string; supplier: string; category: TExpenseEntry['category']; vat: TExpenseVat } | null;
}

interface Props {
  line: TBankLine | null;
  onClose: () => void;
  onConfirm: (line: TBankLine, made: TExpenseFromLine) => Promise<void>;
}

/** Money out made an expense, prefilled from the line: the total is what left the bank. */
export function ExpenseDialog({ line, onClose, onConfirm }: Props) {
  if (!line) return null;
  return <ExpenseDialogForm line={line} onClose={onClose} onConfirm={onConfirm} />;
}

function ExpenseDialogForm({ line, onClose, onConfirm }: Props & { line: TBankLine }) {
  const errorId = useId();
  const total = -line.amount;
  const form = useForm({
    resolver: zodResolver(ZExpenseEntry),
    defaultValues: {
      date: line.date,
      supplier: supplierGuess(line.description),
      description: line.description.slice(0, 2000),
      category: 'COST_OF_GOODS',
      vat: 'STANDARD',
      paidFrom: 'BANK',
      total,
    },
  });
  const [saveRule, setSaveRule] = useState(false);
  const [match, setMatch] = useState(matchGuess(line.description));
  const [error, setError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const vat = useWatch({ control: form.control, name: 'vat' });

  const submit = form.handleSubmit(async (entry) => {
    setError(null);
    if (saveRule && !match.trim()) return setError('Say what text the rule looks for');
    try {
      await onConfirm(line, { entry, rule: saveRule ? { match: match.trim(), supplier: entry.supplier, category: entry.category, vat: entry.vat } : null });
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'The expense could not be saved'));
    }
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title="Make an expense" description={`${formatMoney(total)} out on ${formatDate(line.date)}: "${line.description}"`}>
        <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Save expense" busy={isSubmitting} error={error} errorId={errorId}>
          <FormField label="Supplier" required error={errors.supplier?.message}>
            <Input className="h-11" {...form.register('supplier')} />
          </FormField>
          <FormField label="Category" required error={errors.category?.message}>
            <Select className="h-11" {...form.register('category')}>
              {EXPENSE_CATEGORY_CODES.map((c) => (
                <option key={c} value={c}>
                  {EXPENSE_CATEGORIES[c].name}
                </option>
              ))}
            </Select>
          </FormField>
          <ExpenseVatField registration={form.register('vat')} error={errors.vat?.message} split={{ total, vat }} />
          <div className="rounded-md border border-slate-200 p-3">
            <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800">
              <input type="checkbox" className="h-5 w-5" checked={saveRule} onChange={(e) => setSaveRule(e.target.checked)} />
              Save as a rule for next time
            </label>
            {saveRule && (
              <FormField label="Lines whose description contains" hint="Any case. Future imports make these lines this expense by themselves.">
                <Input className="h-11" value={match} maxLength={100} onChange={(e) => setMatch(e.target.value)} />
              </FormField>
            )}
          </div>
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
