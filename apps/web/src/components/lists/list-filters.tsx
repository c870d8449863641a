import { Search } from 'lucide-react';
import { useId } from 'react';
import { ZListQuery } from '@docket/schemas/common';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';

/** The API refuses longer searches with a 400; the box stops at the same length. */
const SEARCH_MAX_LENGTH = ZListQuery.shape.q.unwrap().maxLength ?? undefined;

const statusLabel = (status: string) => status.charAt(0) + status.slice(1).toLowerCase();

interface ListFiltersProps {
  search: string;
  onSearchChange: (value: string) => void;
  /** Says what the search matches, e.g. 'Name or email'. */
  searchPlaceholder?: string;
  /** When given, a 'Status' select with 'All statuses' and these values. */
  statuses?: readonly string[];
  status?: string;
  onStatusChange?: (value: string) => void;
}

/** The search box (and status filter) above a paged list. */
export function ListFilters({ search, onSearchChange, searchPlaceholder, statuses, status = '', onStatusChange }: ListFiltersProps) {
  const id = useId();
  return (
    <div role="search" className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1">
        <Label htmlFor={`${id}-search`}>Search</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <Input
            id={`${id}-search`}
            type="search"
            autoComplete="off"
            maxLength={SEARCH_MAX_LENGTH}
            placeholder={searchPlaceholder}
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            className="h-10 pl-9"
          />
        </div>
      </div>
      {statuses && (
        <div className="sm:w-48">
          <Label htmlFor={`${id}-status`}>Status</Label>
          <Select id={`${id}-status`} className="h-10" value={status} onChange={(e) => onStatusChange?.(e.target.value)}>
            <option value="">All statuses</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </Select>
        </div>
      )}
    </div>
  );
}
