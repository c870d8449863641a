import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { COMPACT_ROW_GRID } from './sort-header';

export interface TRowAction {
  label: string;
  /** names the action for screen readers when the label alone is ambiguous in a list */
  ariaLabel?: string;
  onClick: () => void;
  disabled?: boolean;
}

interface DocumentRowProps {
  /** the document's page */
  to: string;
  /** Prefix of the heading's id, e.g. `quote-${id}`: the row is named by the document number. */
  idPrefix: string;
  number: string;
  clientName: string | undefined;
  date: ReactNode;
  status: ReactNode;
  /** the amount due (or a quote's total), formatted */
  amount: string;
  /** 'Amount due', 'Total': read before the amount by screen readers */
  amountLabel: string;
  /** under the amount: 'of £2,112.35' where the total differs, 'Invoiced £300.00' */
  amountNote?: ReactNode;
  /** at most one inline action; everything else is on the document's page */
  action?: TRowAction;
  /** wide screens: one grid row under the sort heads */
  compact: boolean;
}

/**
 * A list row (docs/product.md, "Document lists"): number, client, date, status, amount due; the
 * whole row opens the document's page, and at most one action sits beside it.
 */
export function DocumentRow({ to, idPrefix, number, clientName, date, status, amount, amountLabel, amountNote, action, compact }: DocumentRowProps) {
  const titleId = `${idPrefix}-title`;
  // The number is the row's link; its ::after covers the row so a tap anywhere opens the page.
  const title = (
    <h2 id={titleId} className="truncate text-sm font-semibold text-slate-900">
      <Link
        to={to}
        className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none after:focus-visible:rounded-lg after:focus-visible:outline-2 after:focus-visible:outline-brand-600"
      >
        {number}
      </Link>
    </h2>
  );
  const money = (
    <div className="text-right leading-tight">
      <p className="whitespace-nowrap text-sm font-semibold tabular-nums text-slate-900">
        <span className="sr-only">{amountLabel} </span>
        {amount}
      </p>
      {amountNote && <p className="whitespace-nowrap text-xs text-slate-500">{amountNote}</p>}
    </div>
  );
  const button = action && (
    <Button variant="outline" size="sm" className="relative z-10" aria-label={action.ariaLabel} disabled={action.disabled} onClick={action.onClick}>
      {action.label}
    </Button>
  );
  if (compact) {
    return (
      <article aria-labelledby={titleId} className={cn(COMPACT_ROW_GRID, 'relative px-4 py-2.5 hover:bg-slate-50')}>
        {title}
        <p className="truncate text-sm text-slate-700" title={clientName}>
          {clientName}
        </p>
        <p className="truncate text-sm text-slate-600">{date}</p>
        <div className="min-w-0">{status}</div>
        {money}
        <div className="flex justify-end">{button}</div>
      </article>
    );
  }
  return (
    <article aria-labelledby={titleId} className="relative flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm hover:bg-slate-50">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {title}
          <p className="truncate text-sm text-slate-700">{clientName}</p>
          <p className="text-xs text-slate-500">{date}</p>
        </div>
        {money}
      </div>
      <div className="flex items-center justify-between gap-3">
        {status}
        {button}
      </div>
    </article>
  );
}
