import type { TDocumentFigures, TFigureRow } from '@docket/schemas/document-figures';
import { cn } from '@/lib/cn';

function Row({ row, strong, muted, className }: { row: TFigureRow; strong?: boolean; muted?: boolean; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1', strong && 'font-semibold text-slate-900', muted && 'text-slate-600', className)}>
      <dt className={cn(!strong && 'text-slate-600')}>{row.label}</dt>
      <dd className="whitespace-nowrap tabular-nums">{row.text}</dd>
    </div>
  );
}

/**
 * The rows under a document's lines, from the one figure model (@docket/schemas/document-figures):
 * the same labels and amounts as its PDF, its client link and its email.
 */
export function DocumentFiguresView({ figures }: { figures: TDocumentFigures }) {
  const f = figures;
  return (
    <div className="ml-auto w-full max-w-md text-sm" data-testid="document-figures">
      <dl>
        <Row row={f.subtotal} />
        {f.vatRows.map((r) => (
          <Row key={r.label} row={r} />
        ))}
        <Row row={f.total} strong={f.afterTotal.length === 0 && f.balance.length === 0} className="border-t border-slate-200" />
        {f.afterTotal.map((r, i) => (
          <Row key={r.label} row={r} strong={i === f.afterTotal.length - 1 && f.balance.length === 0} />
        ))}
        {f.balance.map((r, i) => (
          <Row key={`${r.label}-${i}`} row={r} />
        ))}
        {f.due && <Row row={f.due} strong className="mt-1 rounded-md bg-slate-50 px-2" />}
      </dl>
      {f.outside.length > 0 && (
        <div className="mt-3 rounded-md border border-slate-200 p-2">
          <p className="text-xs font-medium text-slate-700">{f.outsideHeading}</p>
          <dl className="text-xs">
            {f.outside.map((r) => (
              <Row key={r.label} row={r} muted />
            ))}
          </dl>
          {f.legend && <p className="mt-1 text-xs text-slate-600">{f.legend}</p>}
        </div>
      )}
    </div>
  );
}
