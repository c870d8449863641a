import { Plus } from 'lucide-react';
import { useState } from 'react';
import { EXPENSE_CATEGORIES, expenseVatLabel } from '@docket/schemas/expense';
import type { TBankRule } from '@docket/schemas/bank';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/format';
import { toastError, toastSuccess } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useDeleteBankRule } from '../api/delete-bank-rule';
import { useBankRules } from '../api/get-bank-rules';

/** The saved rules, each with a labelled Delete; 'Add rule' opens the rule dialog. */
export function RulesSection({ canWrite, onAdd }: { canWrite: boolean; onAdd: () => void }) {
  const rules = useBankRules();
  const remove = useDeleteBankRule();
  const [toDelete, setToDelete] = useState<TBankRule | null>(null);
  async function confirmDelete() {
    if (!toDelete) return;
    const rule = toDelete;
    setToDelete(null);
    try {
      await remove.mutateAsync(rule.id);
      toastSuccess(`Rule ${rule.match} deleted`);
    } catch (e) {
      toastError(errorMessage(e, 'The rule could not be deleted'));
    }
  }
  return (
    <section aria-labelledby="rules-heading" className="mt-8">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
          Saved rules
        </h2>
        {canWrite && (
          <Button variant="outline" className="h-11" onClick={onAdd}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            Add rule
          </Button>
        )}
      </div>
      {(rules.data ?? []).length === 0 ? (
        <p className="text-sm text-slate-600">No rules yet. A rule turns the same card payment into the same expense every time a statement is imported.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Saved rules">
          {rules.data!.map((r) => (
            <li key={r.id}>
              <Card className="flex items-center justify-between gap-3 p-4">
                <div className="min-w-0 text-sm">
                  <p className="font-semibold text-slate-900">
                    “{r.match}”{r.amount !== null ? ` at ${formatMoney(r.amount)}` : ''}
                  </p>
                  <p className="text-slate-600">
                    {r.supplier} · {EXPENSE_CATEGORIES[r.category].name} · {expenseVatLabel(r.vat)}
                  </p>
                </div>
                {canWrite && (
                  <Button variant="outline" className="h-11 text-red-700" onClick={() => setToDelete(r)} aria-label={`Delete rule ${r.match}`}>
                    Delete
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(o) => !o && setToDelete(null)}
        description="Delete this rule? Lines it already explained stay explained."
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
