import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { cn } from '@/lib/cn';

/** One grid for the head and every compact row, so the columns line up (number, client, date, status, amount, the one action). */
export const COMPACT_ROW_GRID = 'grid grid-cols-[6.5rem_minmax(0,1fr)_7rem_8.5rem_minmax(0,11rem)_9.5rem] items-center gap-3';

const COLUMNS = [
  { by: 'number', label: 'Number' },
  { by: 'client', label: 'Client' },
  { by: 'date', label: 'Date' },
  { by: 'total', label: 'Amount' },
] as const;

/** Date starts newest first, the others from the lowest; a second click reverses. */
const firstOrder = (by: string) => (by === 'date' ? 'desc' : 'asc');

/** The current order ('' is the default, newest first). */
function parse(sort: string): { by: string; order: string } {
  const [by = 'date', order] = (sort || 'date:desc').split(':');
  return { by, order: order ?? firstOrder(by) };
}

export function nextSort(sort: string, by: string): string {
  const current = parse(sort);
  const order = current.by === by ? (current.order === 'asc' ? 'desc' : 'asc') : firstOrder(by);
  return by === 'date' && order === 'desc' ? '' : `${by}:${order}`;
}

/**
 * Column heads of the compact document rows (wide screens), each a sort button: the API sorts,
 * so every page is in the chosen order, not just the rows already loaded.
 */
export function SortHeader({ sort, onSort }: { sort: string; onSort: (sort: string) => void }) {
  const current = parse(sort);
  const cell = (column: (typeof COLUMNS)[number], className?: string) => {
    const active = current.by === column.by;
    const Icon = !active ? ArrowUpDown : current.order === 'asc' ? ArrowUp : ArrowDown;
    return (
      <button
        key={column.by}
        type="button"
        aria-pressed={active}
        onClick={() => onSort(nextSort(sort, column.by))}
        className={cn(
          'inline-flex min-w-0 items-center gap-1 rounded px-1 py-0.5 text-xs font-semibold uppercase tracking-wide hover:bg-slate-100',
          active ? 'text-slate-900' : 'text-slate-500',
          className,
        )}
      >
        <span className="sr-only">Sort by </span>
        {column.label}
        {active && <span className="sr-only">{current.order === 'asc' ? ', ascending' : ', descending'}</span>}
        <Icon aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
      </button>
    );
  };
  return (
    <div role="group" aria-label="Sort documents" className={cn(COMPACT_ROW_GRID, 'rounded-t-lg border border-slate-200 bg-slate-50 px-4 py-2')}>
      <div>{cell(COLUMNS[0], '-ml-1')}</div>
      <div>{cell(COLUMNS[1], '-ml-1')}</div>
      <div>{cell(COLUMNS[2], '-ml-1')}</div>
      <div className="text-xs font-semibold uppercase tracking-wide text-slate-500">Status</div>
      <div className="flex justify-end">{cell(COLUMNS[3])}</div>
      <div aria-hidden="true" />
    </div>
  );
}
