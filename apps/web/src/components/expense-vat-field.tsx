import type { UseFormRegisterReturn } from 'react-hook-form';
import { EXPENSE_VAT_CHOICES, expenseFromTotal, isReverseChargeExpense, type TExpenseVat } from '@docket/schemas/expense';
import { formatMoney } from '@/lib/format';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

/** What the VAT choice makes of a total (pounds, as paid): the net and the VAT to reclaim. */
export function vatSplitText(total: number, vat: TExpenseVat): string {
  if (!Number.isFinite(total) || total <= 0) return '';
  const { net, vatAmount } = expenseFromTotal(Math.round(total * 100), vat);
  if (isReverseChargeExpense(vat)) return `Net ${formatMoney(net)}: you account for the VAT on both sides of the return`;
  return vatAmount === null ? `Net ${formatMoney(net)}, no VAT to reclaim` : `Net ${formatMoney(net)} + VAT ${formatMoney(vatAmount)} to reclaim`;
}

interface ExpenseVatFieldProps {
  /** form.register('vat') */
  registration: UseFormRegisterReturn;
  error?: string;
  /** with the total and the chosen VAT, the hint says what they make (net, VAT to reclaim); a rule has no total */
  split?: { total: number; vat: TExpenseVat };
  /** the control's height, as the form's other fields */
  className?: string;
}

/**
 * An expense's VAT (docs/product.md, "Expenses"): the same choices wherever an expense is written,
 * on the expense form, when a bank line is made an expense, and in a bank rule.
 */
export function ExpenseVatField({ registration, error, split, className = 'h-11' }: ExpenseVatFieldProps) {
  return (
    <FormField label="VAT" required error={error} hint={split ? vatSplitText(split.total, split.vat) || undefined : undefined}>
      <Select className={className} {...registration}>
        {EXPENSE_VAT_CHOICES.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
