import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ZBankRuleRequest, type TBankLine, type TBankRuleRequest } from '@docket/schemas/bank';
import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_CODES } from '@docket/schemas/expense';
import { errorMessage } from '@/lib/api-client';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ExpenseVatField } from '@/components/expense-vat-field';
import { matchGuess, supplierGuess } from './line-text';

interface Props {
  open: boolean;
  /** prefills the rule from an explained line */
  line: TBankLine | null;
  onClose: () => void;
  onSave: (rule: TBankRuleRequest) => Promise<void>;
}

/** A saved rule: "lines containing SCREWFIX are Materials, 20% VAT, from Screwfix". Rules from ZBankRuleRequest. */
export function RuleDialog({ open, line, onClose, onSave }: Props) {
  if (!open) return null;
  return <RuleForm line={line} onClose={onClose} onSave={onSave} />;
}

function RuleForm({ line, onClose, onSave }: Omit<Props, 'open'>) {
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  // The optional amount is kept as typed; blank is 'any amount', anything else must pass the schema's amount rule.
  const [amount, setAmount] = useState('');
  const amountCheck = ZBankRuleRequest.shape.amount.safeParse(amount.trim() === '' ? null : Number(amount));
  const [amountError, setAmountError] = useState<string | undefined>();
  const form = useForm({
    resolver: zodResolver(ZBankRuleRequest),
    defaultValues: {
      match: line ? matchGuess(line.description) : '',
      amount: null,
      supplier: line ? supplierGuess(line.description) : '',
      category: 'COST_OF_GOODS',
      vat: 'STANDARD',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setAmountError(amountCheck.success ? undefined : amountCheck.error.issues[0]?.message);
    if (!amountCheck.success) return;
    try {
      await onSave({ ...values, amount: amountCheck.data ?? null });
      onClose();
    } catch (e) {
      setError(errorMessage(e, 'The rule could not be saved'));
    }
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        title="Save a rule"
        description="Money-out lines whose description contains the text (and whose amount matches, when you give one) become this expense when a statement is imported."
      >
        <DialogForm onSubmit={submit} onCancel={onClose} submitLabel="Save rule" busy={isSubmitting} error={error} errorId={errorId}>
          <FormField label="Description contains" required error={errors.match?.message}>
            <Input className="h-11" placeholder="SCREWFIX" {...form.register('match')} />
          </FormField>
          <FormField label="Only when the amount out is (£)" hint="Leave blank for any amount" error={amountError}>
            <Input type="number" inputMode="decimal" step="0.01" min="0" className="h-11" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </FormField>
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
          <ExpenseVatField registration={form.register('vat')} error={errors.vat?.message} />
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
