import { useQuery } from '@tanstack/react-query';
import { HISTORY_LABELS, type THistoryAction, type THistoryEntry } from '@docket/schemas/history';
import { formatDateTime } from '@/lib/format';
import { Spinner } from '@/components/ui/spinner';

interface HistoryTimelineProps {
  queryKey: readonly unknown[];
  load: () => Promise<THistoryEntry[]>;
  /** Names the list for screen readers, e.g. 'History of INV0001'. */
  label: string;
}

/** A document's append-only history, oldest first, as a vertical timeline. */
export function HistoryTimeline({ queryKey, load, label }: HistoryTimelineProps) {
  const history = useQuery({ queryKey, queryFn: load });
  if (history.isPending) return <Spinner label="Loading history" />;
  if (history.isError) return <p className="text-sm text-red-700">History could not be loaded.</p>;
  return (
    <ol aria-label={label} className="ml-2 border-l border-slate-200 pl-4 text-sm">
      {history.data.map((entry, i) => (
        <li key={`${entry.at}-${i}`} className="relative pb-3 last:pb-0">
          <span aria-hidden="true" className="absolute -left-[1.3rem] top-1.5 h-2 w-2 rounded-full bg-brand-600" />
          <p className="font-medium text-slate-900">{HISTORY_LABELS[entry.action as THistoryAction] ?? entry.action}</p>
          <p className="break-words text-slate-600">{entry.summary}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
            {/* Who did it (issue 32): recorded since accounts have members; older entries and the app's own sweeps name no one. */}
            {entry.by && <span title={entry.by.email}> · by {entry.by.name}</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}
