import type { TBankLine } from '@docket/schemas/bank';
import { formatDate, formatMoney } from '@/lib/format';
import { cn } from '@/lib/cn';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { explanationText } from './line-text';

export type TLineAction =
  | { kind: 'match'; line: TBankLine; suggestion: TBankLine['suggestions'][number] }
  | { kind: 'split'; line: TBankLine }
  | { kind: 'simple'; line: TBankLine; type: 'OTHER_INCOME' | 'TRANSFER' | 'DRAWINGS' | 'REFUND' | 'TAX' }
  | { kind: 'expense'; line: TBankLine }
  | { kind: 'undo'; line: TBankLine }
  | { kind: 'rule'; line: TBankLine | null };

const pct = (c: number) => `${Math.round(c * 100)}%`;

/**
 * One statement line with what can be done with it, every choice a labelled button that opens a
 * confirmation (nothing is recorded from here directly).
 */
export function LineCard({ line, onAction, readOnly = false }: { line: TBankLine; onAction: (a: TLineAction) => void; readOnly?: boolean }) {
  const moneyIn = line.amount > 0;
  return (
    <Card className={cn('flex flex-col gap-3 p-4', !line.explained && 'border-l-4 border-l-amber-400')}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="break-words font-medium text-slate-900">{line.description}</p>
          <p className="text-sm text-slate-500">{formatDate(line.date)}</p>
        </div>
        <p className={cn('whitespace-nowrap text-lg font-semibold tabular-nums', moneyIn ? 'text-green-700' : 'text-slate-900')}>
          {moneyIn ? '+' : '−'}
          {formatMoney(Math.abs(line.amount))}
        </p>
      </div>
      {readOnly ? (
        <div className="flex flex-wrap gap-2">
          {line.explained ? (
            <Badge tone="green">{explanationText(line)}</Badge>
          ) : (
            line.suggestions.map((s) => (
              <Badge key={s.invoiceId} tone="gray">
                Maybe {s.invoiceNumber} ({pct(s.confidence)} sure)
              </Badge>
            ))
          )}
        </div>
      ) : line.explained ? (
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="green">{explanationText(line)}</Badge>
          <div className="ml-auto flex flex-wrap gap-2">
            {line.explanation?.type === 'EXPENSE' && typeof line.explanation.rule !== 'string' && (
              <Button variant="outline" className="h-11" onClick={() => onAction({ kind: 'rule', line })}>
                Save as rule
              </Button>
            )}
            <Button variant="outline" className="h-11" onClick={() => onAction({ kind: 'undo', line })}>
              Undo
            </Button>
          </div>
        </div>
      ) : moneyIn ? (
        <div className="space-y-2">
          {line.suggestions.length > 0 && (
            <ul className="space-y-2" aria-label="Suggested invoices">
              {line.suggestions.map((s) => (
                <li key={s.invoiceId}>
                  <Button
                    variant="secondary"
                    className="h-auto min-h-11 w-full justify-between py-2 text-left"
                    onClick={() => onAction({ kind: 'match', line, suggestion: s })}
                  >
                    <span>
                      Match {s.invoiceNumber} ({formatMoney(s.amount)} due)
                    </span>
                    <Badge tone={s.confidence >= 0.8 ? 'green' : s.confidence >= 0.5 ? 'yellow' : 'gray'}>{pct(s.confidence)} sure</Badge>
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
            <Button variant="outline" className="col-span-2 h-11" onClick={() => onAction({ kind: 'split', line })}>
              Split across invoices
            </Button>
            <Button variant="outline" className="h-11" onClick={() => onAction({ kind: 'simple', line, type: 'OTHER_INCOME' })}>
              Other income
            </Button>
            <Button variant="outline" className="h-11" onClick={() => onAction({ kind: 'simple', line, type: 'TRANSFER' })}>
              Transfer in
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <Button className="col-span-2 h-11" onClick={() => onAction({ kind: 'expense', line })}>
            Make an expense
          </Button>
          <Button variant="outline" className="h-11" onClick={() => onAction({ kind: 'simple', line, type: 'TRANSFER' })}>
            Transfer out
          </Button>
          <Button variant="outline" className="h-11" onClick={() => onAction({ kind: 'simple', line, type: 'DRAWINGS' })}>
            Drawings
          </Button>
          <Button variant="outline" className="h-11" onClick={() => onAction({ kind: 'simple', line, type: 'REFUND' })}>
            Refund
          </Button>
          <Button variant="outline" className="h-11" onClick={() => onAction({ kind: 'simple', line, type: 'TAX' })}>
            Tax
          </Button>
        </div>
      )}
    </Card>
  );
}
