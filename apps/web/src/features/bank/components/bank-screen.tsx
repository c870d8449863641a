import { Banknote, Plus, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { expenseEntryToRequest, ZExpenseEntry } from '@docket/schemas/expense';
import type { TBankLine } from '@docket/schemas/bank';
import { errorMessage } from '@/lib/api-client';
import { useBankAccounts } from '@/lib/queries/bank-accounts';
import { useRole } from '@/lib/role';
import { toastError, toastSuccess } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/ui/load-error';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreateBankAccount } from '../api/create-bank-account';
import { useCreateBankRule } from '../api/create-bank-rule';
import { useExplainLine } from '../api/explain-line';
import { useBankLines } from '../api/get-bank-lines';
import { useImportStatement } from '../api/import-statement';
import { useUndoExplanation } from '../api/undo-explanation';
import { AccountDialog } from './account-dialog';
import { ConfirmExplainDialog } from './confirm-explain-dialog';
import { ExpenseDialog } from './expense-dialog';
import { ImportDialog } from './import-dialog';
import { LineCard, type TLineAction } from './line-card';
import { RuleDialog } from './rule-dialog';
import { RulesSection } from './rules-section';
import { SplitDialog } from './split-dialog';

/**
 * Bank and reconciliation (docs/product.md, "Reconciliation"): the account, its lines still to
 * explain first, then those explained, then the saved rules. Every choice opens a confirmation.
 */
export function BankScreen() {
  const id = useId();
  const { can } = useRole();
  const canWrite = can('write');
  const accounts = useBankAccounts();
  const [chosen, setChosen] = useState<string | null>(null);
  const account = accounts.data?.find((a) => a.id === chosen) ?? accounts.data?.[0] ?? null;
  const lines = useBankLines(account?.id ?? null);
  const [action, setAction] = useState<TLineAction | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const createAccount = useCreateBankAccount();
  const importStatement = useImportStatement();
  const explain = useExplainLine();
  const undo = useUndoExplanation();
  const createRule = useCreateBankRule();

  const all = lines.data ?? [];
  const open = all.filter((l) => !l.explained);
  const done = all.filter((l) => l.explained).reverse();
  const close = () => setAction(null);

  const lineCards = (list: TBankLine[], label: string) => (
    <ul className="space-y-3" aria-label={label}>
      {list.map((l) => (
        <li key={l.id}>
          <LineCard line={l} onAction={setAction} readOnly={!canWrite} />
        </li>
      ))}
    </ul>
  );

  return (
    <div>
      <PageHeader
        title="Bank"
        subtitle="Import statements and explain each line: invoice payments, expenses and the rest"
        actions={
          canWrite && (
            <>
              <Button variant="outline" className="h-11" onClick={() => setAdding(true)}>
                <Plus aria-hidden="true" className="h-4 w-4" />
                Add bank account
              </Button>
              {account && (
                <Button className="h-11" onClick={() => setImporting(true)}>
                  <Upload aria-hidden="true" className="h-4 w-4" />
                  Import statement
                </Button>
              )}
            </>
          )
        }
      />
      {accounts.isPending ? (
        <Skeleton className="h-24" />
      ) : accounts.isError ? (
        <LoadError message="Failed to load bank accounts" onRetry={() => void accounts.refetch()} />
      ) : !account ? (
        <EmptyState icon={<Banknote className="h-10 w-10" />} message="No bank accounts yet. Add one, then import a statement (OFX or CSV) from your bank." />
      ) : (
        <>
          {accounts.data!.length > 1 && (
            <div className="mb-4 sm:w-80">
              <Label htmlFor={`${id}-account`}>Bank account</Label>
              <Select id={`${id}-account`} className="h-11" value={account.id} onChange={(e) => setChosen(e.target.value)}>
                {accounts.data!.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.name} ({a.unexplained} to explain)
                  </option>
                ))}
              </Select>
            </div>
          )}
          <section aria-labelledby={`${id}-open`}>
            <h2 id={`${id}-open`} className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
              To explain <Badge tone={open.length ? 'yellow' : 'green'}>{open.length}</Badge>
            </h2>
            {lines.isPending ? (
              <Skeleton className="h-32" />
            ) : lines.isError ? (
              <LoadError message="Failed to load the statement lines" onRetry={() => void lines.refetch()} />
            ) : open.length === 0 ? (
              <p className="rounded-md bg-green-50 p-4 text-sm text-green-800">
                {all.length ? 'Every line is explained.' : 'No lines yet: import a statement.'}
              </p>
            ) : (
              lineCards(open, 'Lines to explain')
            )}
          </section>
          {done.length > 0 && (
            <section aria-labelledby={`${id}-done`} className="mt-8">
              <h2 id={`${id}-done`} className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900">
                Explained <Badge tone="green">{done.length}</Badge>
              </h2>
              {lineCards(done, 'Explained lines')}
            </section>
          )}
        </>
      )}
      <RulesSection canWrite={canWrite} onAdd={() => setAction({ kind: 'rule', line: null })} />

      <AccountDialog
        open={adding}
        onClose={() => setAdding(false)}
        onSave={async (body) => {
          const made = await createAccount.mutateAsync(body);
          setChosen(made.id);
          toastSuccess(`${made.name} added`);
        }}
      />
      <ImportDialog
        key={account?.id ?? 'none'}
        account={importing ? account : null}
        onClose={() => setImporting(false)}
        onImport={async (upload) => {
          const r = await importStatement.mutateAsync(upload);
          toastSuccess(
            `${r.imported} lines imported${r.duplicates ? `, ${r.duplicates} already there` : ''}${r.byRules ? `, ${r.byRules} explained by your rules` : ''}`,
          );
        }}
      />
      <ConfirmExplainDialog
        action={action && (action.kind === 'match' || action.kind === 'simple' || action.kind === 'undo') ? action : null}
        onClose={close}
        onConfirm={async (a, note) => {
          if (a.kind === 'undo') {
            await undo.mutateAsync(a.line.id);
            toastSuccess('Explanation undone');
            return;
          }
          const body =
            a.kind === 'match'
              ? { type: 'INVOICE_PAYMENT' as const, allocations: [{ invoiceId: a.suggestion.invoiceId, amount: a.line.amount }] }
              : { type: a.type, note: note.trim() || null };
          await explain.mutateAsync({ lineId: a.line.id, body });
          toastSuccess(a.kind === 'match' ? `Payment recorded on ${a.suggestion.invoiceNumber}` : 'Line explained');
        }}
      />
      <SplitDialog
        line={action?.kind === 'split' ? action.line : null}
        onClose={close}
        onConfirm={async (line, allocations) => {
          await explain.mutateAsync({ lineId: line.id, body: { type: 'INVOICE_PAYMENT', allocations } });
          toastSuccess(`Payment split across ${allocations.length} invoices`);
        }}
      />
      <ExpenseDialog
        line={action?.kind === 'expense' ? action.line : null}
        onClose={close}
        onConfirm={async (line, made) => {
          await explain.mutateAsync({ lineId: line.id, body: { type: 'EXPENSE', expense: expenseEntryToRequest(ZExpenseEntry.parse(made.entry)) } });
          if (made.rule) {
            try {
              await createRule.mutateAsync(made.rule);
            } catch (e) {
              toastError(errorMessage(e, 'The expense is saved, but the rule could not be'));
              return;
            }
          }
          toastSuccess(made.rule ? `Expense saved, and rule ${made.rule.match} too` : 'Expense saved');
        }}
      />
      <RuleDialog
        open={action?.kind === 'rule'}
        line={action?.kind === 'rule' ? action.line : null}
        onClose={close}
        onSave={async (rule) => {
          await createRule.mutateAsync(rule);
          toastSuccess(`Rule ${rule.match} saved`);
        }}
      />
    </div>
  );
}
