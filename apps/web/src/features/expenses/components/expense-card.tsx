import { EXPENSE_CATEGORIES, expenseVatLabel, type TExpense } from '@docket/schemas/expense';
import { formatDate, formatMoney } from '@/lib/format';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

interface ExpenseCardProps {
  expense: TExpense;
  onEdit: () => void;
  onDelete: () => void;
  onReceipt: () => void;
}

/** One expense in the list: supplier, total, heading, VAT; labelled buttons, big enough for a thumb. */
export function ExpenseCard({ expense, onEdit, onDelete, onReceipt }: ExpenseCardProps) {
  return (
    <Card className="flex h-full flex-col gap-2 p-4">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-semibold text-slate-900">{expense.supplier}</p>
          <p className="text-sm text-slate-500">{formatDate(expense.date)}</p>
        </div>
        <p className="text-lg font-semibold tabular-nums text-slate-900">{formatMoney(expense.total)}</p>
      </div>
      <div className="flex flex-wrap gap-1">
        <Badge tone={expense.allowable ? 'gray' : 'yellow'}>{EXPENSE_CATEGORIES[expense.category].name}</Badge>
        <Badge tone="blue">
          {expenseVatLabel(expense.vat)}
          {expense.vatAmount > 0 ? ` · ${formatMoney(expense.vatAmount)}` : ''}
        </Badge>
        {!expense.receipt && <Badge tone="yellow">No receipt</Badge>}
      </div>
      {expense.description && <p className="line-clamp-2 text-sm text-slate-600">{expense.description}</p>}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {expense.receipt && (
          <Button variant="outline" className="h-11" onClick={onReceipt} aria-label={`View receipt for ${expense.supplier}`}>
            View receipt
          </Button>
        )}
        <Button variant="outline" className="h-11" onClick={onEdit} aria-label={`Edit ${expense.supplier} expense`}>
          Edit
        </Button>
        <Button variant="outline" className="h-11 text-red-700" onClick={onDelete} aria-label={`Delete ${expense.supplier} expense`}>
          Delete
        </Button>
      </div>
    </Card>
  );
}
